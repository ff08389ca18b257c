import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { profileFixture, userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { AUTH_REQUIRED, json, makeApp, setCookies, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

/** A backend whose login takes jan@example.test with the password "secret" and sets its auth cookie. */
const backend = () =>
  startStandIn({
    '/api/user.php': (req: Recorded, res: ServerResponse) => {
      if (req.method === 'GET') return json(res, 403, AUTH_REQUIRED);
      const body = JSON.parse(req.body || '{}') as { email?: string; password?: string };
      if (body.email === 'jan@example.test' && body.password === 'secret')
        return json(res, 200, { user: userFixture() }, { 'set-cookie': 'auth=0123456789abcdef; Path=/; HttpOnly' });
      return json(res, 403, { error: { code: 'login_failed', message: 'Login failed' } });
    },
    '/api/logout.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { ok: true }, { 'set-cookie': 'auth=; Path=/; Max-Age=0; HttpOnly' }),
  });

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('forms posted to a page without JavaScript', () => {
  it('When the login form is posted as a plain HTML form, then the server logs in and answers 303 to the members with the auth cookie', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app)
      .post('/login')
      .set('Host', 'site.test')
      .set('Origin', 'http://site.test')
      .set('Accept', 'text/html')
      .type('form')
      .send(form({ email: ' jan@example.test ', password: 'secret' }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members');
    expect(setCookies(res.headers).some((c) => c.startsWith('auth=0123456789abcdef'))).toBe(true);
    expect(standIn.hits('/api/user.php').filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("When the password is wrong, then the login page comes again with the error in the member's language and the address kept, never JSON nor a 500", async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app)
      .post('/login')
      .set('Host', 'site.test')
      .set('Origin', 'http://site.test')
      .set('Cookie', 'locale=nl')
      .type('form')
      .send(form({ email: 'jan@example.test', password: 'wrong' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Login mislukt, probeer opnieuw');
    expect(res.text).toContain('value="jan@example.test"');
    expect(setCookies(res.headers).some((c) => c.startsWith('auth='))).toBe(false);
  });

  it('When another site posts the login form, then nothing is sent to the backend and the visitor is sent on to the page (303)', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const from: Array<Record<string, string>> = [
      { Origin: 'https://evil.test' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Referer: 'https://evil.test/page', 'Sec-Fetch-Site': 'same-site' },
      {},
    ];
    for (const headers of from) {
      const res = await request(app)
        .post('/login')
        .set('Host', 'site.test')
        .set(headers)
        .type('form')
        .send(form({ email: 'jan@example.test', password: 'secret' }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/login');
    }
    expect(standIn.hits('/api/user.php').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('When a browser with Fetch Metadata posts the form from the site itself with Origin null (no-referrer policy), then it is taken', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app)
      .post('/login')
      .set('Host', 'site.test')
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(form({ email: 'jan@example.test', password: 'secret' }));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members');
  });

  it("When the logout button's form is posted, then the server logs out and answers 303 home with the backend's clearing cookie", async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app)
      .post('/logout')
      .set('Host', 'site.test')
      .set('Referer', 'http://site.test/members')
      .set('Cookie', 'auth=0123456789abcdef')
      .type('form')
      .send('');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(standIn.hits('/api/logout.php')).toHaveLength(1);
    expect(setCookies(res.headers).some((c) => /^auth=;/.test(c))).toBe(true);
  });
});

const detail = { ...profileFixture(), about: '', images: [], interests: [], attributes: { gender: 'male' }, last_active: null };
const allowance = {
  message_credits: 2,
  message_length: 1000,
  credits: 0,
  free_messages_left: 0,
  conversations_left: null,
  first_messages_left: null,
  first_messages_per_day: null,
};
const KEY = '0f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';

/** A member's backend: his profile 42, likes, a conversation 5 with Mark and messages (refused in the member's language). */
const memberBackend = () =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/profile.php': (_req: Recorded, res: ServerResponse) => json(res, 200, { profile: detail }),
    '/api/like.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { profile_id?: number };
      if (body.profile_id === 99) {
        const nl = req.headers['accept-language'] === 'nl';
        return json(res, 404, { error: { code: 'not_found', message: nl ? 'Dit profiel bestaat niet.' : 'This profile does not exist.' } });
      }
      return json(res, 200, req.method === 'POST' ? { profile: profileFixture(), match: false } : {});
    },
    '/api/block.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { id?: number };
      if (body.id === 42) return json(res, 200, { ok: true });
      const nl = req.headers['accept-language'] === 'nl';
      return json(res, 404, { error: { code: 'not_found', message: nl ? 'Dit profiel bestaat niet.' : 'This profile does not exist.' } });
    },
    '/api/conversation.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, {
        conversation: 5,
        profile: { ...profileFixture(), last_active: null },
        messages: [],
        older: null,
        partner_read_seq: 0,
        read_seq: 0,
        allowance,
      }),
    '/api/message.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { text?: string };
      if (body.text === 'hallo')
        return json(res, 200, {
          message: {
            id: 1,
            conversation: 5,
            seq: 1,
            sender: 11,
            mine: true,
            kind: 'text',
            text: 'hallo',
            gift: null,
            photo: null,
            created_at: '2026-01-01T00:00:00Z',
            held: false,
          },
          allowance,
        });
      const nl = req.headers['accept-language'] === 'nl';
      return json(res, 422, { error: { code: 'message_empty', message: nl ? 'Schrijf eerst een bericht.' : 'Write a message first.' } });
    },
  });

