import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { profileFixture, userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { AUTH_REQUIRED, json, makeApp, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const KEY = '5d1c2b3a-4e5f-4a6b-9c8d-7e6f5a4b3c2d';
const nl = (req: Recorded) => req.headers['accept-language'] === 'nl';

/** A visitor's backend: notices are received (202 with a reference) unless the address's limit is spent (429). */
const visitorBackend = () =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) => json(res, 403, AUTH_REQUIRED),
    '/api/notice.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { content_url?: string };
      if (body.content_url === 'https://site.test/members/429')
        return json(res, 429, {
          error: { code: 'too_many_requests', message: nl(req) ? 'Te veel verzoeken, probeer het later opnieuw.' : 'Too many requests.' },
        });
      return json(res, 202, { reference: 'N-000045' });
    },
  });

const post = (target: string, fields: Record<string, string>, cookie = '') =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .type('form')
    .send(new URLSearchParams(fields).toString());

const notice = {
  name: ' Anna Visser ',
  email: 'anna@example.test',
  url: 'https://site.test/members/42',
  explanation: 'This profile sells stolen goods.',
  good_faith: 'on',
  idempotency_key: KEY,
};

describe('the notice form posted without JavaScript', () => {
  it('When a visitor posts a complete notice, then it is sent once with the form’s key and the page answers 303 to its reference', async () => {
    standIn = await visitorBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/report-content', notice);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/report-content?sent=N-000045');
    const sent = standIn.hits('/api/notice.php');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      name: 'Anna Visser',
      email: 'anna@example.test',
      content_url: 'https://site.test/members/42',
      explanation: 'This profile sells stolen goods.',
      good_faith: true,
    });
    const page = await request(app)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', 'locale=nl');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bedankt. We hebben je melding N-000045 ontvangen.');
  });

  it('When the good-faith box is not ticked or the explanation is short, then nothing is sent and the page comes again in Dutch with the fields kept and marked', async () => {
    standIn = await visitorBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/report-content', { ...notice, good_faith: '', explanation: 'Illegal' }, 'locale=nl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Vul de gemarkeerde velden in.');
    expect(res.text).toContain('value="https://site.test/members/42"');
    expect(res.text).toContain('>Illegal</textarea>');
    expect(res.text).toMatch(/name="good_faith"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="good_faith"/);
    expect(res.text).toContain(`value="${KEY}"`);
    expect(standIn.hits('/api/notice.php')).toHaveLength(0);
  });

  it('When the backend refuses the notice, then the page comes again with its reason in the visitor’s language, never JSON nor a 500', async () => {
    standIn = await visitorBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/report-content', { ...notice, url: 'https://site.test/members/429' }, 'locale=nl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Te veel verzoeken, probeer het later opnieuw.');
    expect(res.text).toContain('value="anna@example.test"');
  });
});

const TOKEN = 'ab12cd34ef56ab12ab12cd34ef56ab12';

const quote = {
  items: [
    {
      payment_id: 7,
      credits: 80,
      credits_bought: 100,
      amount_minor: 1199,
      paid_minor: 1499,
      currency: 'EUR',
      method: 'creditcard',
      method_name: 'Credit card',
      refundable: true,
      refundable_until: '2030-12-20T12:00:00Z',
    },
  ],
  credits: 80,
  totals: [{ currency: 'EUR', amount_minor: 1199 }],
};
const noExport = { status: 'none', requested_at: null, ready_at: null, expires_at: null, next_request_at: null, download_path: null };

/** A suspended member's backend: his statement 12 (read with its token), and the appeal against it. */
const appealBackend = () => {
  let appealed = false;
  return startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) => json(res, 403, AUTH_REQUIRED),
    '/api/statement.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, {
        id: 12,
        action: 'suspend',
        content: null,
        days: 7,
        until: '2030-11-30T12:00:00Z',
        facts: 'Insulted another member.',
        rule: 'harassment_hate',
        source: 'report',
        automated: false,
        created_at: '2030-11-23T12:00:00Z',
        reversed_at: null,
        appeal_until: '2031-05-23T12:00:00Z',
        appeal: appealed ? { id: 3, status: 'open' } : null,
        redress: ['internal_appeal', 'out_of_court_settlement', 'court'],
      }),
    '/api/appeal.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { text?: string };
      if (body.text === 'Again')
        return json(res, 409, {
          error: { code: 'appeal_exists', message: nl(req) ? 'Je hebt al bezwaar gemaakt tegen deze beslissing.' : 'Already appealed.' },
        });
      appealed = true;
      return json(res, 201, { id: 3, status: 'open' });
    },
    '/api/refund.php': (req: Recorded, res: ServerResponse) => {
      if (req.method === 'GET') return json(res, 200, quote);
      const body = JSON.parse(req.body || '{}') as { payment_id?: number };
      if (body.payment_id !== 7)
        return json(res, 422, {
          error: { code: 'nothing_to_refund', message: nl(req) ? 'Er is niets om terug te betalen.' : 'Nothing to refund.' },
        });
      return json(res, 200, { refund_id: 4, status: 'pending', credits: 80, amount_minor: 1199, currency: 'EUR', balance: 0 });
    },
    '/api/data-export.php': (req: Recorded, res: ServerResponse) =>
      json(res, req.method === 'GET' ? 200 : 202, req.method === 'GET' ? noExport : { ...noExport, status: 'pending' }),
  });
};

