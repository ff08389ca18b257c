import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { json, makeApp, startStandIn, type Recorded, type StandIn } from './helpers';

/**
 * The sexual health page without JavaScript: the consent screen's form, the consent posted, the values posted and a
 * refusal shown again in Dutch with the fields as sent, the withdrawal's confirmation and the withdrawal itself.
 */

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const SESSION = 'auth=0123456789abcdef';
const NONE = {
  consented: false,
  consent_at: null,
  hiv_status: null,
  on_prep: null,
  last_test: null,
  visibility: 'nobody',
  reminder: 'off',
  reminder_channel: 'mail',
  next_reminder_at: null,
};

/** A backend whose member has (or has not) consented; a test date in 2099 is refused in the member's language. */
const backend = (consented: boolean) => {
  let state: Record<string, unknown> = consented
    ? { ...NONE, consented: true, consent_at: '2026-05-01T10:00:00.000Z', hiv_status: 'negative' }
    : NONE;
  return startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/sexual-health.php': (req: Recorded, res: ServerResponse) => {
      const nl = req.headers['accept-language'] === 'nl';
      if (req.method === 'DELETE') {
        state = NONE;
        return json(res, 200, state);
      }
      if (req.method === 'PUT') {
        const body = JSON.parse(req.body || '{}') as Record<string, unknown>;
        if (!state.consented && body.consent !== true)
          return json(res, 409, {
            error: {
              code: 'sexual_health_consent_required',
              message: nl ? 'Bevestig eerst dat je ermee instemt.' : 'Please confirm first that you agree.',
            },
          });
        if (body.last_test === '2099-01-01')
          return json(res, 422, {
            error: {
              code: 'invalid_value',
              message: nl ? 'Deze waarde wordt niet geaccepteerd.' : 'Not accepted.',
              params: { field: 'last_test' },
            },
          });
        const { consent: _consent, ...values } = body;
        state = { ...state, ...values, consented: true, consent_at: '2026-05-01T10:00:00.000Z' };
        return json(res, 200, state);
      }
      return json(res, 200, state);
    },
  });
};

const formTo = (html: string, action: string): string =>
  html.match(/<form\b[^>]*>/g)?.find((tag) => tag.includes(`action="${action}"`)) ?? '';

const page = (path: string, cookie = SESSION) =>
  request(app!).get(path).set('Host', 'site.test').set('Accept', 'text/html').set('Cookie', cookie);
const post = (fields: URLSearchParams | Record<string, string>, cookie = SESSION) =>
  request(app!)
    .post('/sexual-health')
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'null')
    .set('Cookie', cookie)
    .type('form')
    .send(new URLSearchParams(fields).toString());
const puts = () => standIn!.hits('/api/sexual-health.php').filter((r) => r.method === 'PUT');

describe('sexual health without JavaScript', () => {
  it('When he has not consented, then the page is the consent screen whose form posts to the page; posted with the box ticked, the consent is stored and the page answers 303', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await page('/sexual-health');
    expect(res.status).toBe(200);
    expect(formTo(res.text, '/sexual-health')).toContain('method="post"');
    expect(res.text).toContain('I agree that the site stores my sexual health details');
    expect(res.text).not.toContain('name="hiv_status"');

    const unticked = await post({ intent: 'consent' }, `${SESSION}; locale=nl`);
    expect(unticked.status).toBe(200);
    expect(unticked.text).toContain('Bevestig eerst dat je ermee instemt.');

    const given = await post({ intent: 'consent', consent: 'yes' });
    expect(given.status).toBe(303);
    expect(given.headers.location).toBe('/sexual-health');
    expect(JSON.parse(puts().at(-1)!.body)).toEqual({ consent: true });
    const form = await page('/sexual-health');
    expect(form.text).toContain('name="hiv_status"');
  });

  it('When the values are posted, then they are saved as the contract wants them and the page answers 303 saying so; a refused date comes again in Dutch with the fields as sent', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const fields = {
      intent: 'save',
      hiv_status: 'positive_undetectable',
      on_prep: 'no',
      last_test: '2026-04-20',
      visibility: 'matches',
      reminder: '6_months',
      reminder_channel: 'push',
    };
    const res = await post(fields);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sexual-health?saved=1');
    expect(JSON.parse(puts().at(-1)!.body)).toEqual({
      hiv_status: 'positive_undetectable',
      on_prep: false,
      last_test: '2026-04-20',
      visibility: 'matches',
      reminder: '6_months',
      reminder_channel: 'push',
    });
    const saved = await page('/sexual-health?saved=1');
    expect(saved.text).toContain('Your sexual health details have been saved.');

    const cleared = await post({ ...fields, hiv_status: '', on_prep: '', last_test: '' });
    expect(cleared.status).toBe(303);
    expect(JSON.parse(puts().at(-1)!.body)).toMatchObject({ hiv_status: null, on_prep: null, last_test: null });

    const refused = await post({ ...fields, last_test: '2099-01-01' }, `${SESSION}; locale=nl`);
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Deze waarde wordt niet geaccepteerd.');
    expect(refused.text).toContain('value="2099-01-01"');
    expect(refused.text).toMatch(/aria-invalid="true"[^>]*name="last_test"|name="last_test"[^>]*aria-invalid="true"/);
  });

  it('When he asks to withdraw, then the page asks once more with a form; posted, everything is deleted and the page answers 303 saying so', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const first = await page('/sexual-health');
    expect(first.text).toContain('href="/sexual-health?withdraw=1"');
    const confirm = await page('/sexual-health?withdraw=1');
    expect(confirm.text).toContain('Are you sure?');
    expect(confirm.text).toContain('value="withdraw"');

    const res = await post({ intent: 'withdraw' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sexual-health?withdrawn=1');
    expect(standIn.hits('/api/sexual-health.php').filter((r) => r.method === 'DELETE')).toHaveLength(1);
    const after = await page('/sexual-health?withdrawn=1');
    expect(after.text).toContain('Your consent is withdrawn and your sexual health details have been deleted.');
    expect(after.text).toContain('I agree that the site stores my sexual health details');
  });
});