const post = (target: string, fields: Record<string, string>, cookie = 'auth=0123456789abcdef') =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'null')
    .set('Cookie', cookie)
    .type('form')
    .send(form(fields));

describe('the like heart and the chat composer posted without JavaScript', () => {
  it('When the like heart is posted to a profile, then the backend likes him and the page answers 303 back to where it was sent from', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/members/42', { intent: 'like', profile_id: '42', return: '/members?gender=male' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members?gender=male');
    const likes = standIn.hits('/api/like.php');
    expect(likes.map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { profile_id: 42 }]]);

    const unlike = await post('/members/42', { intent: 'unlike', return: 'https://evil.test/' });
    expect(unlike.status).toBe(303);
    expect(unlike.headers.location).toBe('/members/42');
    expect(standIn.hits('/api/like.php').at(-1)?.method).toBe('DELETE');
  });

  it("When the backend refuses the like, then the profile comes again with its message in the member's language (Dutch), never JSON nor a 500", async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/members/99', { intent: 'like' }, 'auth=0123456789abcdef; locale=nl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Dit profiel bestaat niet.');
  });

  it('When the block form is posted, then the member is blocked and the page answers 303 to the search; a refusal comes back in Dutch', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/members/42', { intent: 'block' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members?blocked=1');
    expect(JSON.parse(standIn.hits('/api/block.php')[0]!.body)).toEqual({ id: 42 });
    const refused = await post('/members/99', { intent: 'block' }, 'auth=0123456789abcdef; locale=nl');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Dit profiel bestaat niet.');
  });

  it('When the composer is posted, then the message goes out with the form’s Idempotency-Key and the page answers 303 to the conversation', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/members/42/chat', { text: ' hallo ', profile_id: '42', idempotency_key: KEY });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/chats/5#chat-latest');
    const sent = standIn.hits('/api/message.php');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ profile_id: 42, text: 'hallo' });
    expect(sent[0]!.headers['idempotency-key']).toBe(KEY);
  });

  it('When the backend refuses the message, then the conversation comes again with its message in Dutch, the text and the same key kept', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/chats/5', { text: '   ', profile_id: '42', idempotency_key: KEY }, 'auth=0123456789abcdef; locale=nl');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Schrijf eerst een bericht.');
    expect(res.text).toContain(`value="${KEY}"`);
  });

  it('When another site posts to a parameterised page, then nothing reaches the backend and the visitor is sent on to the page (303)', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    for (const target of ['/members/42', '/chats/5']) {
      const res = await request(app)
        .post(target)
        .set('Host', 'site.test')
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Cookie', 'auth=0123456789abcdef')
        .type('form')
        .send(form({ intent: 'like', text: 'hallo', profile_id: '42' }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(target);
    }
    expect(standIn.hits('/api/like.php')).toEqual([]);
    expect(standIn.hits('/api/message.php')).toEqual([]);
  });

  it('When a form is posted to a page without an action, then no page renders it (the BFF passes it on)', async () => {
    standIn = await memberBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/pricing', { anything: '1' });
    expect(res.status).not.toBe(200);
    expect(res.status).toBeLessThan(500);
  });
});

