import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { freePort } from '../e2e/support/server';
import { fakeRenderer, makeApp, setCookies } from './helpers';

/**
 * The BFF in front of a PHP service (tests/fixtures/php-backend/router.php run by `php -S`): the same proxy
 * path as for the TypeScript backend, PHP's own PHPSESSID session, and a call outside our contract.
 */
// router.php plus an event stream that answers 403 authentication_required to a session that is not logged in.
const ROUTER = fileURLToPath(new URL('../fixtures/php-backend/with-event-stream.php', import.meta.url));
const hasPhp = spawnSync('php', ['-v'], { stdio: 'ignore' }).status === 0;
const runHere = hasPhp || Boolean(process.env.CI);
if (!runHere) {
  console.warn('tests/bff/php-backend.test.ts skipped: the `php` CLI is not installed (apt-get install php-cli); in CI it must run.');
}

const DEMO = { email: 'premium@demo.test', password: 'demo-password' };

function sessionCookie(headers: Record<string, unknown>): string {
  const found = setCookies(headers).find((c) => c.startsWith('PHPSESSID='));
  if (!found) throw new Error('no PHPSESSID cookie');
  return found.split(';')[0]!;
}

describe.skipIf(!runHere)('BFF in front of the PHP stand-in backend', () => {
  let php: ChildProcess | undefined;
  let backendUrl = '';
  let app: BffApp;
  const fake = fakeRenderer({ callUser: true });
  // PHP's session files, one per session it starts.
  const sessionDir = mkdtempSync(path.join(tmpdir(), 'php-sessions-'));
  const sessions = () => readdirSync(sessionDir).filter((f) => f.startsWith('sess_')).length;

  beforeAll(async () => {
    if (!hasPhp) throw new Error('CI is set but the `php` CLI is missing: install php-cli so the PHP stand-in test can run');
    const port = await freePort();
    backendUrl = `http://127.0.0.1:${port}`;
    php = spawn('php', ['-d', `session.save_path=${sessionDir}`, '-S', `127.0.0.1:${port}`, ROUTER], { stdio: 'ignore' });
    const started = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${backendUrl}/api/settings.php`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 15_000) throw new Error(`php -S did not start on ${backendUrl}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    app = makeApp(backendUrl, { render: fake.render });
  });

  afterAll(() => {
    app?.dispose();
    php?.kill('SIGTERM');
  });

  it('When a page is requested, then the PHP settings come through and domain_language nl sets the locale', async () => {
    const res = await request(app).get('/?country=BE').set('Host', 'php-site.test:3000');
    expect(res.status).toBe(200);
    const call = fake.calls.at(-1)!;
    expect(call.settings.name).toBe('PHP Gay Dating');
    expect(call.settings.domain).toBe('php-site.test');
    expect(call.settings.geoip_selected_country).toBe('BE');
    expect(call.locale).toBe('nl');
    expect(setCookies(res.headers)).toContain('locale=nl; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('When logged out, then GET user.php is 403 authentication_required and a stale auth cookie is cleared (none is sent to a visitor without one)', async () => {
    const res = await request(app).get('/api/user.php').set('Cookie', 'auth=stale');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
    expect(setCookies(res.headers).some((c) => c.startsWith('auth=;'))).toBe(true);
    const anonymous = await request(app).get('/api/user.php');
    expect(anonymous.status).toBe(403);
    expect(setCookies(anonymous.headers).some((c) => c.startsWith('auth='))).toBe(false);
  });

  it('When PHPSESSID is the auth cookie and an anonymous page makes parallel calls, then the page starts one PHP session and sends one PHPSESSID, never a clearing one', async () => {
    const render = fakeRenderer().render;
    const phpAuth = makeApp(backendUrl, {
      env: { AUTH_COOKIE_NAME: 'PHPSESSID' },
      render: async (req, res) => {
        await Promise.all([req.api.GET('/user.php'), req.api.GET('/chats.php'), req.api.GET('/likes.php')]);
        await render(req, res);
      },
    });
    try {
      // The BFF learns on a first view which calls start PHP sessions; from then on a new visitor's view starts one.
      await request(phpAuth).get('/members');
      const before = sessions();
      const page = await request(phpAuth).get('/members');
      expect(page.status).toBe(200);
      const cookies = setCookies(page.headers).filter((c) => c.startsWith('PHPSESSID='));
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatch(/^PHPSESSID=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(sessions() - before).toBe(1);
      // The next view with that session starts none and clears nothing.
      const again = await request(phpAuth).get('/members').set('Cookie', cookies[0]!.split(';')[0]!);
      expect(setCookies(again.headers).filter((c) => c.startsWith('PHPSESSID='))).toEqual([]);
      expect(sessions() - before).toBe(1);
    } finally {
      phpAuth.dispose();
    }
  });

  it('When logging in through the BFF, then PHPSESSID reaches the browser and coming back it identifies the session', async () => {
    const login = await request(app).post('/api/user.php').send(DEMO);
    expect(login.status).toBe(200);
    // The PHP service's login answer, read into the contract's: its id from profile.id, its numbers as numbers.
    expect(login.body.user).toMatchObject({ id: 1, paid_user: true, credits: 100, signup_date: '2025-01-01T12:00:00.000Z' });
    expect(login.body.user.email).toBeUndefined();
    const cookie = sessionCookie(login.headers);

    // `GET user.php` answers the user itself (no wrapper, no top-level id): the browser gets the contract's `{ user }`.
    const me = await request(app).get('/api/user.php').set('Cookie', cookie);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: 1,
      profile: { id: 1, name: 'Demo', main_image: { filename: 'demo.jpg', match_path: 'demo.jpg' } },
    });
    expect((await request(app).get('/api/chats.php').set('Cookie', cookie)).body).toEqual({ chats: [], total_unread: 0 });
    expect((await request(app).get('/api/likes.php').set('Cookie', cookie)).body).toEqual({ profiles: [], liked_by: [], total_new: 0 });

    const page = await request(app).get('/members').set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-user="yes"');

    expect((await request(app).get('/api/logout.php').set('Cookie', cookie)).status).toBe(200);
    expect((await request(app).get('/api/user.php').set('Cookie', cookie)).status).toBe(403);
  });

  it("When wrong credentials are posted, then the PHP service's 401 and its own text become the contract's login_failed in the member's language", async () => {
    const res = await request(app).post('/api/user.php').set('Cookie', 'locale=de').send({ email: DEMO.email, password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { code: 'login_failed', message: 'Es ist ein Fehler aufgetreten, bitte versuche es später erneut.' },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('When the site data calls are made, then interests, regions and company info come through', async () => {
    expect((await request(app).get('/api/interests.php')).body.interests.length).toBeGreaterThan(0);
    expect((await request(app).get('/api/regions.php')).body.regions[0].country).toBe('NL');
    expect((await request(app).get('/api/companyinfo.php')).body.kvk).toBe('12345678');
  });

  it('When a call outside our contract is made, then it passes through unchanged', async () => {
    const res = await request(app).get('/api/legacy-ping.php?x=1');
    expect(res.status).toBe(200);
    expect(res.headers['x-legacy']).toBe('yes');
    expect(res.body).toEqual({ pong: true, method: 'GET', query: { x: '1' } });
  });

  it("When members.php (not in the PHP service) is called, then its HTML 404 page becomes the contract's error body, and the page still renders 200", async () => {
    const api = await request(app).get('/api/members.php');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.body.error.code).toBe('not_found');
    const page = await request(app).get('/members');
    expect(page.status).toBe(200);
  });

  it("When PHPSESSID is the auth cookie and the event stream says logged out, then the BFF leaves PHP's session alone", async () => {
    const phpAuth = makeApp(backendUrl, { env: { AUTH_COOKIE_NAME: 'PHPSESSID' } });
    try {
      // An anonymous PHP session: the stream answers 403 authentication_required, and the session cookie stays.
      const cookie = sessionCookie((await request(phpAuth).get('/api/user.php')).headers);
      const refused = await request(phpAuth).get('/api/events.php').set('Cookie', cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.authentication_required).toBe(true);
      // The PHP service's bare refusal, read as the contract's error body.
      expect(refused.body.error.code).toBe('authentication_required');
      expect(setCookies(refused.headers).filter((c) => c.startsWith('PHPSESSID='))).toEqual([]);
      // The same session logs in and then streams: nothing the BFF did ended it.
      const login = await request(phpAuth).post('/api/user.php').set('Cookie', cookie).send(DEMO);
      expect(login.status).toBe(200);
      const member = setCookies(login.headers).some((c) => c.startsWith('PHPSESSID=')) ? sessionCookie(login.headers) : cookie;
      const stream = await request(phpAuth).get('/api/events.php').set('Cookie', member);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.text).toContain('id: 1');
    } finally {
      phpAuth.dispose();
    }
  });

  it('When the PHP session cookie is configured as the auth cookie, then the language switch saves the language in the session', async () => {
    const phpAuth = makeApp(backendUrl, { env: { AUTH_COOKIE_NAME: 'PHPSESSID' } });
    try {
      const login = await request(phpAuth).post('/api/user.php').send(DEMO);
      const cookie = sessionCookie(login.headers);
      expect(setCookies(login.headers).find((c) => c.startsWith('PHPSESSID='))).toMatch(/HttpOnly; SameSite=Lax/);
      const sw = await request(phpAuth).get('/locale/de?return=/chats').set('Cookie', cookie);
      expect(sw.status).toBe(303);
      expect(sw.headers.location).toBe('/chats');
      expect((await request(phpAuth).get('/api/user.php').set('Cookie', cookie)).body.user.language).toBe('de');
    } finally {
      phpAuth.dispose();
    }
  });
});
