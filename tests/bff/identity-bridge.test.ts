import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RoutingError, loadRoutingFile, routingPlanOf, sessionIssues } from '../../src/bff/routing';
import {
  MEMBER_ASSERTION_HEADER,
  createAssertionSigner,
  createAssertionVerifier,
  generateIdentityKeys,
  type AssertionVerifier,
} from '../../src/shared/member-assertion';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../../src/bff/config';
import { identitySigner } from '../../src/bff/identity-key';
import { json, makeApp, startStandIn, type StandIn } from './helpers';

/**
 * The identity bridge in the BFF: a PHP service (the "legacy" stand-in) holds the members' sessions, operations routed
 * to the "next" stand-in carry a signed assertion of who is asking, and what the PHP service says ends or refuses it.
 */

const SECRET = 's'.repeat(40);
/** The member as the specification's PHP service answers `GET user.php`: the user itself, his id in `profile.id`, no address. */
const JAN_AS_PHP_SAYS = {
  status: 'active',
  credits: '0',
  paid_user: 0,
  language: 'nl',
  signup_date: '2024-03-01 09:00:00',
  fictional_icon: false,
  notifications_disabled: [],
  profile: { id: 900001, name: 'Jan', country: 'NL', status: 'active', main_image: null },
};
const JAN = { id: 900001, profile: { name: 'Jan', country: 'NL' } };

const stands: StandIn[] = [];
let app: BffApp | undefined;
let keys: Awaited<ReturnType<typeof generateIdentityKeys>>;
let verifier: AssertionVerifier;
beforeAll(async () => {
  keys = await generateIdentityKeys('test');
  verifier = createAssertionVerifier(keys.publicKeys, 'next');
});
afterEach(async () => {
  app?.dispose();
  app = undefined;
  for (const s of stands.splice(0)) await s.close();
});

async function setUp(options: { legacyFails?: boolean; shadow?: Record<string, unknown>; media?: string; cacheSeconds?: number } = {}) {
  const sessions = new Set(['good']);
  const legacy = await startStandIn({
    '/api/user.php': (req, res) => {
      if (options.legacyFails) return json(res, 500, { error: 'Er is een fout opgetreden.' });
      const session = /PHPSESSID=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
      if (session && sessions.has(session)) return json(res, 200, JAN_AS_PHP_SAYS);
      return json(res, 403, { authentication_required: true });
    },
    '/api/logout.php': (req, res) => {
      const session = /PHPSESSID=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
      if (session) sessions.delete(session);
      json(res, 200, { success: true });
    },
    '/api/interests.php': (_req, res) => json(res, 200, { interests: [] }),
  });
  const next = await startStandIn({
    '/api/likes.php': (_req, res) => json(res, 200, { profiles: [], liked_by: [], total_new: 0 }),
    '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0 }),
  });
  stands.push(legacy, next);
  const plan = routingPlanOf({
    backends: { legacy: legacy.url, next: next.url },
    default: 'legacy',
    routes: { listLikes: 'next', listChats: 'next', streamEvents: 'next' },
    session_bridge: { backend: 'legacy', cookie: 'PHPSESSID', cache_seconds: options.cacheSeconds ?? 20 },
    ...(options.shadow ? { shadow: options.shadow } : {}),
    ...(options.media ? { media: options.media } : {}),
  });
  app = makeApp('', {
    routing: plan,
    backendSecret: SECRET,
    identitySigner: await createAssertionSigner(keys.privateJwk),
    env: { AUTH_COOKIE_NAME: 'PHPSESSID' },
  });
  return { legacy, next, sessions, app };
}

/** The claims of the assertion a recorded request carried, as the backend `next` verifies them. */
const claimsOf = (hit: { headers: Record<string, unknown> }, method: string, path: string) =>
  verifier.verify(assertionOf(hit), { method, path, requestId: hit.headers['x-request-id'] as string });

const assertionOf = (hit: { headers: Record<string, unknown> }) => hit.headers[MEMBER_ASSERTION_HEADER] as string | undefined;

