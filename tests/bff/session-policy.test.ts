import { parseSetCookie } from 'cookie';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { isLoggedOutAnswer, sessionPolicy } from '../../src/bff/session-policy';
import { AUTH_REQUIRED, fakeRenderer, json, makeApp, setCookies, startStandIn, type StandIn } from './helpers';

const loggedOut = { status: 403, body: Buffer.from(JSON.stringify(AUTH_REQUIRED)) };
const stale = { sentAuth: true, authJustSet: false, secure: false };

describe('session policy: the rule', () => {
  it('When the backend answers 403 authentication_required, then only that answer counts as logged out', () => {
    expect(isLoggedOutAnswer(loggedOut.status, loggedOut.body)).toBe(true);
    expect(isLoggedOutAnswer(401, loggedOut.body)).toBe(false);
    expect(isLoggedOutAnswer(403, Buffer.from(JSON.stringify({ error: { code: 'forbidden', message: 'No' } })))).toBe(false);
    expect(isLoggedOutAnswer(403, Buffer.from('<html>forbidden</html>'))).toBe(false);
  });

  it('When the auth cookie is our own and the browser sent it, then a logged-out answer clears it', () => {
    const clearing = sessionPolicy('auth').loggedOutCookie(loggedOut, stale);
    expect(parseSetCookie(clearing!)).toMatchObject({ name: 'auth', value: '', path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax' });
  });

  it('When the browser sent no auth cookie, or the backend has just set one, then nothing is cleared', () => {
    const policy = sessionPolicy('auth');
    expect(policy.loggedOutCookie(loggedOut, { ...stale, sentAuth: false })).toBeUndefined();
    expect(policy.loggedOutCookie(loggedOut, { ...stale, authJustSet: true })).toBeUndefined();
    expect(policy.loggedOutCookie({ status: 200, body: Buffer.from('{}') }, stale)).toBeUndefined();
  });

  it("When the auth cookie is a backend's own session (PHPSESSID), then no answer ever clears it", () => {
    expect(sessionPolicy('PHPSESSID').loggedOutCookie(loggedOut, stale)).toBeUndefined();
  });

  it('When a backend sets cookies, then the auth cookie is normalised and reported, the others pass unchanged', () => {
    const answer = sessionPolicy('PHPSESSID').backendCookies(['PHPSESSID=s1; path=/app', 'theme=dark; Path=/'], {
      secure: true,
      host: 'site.test',
    });
    expect(answer.setsAuth).toBe(true);
    expect(parseSetCookie(answer.cookies[0]!)).toEqual({
      name: 'PHPSESSID',
      value: 's1',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
    });
    expect(answer.cookies[1]).toBe('theme=dark; Path=/');
    expect(sessionPolicy('auth').sentAuth('locale=nl; auth=abc')).toBe(true);
    expect(sessionPolicy('auth').sentAuth('locale=nl; authx=abc')).toBe(false);
  });
});

describe('session policy: every path to the backend', () => {
  let standIn: StandIn | undefined;
  let app: BffApp | undefined;

  afterEach(async () => {
    app?.dispose();
    await standIn?.close();
    app = undefined;
    standIn = undefined;
  });

  /** A backend that says "logged out" on every call a member makes. */
  async function loggedOutBackend(env: Record<string, string> = {}) {
    const refuse = (_req: unknown, res: Parameters<typeof json>[0]) => json(res, 403, AUTH_REQUIRED);
    standIn = await startStandIn({ '/api/user.php': refuse, '/api/events.php': refuse, '/api/chats.php': refuse });
    app = makeApp(standIn.url, { env, render: fakeRenderer({ callUser: true }).render });
    return app;
  }

  const clears = (headers: Record<string, unknown>, name: string) =>
    setCookies(headers).some((c) => {
      const parsed = parseSetCookie(c);
      return parsed.name === name && parsed.value === '' && parsed.maxAge === 0;
    });

  it('When the backend says logged out, then the proxy, a page and the event stream each clear a stale auth cookie', async () => {
    const bff = await loggedOutBackend();
    for (const path of ['/api/chats.php', '/members', '/api/events.php']) {
      const res = await request(bff).get(path).set('Cookie', 'auth=stale');
      expect(clears(res.headers, 'auth'), path).toBe(true);
      const anonymous = await request(bff).get(path);
      expect(
        setCookies(anonymous.headers).filter((c) => c.startsWith('auth=')),
        path,
      ).toEqual([]);
    }
  });

  it("When AUTH_COOKIE_NAME is a backend's session cookie (PHPSESSID), then no path clears it", async () => {
    const bff = await loggedOutBackend({ AUTH_COOKIE_NAME: 'PHPSESSID' });
    for (const path of ['/api/chats.php', '/members', '/api/events.php']) {
      const res = await request(bff).get(path).set('Cookie', 'PHPSESSID=anonymous-session');
      expect(
        setCookies(res.headers).filter((c) => c.startsWith('PHPSESSID=')),
        path,
      ).toEqual([]);
    }
  });

  it('When a media answer sets the auth cookie, then it leaves normalised like every other answer', async () => {
    standIn = await startStandIn({
      '/media/p/1.jpg': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'set-cookie': ['PHPSESSID=m1; path=/media', 'other=1; Path=/'] });
        res.end('jpeg');
      },
    });
    app = makeApp(standIn.url, { env: { AUTH_COOKIE_NAME: 'PHPSESSID' } });
    const res = await request(app).get('/media/p/1.jpg');
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(parseSetCookie(cookies.find((c) => c.startsWith('PHPSESSID='))!)).toEqual({
      name: 'PHPSESSID',
      value: 'm1',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
    });
    expect(cookies).toContain('other=1; Path=/');
  });
});