describe('the appeal form posted without JavaScript', () => {
  it('When a suspended member posts his appeal with the statement’s token, then it is filed once with the form’s key and the page answers 303 back to the statement, which shows it', async () => {
    standIn = await appealBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(`/safety/statements/12?token=${TOKEN}`, { text: ' I did not insult anyone. ', idempotency_key: KEY });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/safety/statements/12?token=${TOKEN}`);
    const filed = standIn.hits('/api/appeal.php');
    expect(filed).toHaveLength(1);
    expect(filed[0]!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(filed[0]!.body)).toEqual({ decision: 12, text: 'I did not insult anyone.', token: TOKEN });
    const page = await request(app)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', 'locale=nl');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('name="text"');
    expect(page.text).toContain('Je bezwaar wordt beoordeeld door een andere moderator.');
  });

  it('When the appeal is empty or refused, then the statement comes again with the reason in Dutch and the text kept, never JSON nor a 500', async () => {
    standIn = await appealBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const empty = await post(`/safety/statements/12?token=${TOKEN}`, { text: '  ', idempotency_key: KEY }, 'locale=nl');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Leg uit waarom de beslissing niet klopt.');
    expect(standIn.hits('/api/appeal.php')).toHaveLength(0);
    const refused = await post(`/safety/statements/12?token=${TOKEN}`, { text: 'Again', idempotency_key: KEY }, 'locale=nl');
    expect(refused.status).toBe(200);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain('Je hebt al bezwaar gemaakt tegen deze beslissing.');
    expect(refused.text).toContain('>Again</textarea>');
    expect(refused.text).toContain(`value="${KEY}"`);
  });
});

/** The suspended member's backend (his statement 12, a refundable purchase, order 7, and no data export yet). */
const suspendedBackend = appealBackend;

describe('what a suspended member can still do on his statement, without JavaScript', () => {
  it('When he opens the statement with its token, then his refundable purchase and "Download my data" are shown in Dutch, loaded with the token in one wave', async () => {
    standIn = await suspendedBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get(`/safety/statements/12?token=${TOKEN}`).set('Host', 'site.test').set('Cookie', 'locale=nl');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Zolang je account is geschorst');
    expect(page.text).toContain('Ongebruikte credits terugbetalen');
    expect(page.text).toContain(`/safety/statements/12?token=${TOKEN}&amp;refund=7`);
    expect(page.text).toContain('name="intent" value="export"');
    for (const path of ['/api/refund.php', '/api/data-export.php']) {
      const [hit] = standIn.hits(path);
      expect(new URL(hit!.url, 'http://x').searchParams.get('token')).toBe(TOKEN);
      expect(new URL(hit!.url, 'http://x').searchParams.get('statement')).toBe('12');
    }
  });

  it('When he confirms the refund, then it is asked once with the form’s key and the token, and the page answers 303 back to the statement saying so', async () => {
    standIn = await suspendedBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const ask = await request(app).get(`/safety/statements/12?token=${TOKEN}&refund=7`).set('Host', 'site.test').set('Cookie', 'locale=nl');
    expect(ask.text).toMatch(/<h3 class="h6">€\s11,99 terugbetalen voor 80 ongebruikte credits\?<\/h3>/);
    const res = await post(`/safety/statements/12?token=${TOKEN}`, { intent: 'refund', payment_id: '7', idempotency_key: KEY });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/safety/statements/12?token=${TOKEN}&refunded=7`);
    const asked = standIn.hits('/api/refund.php').filter((r) => r.method === 'POST');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(asked[0]!.body)).toEqual({ payment_id: 7, statement: 12, token: TOKEN });
    const back = await request(app)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', 'locale=nl');
    expect(back.text).toContain('Je terugbetaling wordt verwerkt; de credits zijn van je saldo afgeschreven.');
  });

  it('When the refund is refused, then the statement comes again with the reason in Dutch, never JSON nor a 500', async () => {
    standIn = await suspendedBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      `/safety/statements/12?token=${TOKEN}`,
      { intent: 'refund', payment_id: '8', idempotency_key: KEY },
      'locale=nl',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Er is niets om terug te betalen.');
    expect(standIn.hits('/api/refund.php').filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('When he asks for his data, then it is asked once with the token and the page answers 303 back to the statement', async () => {
    standIn = await suspendedBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(`/safety/statements/12?token=${TOKEN}`, { intent: 'export', idempotency_key: KEY });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/safety/statements/12?token=${TOKEN}`);
    const asked = standIn.hits('/api/data-export.php').filter((r) => r.method === 'POST');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(asked[0]!.body)).toEqual({ statement: 12, token: TOKEN });
    expect(standIn.hits('/api/appeal.php')).toHaveLength(0);
  });
});

const detail = {
  ...profileFixture({ id: 42, name: 'Mark' }),
  about: '',
  images: [],
  interests: [],
  attributes: { gender: 'male' },
  last_active: null,
};

/** A member's backend: Mark's profile 42, and reports about him (refused in the member's language past the limit). */
const memberBackend = () =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/profile.php': (_req: Recorded, res: ServerResponse) => json(res, 200, { profile: detail }),
    '/api/report.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { reason?: string; also_block?: boolean };
      if (body.reason === 'other')
        return json(res, 429, {
          error: { code: 'too_many_requests', message: nl(req) ? 'Te veel verzoeken, probeer het later opnieuw.' : 'Too many requests.' },
        });
      return json(res, 201, { id: 123, reference: 'R-000123', status: 'open', blocked: body.also_block === true });
    },
  });

describe('the report page posted without JavaScript', () => {
  it('When a member posts a report about a message from the page, then it is filed once with the form’s key and the page answers 303 to its reference', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/members/42/report?message=7',
      { reason: 'harassment_hate', details: ' Insults ', idempotency_key: KEY },
      'auth=0123456789abcdef',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members/42/report?message=7&sent=R-000123');
    const filed = standIn.hits('/api/report.php');
    expect(filed).toHaveLength(1);
    expect(filed[0]!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(filed[0]!.body)).toEqual({
      target: { kind: 'message', id: 7 },
      reason: 'harassment_hate',
      also_block: false,
      details: 'Insults',
    });
    const page = await request(app)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', 'auth=0123456789abcdef; locale=nl');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bedankt. We hebben je melding R-000123 ontvangen.');
  });

  it('When the report also blocks the member, then the page answers 303 to the search with the report’s reference', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/members/42/report',
      { reason: 'fake_scam_spam', also_block: 'on', idempotency_key: KEY },
      'auth=0123456789abcdef',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members?blocked=1&reported=R-000123');
    expect(JSON.parse(standIn.hits('/api/report.php')[0]!.body)).toEqual({
      target: { kind: 'profile', id: 42 },
      reason: 'fake_scam_spam',
      also_block: true,
    });
  });

  it('When the reason is missing, illegal content has no details, or the backend refuses, then the page comes again in Dutch with the fields kept and nothing is filed twice', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const cookie = 'auth=0123456789abcdef; locale=nl';
    const noReason = await post('/members/42/report', { details: 'Look at him', idempotency_key: KEY }, cookie);
    expect(noReason.status).toBe(200);
    expect(noReason.text).toContain('Kies een reden.');
    expect(noReason.text).toContain('>Look at him</textarea>');
    const noDetails = await post('/members/42/report', { reason: 'illegal', idempotency_key: KEY }, cookie);
    expect(noDetails.status).toBe(200);
    expect(noDetails.text).toContain('Leg uit waarom de inhoud illegaal is.');
    expect(noDetails.text).toMatch(/value="illegal"[^>]*checked=""|checked=""[^>]*value="illegal"/);
    expect(standIn.hits('/api/report.php')).toHaveLength(0);
    const refused = await post('/members/42/report', { reason: 'other', also_block: 'on', idempotency_key: KEY }, cookie);
    expect(refused.status).toBe(200);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain('Te veel verzoeken, probeer het later opnieuw.');
    expect(refused.text).toMatch(/name="also_block"[^>]*checked=""|checked=""[^>]*name="also_block"/);
    expect(refused.text).toContain(`value="${KEY}"`);
  });

  it('When the profile’s report menu is rendered, then its item links to the report page (it works without JavaScript)', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get('/members/42').set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/members/42/report"');
  });
});

describe('"Download my data" in the settings without JavaScript', () => {
  it('When the member asks for his data, then it is asked once with the form’s key and the page answers 303 to the settings; asked again the same day, the settings come again with the reason in Dutch', async () => {
    let asked = 0;
    standIn = await startStandIn({
      '/api/user.php': (_req: Recorded, res: ServerResponse) =>
        json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
      '/api/data-export.php': (req: Recorded, res: ServerResponse) => {
        if (req.method === 'GET') return json(res, 200, noExport);
        asked += 1;
        if (asked > 1)
          return json(res, 429, {
            error: {
              code: 'data_export_daily',
              message: nl(req) ? 'Je kunt je gegevens één keer per dag opvragen.' : 'Once a day.',
              params: { next: '2030-11-25T10:00:00Z' },
            },
          });
        return json(res, 202, { ...noExport, status: 'pending' });
      },
    });
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get('/settings').set('Host', 'site.test').set('Cookie', 'auth=0123456789abcdef');
    expect(page.text).toMatch(/<form action="\/settings" method="post"><input type="hidden" name="intent" value="export"\/>/);
    const res = await post('/settings', { intent: 'export', idempotency_key: KEY }, 'auth=0123456789abcdef');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings');
    const [first] = standIn.hits('/api/data-export.php').filter((r) => r.method === 'POST');
    expect(first!.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(first!.body)).toEqual({});
    const again = await post('/settings', { intent: 'export', idempotency_key: KEY }, 'auth=0123456789abcdef; locale=nl');
    expect(again.status).toBe(200);
    expect(again.text).toContain('Je kunt je gegevens één keer per dag opvragen.');
  });
});