describe('the identity bridge', () => {
  it('When a member with a PHP session calls an operation routed elsewhere, then it carries an assertion of him bound to that request, and the PHP service is asked once', async () => {
    const { legacy, next, app } = await setUp();
    await Promise.all([1, 2, 3].map(() => request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good; locale=nl')));
    expect((await request(app).get('/api/chats.php').set('Cookie', 'PHPSESSID=good')).status).toBe(200);
    expect(legacy.hits('/api/user.php')).toHaveLength(1);
    // Only the session cookie went to the PHP service, as the site's client.
    expect(legacy.hits('/api/user.php')[0]!.headers.cookie).toBe('PHPSESSID=good');
    expect(legacy.hits('/api/user.php')[0]!.headers['request-type']).toBe('client');
    const hit = next.hits('/api/chats.php')[0]!;
    const claims = await claimsOf(hit, 'GET', '/api/chats.php');
    // The PHP service's own dialect (the user bare, his id in profile.id, no address) read into the member it names.
    expect(claims).toMatchObject({ member: JAN.id, usr: JAN });
    expect(claims?.usr.email).toBeUndefined();
    // Neither the PHP service nor the other backend ever sees a key; the PHP service gets no BACKEND_SECRET either.
    for (const h of legacy.requests) expect(h.headers['x-backend-secret']).toBeUndefined();
    expect(hit.headers['x-backend-secret']).toBe(SECRET);
    // Calls to the PHP service itself carry none.
    await request(app).get('/api/interests.php').set('Cookie', 'PHPSESSID=good');
    expect(assertionOf(legacy.hits('/api/interests.php')[0]!)).toBeUndefined();
  });

  it('When the session is made up, or the browser sends an assertion of its own, then nothing vouches for him', async () => {
    const { next, app } = await setUp();
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=made-up').set(MEMBER_ASSERTION_HEADER, 'v1.e30.AAAA');
    await request(app).get('/api/likes.php').set(MEMBER_ASSERTION_HEADER, 'v1.e30.AAAA');
    for (const hit of next.hits('/api/likes.php')) expect(assertionOf(hit)).toBeUndefined();
  });

  it('When the member logs out, then his cached identity ends at once', async () => {
    const { legacy, next, app } = await setUp();
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good');
    expect(assertionOf(next.hits('/api/likes.php')[0]!)).toBeDefined();
    await request(app).get('/api/logout.php').set('Cookie', 'PHPSESSID=good');
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good');
    expect(legacy.hits('/api/user.php')).toHaveLength(2);
    expect(assertionOf(next.hits('/api/likes.php')[1]!)).toBeUndefined();
  });

  it('When the PHP service cannot say who the session is, then the call is 502 backend_unavailable and never reaches the other backend', async () => {
    const { next, app } = await setUp({ legacyFails: true });
    const res = await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('backend_unavailable');
    expect(next.hits('/api/likes.php')).toHaveLength(0);
    // Visitors without a PHP session are not affected.
    expect((await request(app).get('/api/likes.php')).status).toBe(200);
  });

  it("When a member's read on the PHP service is shadowed to the new backend, then the candidate is asked as that member", async () => {
    const { legacy, next, app } = await setUp({ shadow: { operations: { getInterests: { candidate: 'next' } } } });
    next.routes.set('/api/interests.php', (_req, res) => json(res, 200, { interests: [] }));
    await request(app).get('/api/interests.php').set('Cookie', 'PHPSESSID=good');
    await app.backends.shadow.settled();
    const hit = next.hits('/api/interests.php')[0]!;
    expect((await claimsOf(hit, 'GET', '/api/interests.php'))?.member).toBe(JAN.id);
    // The PHP service itself (primary, asked twice) never gets one, and its session was asked once.
    for (const h of legacy.hits('/api/interests.php')) expect(assertionOf(h)).toBeUndefined();
    expect(legacy.hits('/api/user.php')).toHaveLength(1);
  });

  it("When the media backend is another than the PHP service, then a member's photo request carries his assertion (a private chat photo)", async () => {
    const { next, app } = await setUp({ media: 'next' });
    next.routes.set('/media/chat/p.jpg', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end('jpeg');
    });
    expect((await request(app).get('/media/chat/p.jpg').set('Cookie', 'PHPSESSID=good')).status).toBe(200);
    const hit = next.hits('/media/chat/p.jpg')[0]!;
    expect((await claimsOf(hit, 'GET', '/media/chat/p.jpg'))?.member).toBe(JAN.id);
    await request(app).get('/media/chat/p.jpg');
    expect(assertionOf(next.hits('/media/chat/p.jpg')[1]!)).toBeUndefined();
  });

  it('When a bridged read is retried, then every attempt carries an assertion of its own (a backend accepts each once)', async () => {
    const { next, app } = await setUp();
    let calls = 0;
    next.routes.set('/api/likes.php', (_req, res) => {
      calls += 1;
      if (calls === 1) return json(res, 503, { error: { code: 'unavailable', message: 'later' } });
      json(res, 200, { profiles: [], liked_by: [], total_new: 0 });
    });
    expect((await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good')).status).toBe(200);
    const [first, second] = next.hits('/api/likes.php');
    const a = await claimsOf(first!, 'GET', '/api/likes.php');
    const b = await claimsOf(second!, 'GET', '/api/likes.php');
    expect(a?.member).toBe(JAN.id);
    expect(b?.member).toBe(JAN.id);
    expect(a?.jti).not.toBe(b?.jti);
  });

  it('When the PHP session ends on the PHP service itself, then an open event stream of it closes within the cache time, and each assertion said until when the BFF vouched for it', async () => {
    const { next, sessions, app } = await setUp({ cacheSeconds: 1 });
    next.routes.set('/api/events.php', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 2000\n\n');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const stream = await fetch(`http://127.0.0.1:${port}/api/events.php`, { headers: { cookie: 'PHPSESSID=good' } });
      expect(stream.status).toBe(200);
      const claims = await claimsOf(next.hits('/api/events.php')[0]!, 'GET', '/api/events.php');
      expect(claims!.sxp - Date.now() / 1000).toBeLessThanOrEqual(1);
      const reader = stream.body!.getReader();
      await reader.read();
      // Logged out on the PHP side (not through this BFF): nothing tells the BFF but asking again.
      const ended = Date.now();
      sessions.delete('good');
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      // Within the cache time (1 s) and the recheck's own round trip, never the next catch-up or a quarter of an hour.
      expect(Date.now() - ended).toBeLessThan(5_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("When the BFF's word for a session is about to run out, then it asks the PHP service again first, so no assertion vouches for less than half the cache time", async () => {
    const { legacy, next, app } = await setUp({ cacheSeconds: 2 });
    expect((await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good')).status).toBe(200);
    expect(legacy.hits('/api/user.php')).toHaveLength(2);
    const second = await claimsOf(next.hits('/api/likes.php')[1]!, 'GET', '/api/likes.php');
    expect(second!.sxp * 1000 - Date.now()).toBeGreaterThan(500);
  });

  it('When the metrics are read, then the lookups are counted by result', async () => {
    const { app } = await setUp();
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good');
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=good');
    await request(app).get('/api/likes.php').set('Cookie', 'PHPSESSID=nobody');
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/bff_identity_bridge_lookups_total\{result="member"\} 1/);
    expect(text).toMatch(/bff_identity_bridge_lookups_total\{result="hit"\} 1/);
    expect(text).toMatch(/bff_identity_bridge_lookups_total\{result="no_session"\} 1/);
  });
});

describe("the routing check of members' sessions", () => {
  const ids = new Map([
    ['POST /api/user.php', 'postUser'],
    ['GET /api/user.php', 'getUser'],
    ['PUT /api/user.php', 'putUser'],
    ['GET /api/logout.php', 'logout'],
    ['POST /api/signup.php', 'signup'],
    ['GET /api/likes.php', 'listLikes'],
    ['GET /api/chats.php', 'listChats'],
    ['GET /api/members.php', 'listMembers'],
  ]);
  const login = new Map<string, 'required' | 'optional'>([
    ['GET /api/likes.php', 'required'],
    ['GET /api/chats.php', 'required'],
    ['PUT /api/user.php', 'required'],
    ['GET /api/members.php', 'optional'],
  ]);
  const plan = (doc: Record<string, unknown>) =>
    routingPlanOf({ backends: { php: 'http://php.test', next: 'http://next.test' }, default: 'php', ...doc }, ids);

  it('When member operations move without a bridge, then the check names them and the bridge to add', () => {
    const issues = sessionIssues(plan({ routes: { listLikes: 'next', listMembers: 'next' } }), login, ids);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain('GET /api/likes.php → "next"');
    expect(issues[0]).not.toContain('members.php');
    expect(issues[0]).toContain('session_bridge: { backend: php }');
    expect(sessionIssues(plan({ routes: { listLikes: 'next' }, session_bridge: { backend: 'php' } }), login, ids)).toEqual([]);
  });

  it("When the session's own operations or signup leave login, or login moves while member operations stay behind, then the check says so", () => {
    expect(sessionIssues(plan({ routes: { putUser: 'next', signup: 'next' }, session_bridge: { backend: 'php' } }), login, ids)).toEqual([
      expect.stringContaining('PUT /api/user.php goes to "next"'),
      expect.stringContaining('POST /api/signup.php goes to "next"'),
    ]);
    const loginMoved = plan({
      default: 'next',
      routes: { listChats: 'php' },
      session_bridge: { backend: 'php' },
    });
    expect(sessionIssues(loginMoved, login, ids)).toEqual([expect.stringContaining('GET /api/chats.php → "php"')]);
  });

  it("When the BFF loads a routing file, then the contract's own security decides: a member operation moved without the bridge is refused, with it the file loads", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routes-'));
    const file = path.join(dir, 'routes.yaml');
    const base = [
      'backends:',
      '  php: http://php.test',
      '  next: http://next.test',
      'default: php',
      'routes:',
      '  listLikes: next',
      '  getProfile: next',
    ];
    writeFileSync(file, base.join('\n'));
    expect(() => loadRoutingFile(file)).toThrow(/GET \/api\/likes\.php → "next"/);
    writeFileSync(file, [...base, 'session_bridge:', '  backend: php'].join('\n'));
    expect(loadRoutingFile(file).sessionBridge).toEqual({ backend: 'php', cookie: 'PHPSESSID', cacheSeconds: 20 });
  });

  it('When a backend apart from the BFF must verify assertions and no signing key is set, then the start check names it; with only the embedded one a key is made for the start', async () => {
    const config = parseConfig({ LOG_LEVEL: 'silent' });
    await expect(identitySigner(config, plan({ routes: { listLikes: 'next' }, session_bridge: { backend: 'php' } }))).rejects.toThrow(
      /backend\(s\) next must verify/,
    );
    const embeddedOnly = routingPlanOf(
      {
        backends: { php: 'http://php.test', next: 'embedded' },
        default: 'php',
        routes: { listLikes: 'next' },
        session_bridge: { backend: 'php' },
      },
      ids,
    );
    expect((await identitySigner(config, embeddedOnly))?.kid).toBe('embedded');
    const { privateJwk } = await generateIdentityKeys('k-ops');
    const configured = parseConfig({ LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: JSON.stringify(privateJwk) });
    expect((await identitySigner(configured, plan({ session_bridge: { backend: 'php' } })))?.kid).toBe('k-ops');
    await expect(
      identitySigner(parseConfig({ IDENTITY_SIGNING_KEY: '{"kty":"oct"}' }), plan({ session_bridge: { backend: 'php' } })),
    ).rejects.toThrow(/private Ed25519 JWK/);
    expect(await identitySigner(config, plan({}))).toBeUndefined();
  });

  it('When the bridge names an unknown backend, or the embedded one, then the file is refused', () => {
    expect(() => plan({ session_bridge: { backend: 'nobody' } })).toThrow(RoutingError);
    expect(() =>
      routingPlanOf({ backends: { php: 'http://php.test', next: 'embedded' }, default: 'php', session_bridge: { backend: 'next' } }, ids),
    ).toThrow(/embedded backend holds no PHP sessions/);
  });

  it("When the bridge's backend would receive BACKEND_SECRET, then the file is refused; by default it receives none and the others do", () => {
    expect(() =>
      routingPlanOf(
        {
          backends: { php: { url: 'http://php.test', send_secret: true }, next: 'http://next.test' },
          default: 'php',
          session_bridge: { backend: 'php' },
        },
        ids,
      ),
    ).toThrow(/must not receive BACKEND_SECRET/);
    const bridged = plan({ session_bridge: { backend: 'php' } });
    expect(bridged.backends.get('php')).toMatchObject({ sendSecret: false, dialect: 'specification' });
    expect(bridged.backends.get('next')).toMatchObject({ sendSecret: true });
    // Without a bridge nothing changes: the one PHP backend may be given the secret as before.
    expect(plan({}).backends.get('php')?.sendSecret).toBe(true);
  });
});