/** A member's backend for the account forms: each refuses a bad input with its field, in the member's language. */
const accountBackend = () =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/password.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { old_password?: string; password?: string; password_repeat?: string };
      if (body.old_password !== 'secret')
        return json(res, 422, {
          error: {
            code: 'password_wrong',
            message: req.headers['accept-language'] === 'nl' ? 'Je huidige wachtwoord klopt niet.' : 'Wrong password.',
            params: { field: 'old_password' },
          },
        });
      return json(res, 200, { ok: true });
    },
    '/api/mail-change.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { email?: string };
      if (!body.email?.includes('@'))
        return json(res, 422, {
          error: {
            code: 'email_invalid',
            message: req.headers['accept-language'] === 'nl' ? 'Dit e-mailadres is ongeldig.' : 'Invalid address.',
            params: { field: 'email' },
          },
        });
      return json(res, 200, { ok: true });
    },
    '/api/notifications.php': (req: Recorded, res: ServerResponse) => {
      if (req.method === 'GET') return json(res, 200, { mail: { messages: true, likes: true, matches: true, news: true }, disabled: [] });
      return json(res, 200, { mail: (JSON.parse(req.body) as { mail: unknown }).mail, disabled: [] });
    },
    '/api/account.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { password?: string };
      if (body.password !== 'secret')
        return json(res, 422, {
          error: {
            code: 'password_wrong',
            message: req.headers['accept-language'] === 'nl' ? 'Je huidige wachtwoord klopt niet.' : 'Wrong password.',
            params: { field: 'password' },
          },
        });
      return json(res, 200, { ok: true }, { 'set-cookie': 'auth=; Path=/; Max-Age=0; HttpOnly' });
    },
    '/api/complaints.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { message?: string };
      if ((body.message ?? '').length < 10) return json(res, 400, { error: { code: 'bad_request', message: 'Invalid request' } });
      return json(res, 201, { reference: 'C-2026-0001' });
    },
    '/api/reset-password.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { email?: string };
      if (!body.email?.includes('@'))
        return json(res, 422, {
          error: {
            code: 'email_invalid',
            message: req.headers['accept-language'] === 'nl' ? 'Dit e-mailadres is ongeldig.' : 'Invalid address.',
            params: { field: 'email' },
          },
        });
      return json(res, 200, { ok: true });
    },
  });

