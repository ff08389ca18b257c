import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RoutingError, loadRoutingFile, routingPlanOf, sessionIssues } from '../../src/bff/routing';
import { MEMBER_ASSERTION_HEADER, verifyMemberAssertion } from '../../src/shared/member-assertion';
import { json, makeApp, startStandIn, type StandIn } from './helpers';

/**
 * The identity bridge in the BFF: a PHP service (the "legacy" stand-in) holds the members' sessions, operations routed
 * to the "next" stand-in carry a signed assertion of who is asking, and what the PHP service says ends or refuses it.
 */

const SECRET = 's'.repeat(40);
const JAN = {
  id: 900001,
  email: 'jan@php.test',
  status: 'active',
  language: 'nl',
  signup_date: '2024-03-01T09:00:00Z',
  profile: { name: 'Jan', country: 'NL' },
};

const stands: StandIn[] = [];
let app: BffApp | undefined;
afterEach(async () => {
  app?.dispose();
  app = undefined;
  for (const s of stands.splice(0)) await s.close();
});

async function setUp(options: { legacyFails?: boolean; shadow?: Record<string, unknown>; media?: string } = {}) {
  const sessions = new Set(['good']);
  const legacy = await startStandIn({
    '/api/user.php': (req, res) => {
      if (options.legacyFails) return json(res, 500, { error: { code: 'internal_error', message: 'boom' } });
      const session = /PHPSESSID=([^;]+)/.exec(String(req.headers.cookie ?? ''))?.[1];
      if (session && sessions.has(session)) return json(res, 200, { user: JAN });
      return json(res, 403, { error: { code: 'authentication_required', message: 'Log in' }, authentication_required: true });
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
    routes: { listLikes: 'next', listChats: 'next' },
    session_bridge: { backend: 'legacy', cookie: 'PHPSESSID', cache_seconds: 20 },
    ...(options.shadow ? { shadow: options.shadow } : {}),
    ...(options.media ? { media: options.media } : {}),
  });
  app = makeApp('', { routing: plan, backendSecret: SECRET, env: { AUTH_COOKIE_NAME: 'PHPSESSID' } });
  return { legacy, next, sessions, app };
}

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
    const claims = verifyMemberAssertion(SECRET, assertionOf(hit), {
      method: 'GET',
      path: '/api/chats.php',
      requestId: hit.headers['x-request-id'] as string,
    });
    expect(claims).toMatchObject({ sub: JAN.id, usr: { email: JAN.email, profile: { name: 'Jan' } } });
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
    const claims = verifyMemberAssertion(SECRET, assertionOf(hit), {
      method: 'GET',
      path: '/api/interests.php',
      requestId: hit.headers['x-request-id'] as string,
    });
    expect(claims?.sub).toBe(JAN.id);
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
    expect(
      verifyMemberAssertion(SECRET, assertionOf(hit), {
        method: 'GET',
        path: '/media/chat/p.jpg',
        requestId: hit.headers['x-request-id'] as string,
      })?.sub,
    ).toBe(JAN.id);
    await request(app).get('/media/chat/p.jpg');
    expect(assertionOf(next.hits('/media/chat/p.jpg')[1]!)).toBeUndefined();
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

  it('When the bridge names an unknown backend, then the file is refused', () => {
    expect(() => plan({ session_bridge: { backend: 'nobody' } })).toThrow(RoutingError);
  });
});
