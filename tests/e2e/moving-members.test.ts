import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhpStandIn, runPhp, type PhpStandIn } from './support/php';
import { startSite, type RunningSite } from './support/server';

const JAN = { id: 900001, email: 'jan@php.test', password: 'jan-php-password' };
const KLAAS = 900003;

/** The `name=value` of a cookie the answer sets, or undefined. */
function setCookie(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);
}

/**
 * An operator moves members off the PHP service in two stages, with the real site (BFF + embedded backend) in front
 * of the PHP stand-in (tests/fixtures/php-backend, which answers as the specification describes: `GET user.php` the
 * user itself with his id in `profile.id` and no address): first some member operations move while login stays on PHP
 * (the identity bridge), then login moves too (the PHP password is checked there once), on the same database.
 */
const BACKEND_SECRET = 'a-secret-for-the-backends-only-0123456789';
describe.skipIf(!runPhp)('moving members off the PHP service', () => {
  let php: PhpStandIn | undefined;
  let phpUrl = '';
  let site: RunningSite | undefined;
  let dataDir = '';
  const routesDir = mkdtempSync(join(tmpdir(), 'routes-'));
  const api = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${site!.url}${path}`, { ...init, headers, redirect: 'manual' });
  };
  const phpLogins = async (): Promise<string[]> =>
    ((await (await fetch(`${phpUrl}/api/logins.php`)).json()) as { logins: string[] }).logins;

  function routes(name: string, lines: string[]): string {
    const file = join(routesDir, name);
    writeFileSync(file, [...lines, ''].join('\n'));
    return file;
  }

  beforeAll(async () => {
    php = await startPhpStandIn();
    phpUrl = php.url;
  });
  afterAll(async () => {
    await site?.stop();
    php?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(routesDir, { recursive: true, force: true });
  });

  let phpSession = '';

  it('When member operations move while login stays on PHP, then a PHP member uses them with his PHP session, meets PHP members the new backend never saw, and a made-up or ended session gets 403', async () => {
    const file = routes('stage-1.yaml', [
      'backends:',
      `  php: ${phpUrl}`,
      '  embedded: embedded',
      'default: php',
      'media: embedded',
      'routes:',
      '  listLikes: embedded',
      '  likeProfile: embedded',
      '  getProfile: embedded',
      '  listChats: embedded',
      '  streamEvents: embedded',
      'session_bridge:',
      '  backend: php',
      '  cookie: PHPSESSID',
      '  cache_seconds: 2',
    ]);
    site = await startSite({ ROUTES_FILE: file, AUTH_COOKIE_NAME: 'PHPSESSID', BACKEND_SECRET }, { keepData: true });
    dataDir = site.dataDir;

    const login = await api('/api/user.php', { method: 'POST', body: JSON.stringify({ email: JAN.email, password: JAN.password }) });
    expect(login.status).toBe(200);
    phpSession = setCookie(login, 'PHPSESSID') ?? '';
    expect(phpSession).not.toBe('');

    // His likes, from the new backend, as the member PHP says he is.
    const likes = await api('/api/likes.php', { cookie: phpSession });
    expect(likes.status).toBe(200);
    // A member only the PHP service knows: learnt from it on first sight, under his PHP id.
    const klaas = await api(`/api/profile.php?id=${KLAAS}`, { cookie: phpSession });
    expect(klaas.status).toBe(200);
    expect(((await klaas.json()) as { profile: { id: number; name: string } }).profile).toMatchObject({ id: KLAAS, name: 'Klaas' });
    const like = await api('/api/like.php', { method: 'POST', cookie: phpSession, body: JSON.stringify({ profile_id: KLAAS }) });
    expect(like.status).toBe(200);
    const after = (await (await api('/api/likes.php', { cookie: phpSession })).json()) as {
      profiles: { profile: { id: number }; direction: string }[];
    };
    expect(after.profiles.filter((l) => l.direction === 'given').map((l) => l.profile.id)).toContain(KLAAS);
    expect((await api('/api/chats.php', { cookie: phpSession })).status).toBe(200);
    // The page the member opens is rendered from the new backend's answers, as him.
    const page = await api('/likes/given', { cookie: phpSession, headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Klaas');

    // The event stream, routed like any operation, is held with the PHP session.
    const aborter = new AbortController();
    const stream = await api('/api/events.php', { cookie: phpSession, signal: aborter.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    aborter.abort();

    // Still logged in on PHP: who-am-I stays there and names him.
    const me = await api('/api/user.php', { cookie: phpSession });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(JAN.id);

    // A made-up session: 403 from every backend, the stream included.
    const madeUp = 'PHPSESSID=madeup0123456789abcdef';
    for (const path of ['/api/likes.php', `/api/profile.php?id=${KLAAS}`, '/api/chats.php', '/api/events.php', '/api/user.php']) {
      const res = await api(path, { cookie: madeUp });
      if (path.startsWith('/api/profile.php')) continue; // a visitor may see a profile (logged-out search)
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('authentication_required');
    }
    // A browser cannot name himself: an assertion it sends is dropped.
    const forged = await api('/api/likes.php', { cookie: madeUp, headers: { 'x-member-assertion': 'v1.e30.AAAA' } });
    expect(forged.status).toBe(403);

    // Nothing the PHP service was sent vouches for anyone: neither the backends' secret nor an assertion reached it.
    const seen = ((await (await fetch(`${phpUrl}/api/seen-headers.php`)).json()) as { headers: string[] }).headers;
    expect(seen).toContain('cookie');
    expect(seen).not.toContain('x-backend-secret');
    expect(seen).not.toContain('x-member-assertion');
  });

  it('When a bridged member logs out on the PHP service itself, then his open stream ends within the cache time', async () => {
    const login = await api('/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'pieter@php.test', password: 'pieter-php-password' }),
    });
    const session = setCookie(login, 'PHPSESSID')!;
    const stream = await api('/api/events.php', { cookie: session });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    // Straight to the PHP service, past every BFF: nothing tells the site but asking again.
    expect((await fetch(`${phpUrl}/api/logout.php`, { headers: { cookie: session } })).status).toBe(200);
    const ended = Date.now();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    // Within the bridge's 2 s cache time plus the recheck's round trip; never the quarter of an hour of before.
    expect(Date.now() - ended).toBeLessThan(10_000);
    expect((await api('/api/likes.php', { cookie: session })).status).toBe(403);
  });

  it('When a bridged member logs out, then his open stream ends and his old PHP session gets 403 on the new backend', async () => {
    const login = await api('/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'pieter@php.test', password: 'pieter-php-password' }),
    });
    const session = setCookie(login, 'PHPSESSID')!;
    expect((await api('/api/likes.php', { cookie: session })).status).toBe(200);
    const stream = await api('/api/events.php', { cookie: session });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect((await api('/api/logout.php', { cookie: session })).status).toBe(200);
    // The stream ends (the read resolves done) instead of staying open for a logged-out member.
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect((await api('/api/likes.php', { cookie: session })).status).toBe(403);
  });

  it('When login moves to the new backend, then the PHP password works once through the PHP service and afterwards without it, as the same member with what he did before', async () => {
    await site!.stop();
    const file = routes('stage-2.yaml', [
      'backends:',
      `  php: ${phpUrl}`,
      '  embedded: embedded',
      'default: embedded',
      'media: embedded',
      'routes:',
      '  getSettings: php',
      'session_bridge:',
      '  backend: php',
      '  cookie: PHPSESSID',
    ]);
    site = await startSite({ ROUTES_FILE: file }, { dataDir });

    // His PHP session of the first stage still works for what moved (the bridge stays until those sessions end).
    expect((await api('/api/likes.php', { cookie: phpSession })).status).toBe(200);

    const before = (await phpLogins()).filter((e) => e === JAN.email).length;
    const wrong = await api('/api/user.php', { method: 'POST', body: JSON.stringify({ email: JAN.email, password: 'not-his-password' }) });
    const localWrong = await api('/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email: 'free@demo.test', password: 'not-his-password' }),
    });
    expect(wrong.status).toBe(401);
    expect(localWrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await localWrong.json());
    expect(setCookie(wrong, 'auth')).toBeUndefined();

    const first = await api('/api/user.php', { method: 'POST', body: JSON.stringify({ email: JAN.email, password: JAN.password }) });
    expect(first.status).toBe(200);
    const auth = setCookie(first, 'auth')!;
    expect(auth).toBeDefined();
    expect(((await first.json()) as { user: { id: number; profile: { name: string } } }).user).toMatchObject({
      id: JAN.id,
      profile: { name: 'Jan' },
    });
    expect((await phpLogins()).filter((e) => e === JAN.email).length).toBe(before + 1);
    // What he did in the first stage is his.
    const likes = (await (await api('/api/likes.php', { cookie: auth })).json()) as {
      profiles: { profile: { id: number }; direction: string }[];
    };
    expect(likes.profiles.filter((l) => l.direction === 'given').map((l) => l.profile.id)).toContain(KLAAS);

    // A language he chooses here stays his, whatever a new PHP session of his says (PHP still says Dutch).
    expect((await api('/api/user.php', { method: 'PUT', cookie: auth, body: JSON.stringify({ language: 'de' }) })).status).toBe(200);
    const onPhp = await fetch(`${phpUrl}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'request-type': 'client' },
      body: JSON.stringify({ email: JAN.email, password: JAN.password }),
    });
    const newPhpSession = setCookie(onPhp, 'PHPSESSID')!;
    expect((await api('/api/likes.php', { cookie: newPhpSession })).status).toBe(200);
    const me = (await (await api('/api/user.php', { cookie: auth })).json()) as { user: { language: string; email: string } };
    expect(me.user).toMatchObject({ language: 'de', email: JAN.email });

    // Afterwards his password is checked here only.
    expect((await api('/api/logout.php', { cookie: auth })).status).toBe(200);
    const again = await api('/api/user.php', { method: 'POST', body: JSON.stringify({ email: JAN.email, password: JAN.password }) });
    expect(again.status).toBe(200);
    // Two logins there: the first here, and the one he made on the PHP service itself above; none for this one.
    expect((await phpLogins()).filter((e) => e === JAN.email).length).toBe(before + 2);
  });
});