describe('the account forms posted without JavaScript', () => {
  it('When the password change is posted, then the backend changes it and the page answers 303 to the settings saying so', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/settings', {
      intent: 'password',
      old_password: 'secret',
      password: 'new-secret-1',
      password_repeat: 'new-secret-1',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings?done=password');
    expect(JSON.parse(standIn.hits('/api/password.php')[0]!.body)).toEqual({
      old_password: 'secret',
      password: 'new-secret-1',
      password_repeat: 'new-secret-1',
    });
  });

  it('When the current password is wrong, then the settings come again with the error beside its field in Dutch and no password in the page', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/settings',
      { intent: 'password', old_password: 'guess-me', password: 'new-secret-1', password_repeat: 'new-secret-1' },
      'auth=0123456789abcdef; locale=nl',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Je huidige wachtwoord klopt niet.');
    expect(res.text).toMatch(/name="old_password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="old_password"/);
    expect(res.text).not.toContain('guess-me');
    expect(res.text).not.toContain('new-secret-1');
  });

  it('When the e-mail change is posted, then the link is asked for (303, the address shown); a bad address comes back in Dutch with the address kept', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/settings', { intent: 'email', email: ' new@example.test ', password: 'secret' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings?done=email&email=new%40example.test');
    const refused = await post(
      '/settings',
      { intent: 'email', email: 'not-an-address', password: 'secret' },
      'auth=0123456789abcdef; locale=nl',
    );
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Dit e-mailadres is ongeldig.');
    expect(refused.text).toContain('value="not-an-address"');
  });

  it('When the deletion is posted, then the account is deleted with its reasons, the session cookie cleared and the page answers 303; a wrong password comes back in Dutch with the reasons kept', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const fields = new URLSearchParams([
      ['intent', 'delete'],
      ['reasons', 'privacy'],
      ['reasons', 'made_up'],
      ['reasons', 'other'],
      ['comment', ' Bye '],
      ['password', 'secret'],
    ]);
    const res = await request(app)
      .post('/settings')
      .set('Host', 'site.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', 'auth=0123456789abcdef')
      .type('form')
      .send(fields.toString());
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account-deleted');
    expect(setCookies(res.headers).some((c) => /^auth=;/.test(c))).toBe(true);
    expect(JSON.parse(standIn.hits('/api/account.php')[0]!.body)).toEqual({
      password: 'secret',
      reasons: ['privacy', 'other'],
      comment: 'Bye',
    });

    fields.set('password', 'wrong');
    const refused = await request(app)
      .post('/settings')
      .set('Host', 'site.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', 'auth=0123456789abcdef; locale=nl')
      .type('form')
      .send(fields.toString());
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Je huidige wachtwoord klopt niet.');
    expect(refused.text).toMatch(/id="delete-reason-privacy"[^>]*checked=""|checked=""[^>]*id="delete-reason-privacy"/);
  });

  it('When a complaint is posted, then it is filed once with the form’s key (303 to its reference); a bad one comes back in Dutch with the fields kept', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const fields = {
      name: 'Jan',
      email: 'jan@example.test',
      category: 'conduct',
      message: 'He keeps writing to me.',
      idempotency_key: KEY,
    };
    const res = await post('/complaints?profile=42', fields);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/complaints?filed=C-2026-0001');
    const filed = standIn.hits('/api/complaints.php')[0]!;
    expect(filed.headers['idempotency-key']).toBe(KEY);
    expect(JSON.parse(filed.body)).toEqual({
      name: 'Jan',
      email: 'jan@example.test',
      category: 'conduct',
      message: 'He keeps writing to me.',
      profile_id: 42,
    });

    const refused = await post('/complaints', { ...fields, message: 'Too short' }, 'locale=nl');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Controleer je naam, e-mailadres en bericht.');
    expect(refused.text).toContain('Too short');
    expect(refused.text).toContain(`value="${KEY}"`);
  });

  it('When the notification switches are posted, then every kind is saved as sent (a switch left off is off) and the page answers 303', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/notifications', { mail_messages: 'on', mail_matches: 'on' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/notifications?saved=1');
    const saved = standIn.hits('/api/notifications.php').filter((r) => r.method === 'PUT');
    expect(JSON.parse(saved[0]!.body)).toEqual({ mail: { messages: true, likes: false, matches: true, news: false } });
  });

  it('When a visitor asks for a reset link, then it is asked for and the page answers 303; a bad address comes back in Dutch', async () => {
    standIn = await accountBackend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/reset-password', { email: 'jan@example.test' }, '');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/reset-password?sent=jan%40example.test');
    const refused = await post('/reset-password', { email: 'jan' }, 'locale=nl');
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Dit e-mailadres is ongeldig.');
  });
});
