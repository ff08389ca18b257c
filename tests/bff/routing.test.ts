import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { differingFields } from '../../src/bff/shadow';
import { parseConfig } from '../../src/bff/config';
import { contractOperationIds } from '../../src/bff/idempotent-operations';
import { RoutingError, loadRoutingFile, needsEmbedded, resolveEmbedded, routeOf, routingPlanOf } from '../../src/bff/routing';
import { EMBEDDED_OPERATIONS } from '../../src/shared/embedded-operations';
import { fakeRenderer, json, makeApp, startStandIn, type StandIn } from './helpers';

/**
 * A routing table in front of two stand-in backends (a "legacy" and a "next" one), a
 * shadowed read compared after noise subtraction, the operator's endpoints and metrics.
 */

const stands: StandIn[] = [];
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  app = undefined;
  for (const s of stands.splice(0)) await s.close();
});

const TOKEN = 'operator-token-0123456789abcdef0123456789';

function members(extra: Record<string, unknown> = {}) {
  return {
    profiles: [{ id: 7, name: 'Sven', last_active: new Date().toISOString(), ...extra }],
    next_cursor: randomUUID(),
  };
}

async function twoBackends() {
  const legacy = await startStandIn({
    '/api/members.php': (_req, res) => json(res, 200, members()),
    '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0, served_by: 'legacy' }),
    '/api/interests.php': (_req, res) => json(res, 200, { interests: [{ id: 1, key: 'gym' }] }),
  });
  const next = await startStandIn({
    // The candidate answers members.php with a renamed field and an extra one, and chats.php as routed.
    '/api/members.php': (_req, res) =>
      json(res, 200, { ...members({ country: 'NL' }), profiles: [{ id: 7, display_name: 'Sven', last_active: new Date().toISOString() }] }),
    '/api/chats.php': (_req, res) => json(res, 200, { chats: [], total_unread: 0, served_by: 'next' }),
    '/api/interests.php': (_req, res) => json(res, 200, { interests: [{ id: 1, key: 'gym' }] }),
  });
  stands.push(legacy, next);
  const plan = routingPlanOf({
    backends: { legacy: legacy.url, next: { url: next.url, send_secret: false } },
    default: 'legacy',
    routes: { listChats: 'next', 'PUT /api/user.php': 'next' },
    shadow: { max_concurrent: 2, operations: { listMembers: { candidate: 'next' }, 'GET /api/interests.php': { candidate: 'next' } } },
  });
  return { legacy, next, plan };
}

describe('routing table', () => {
  it('When an operation is routed, then it goes to its backend and every other call (and the page settings) to the default one', async () => {
    const { legacy, next, plan } = await twoBackends();
    const fake = fakeRenderer();
    app = makeApp('', { routing: plan, render: fake.render, backendSecret: 's'.repeat(40) });
    const chats = await request(app).get('/api/chats.php');
    expect(chats.body.served_by).toBe('next');
    expect(next.hits('/api/chats.php')).toHaveLength(1);
    expect(legacy.hits('/api/chats.php')).toHaveLength(0);
    expect((await request(app).get('/api/interests.php')).status).toBe(200);
    expect(legacy.hits('/api/interests.php')).toHaveLength(1);
    // Undocumented calls go to the default backend too.
    expect((await request(app).get('/api/legacy-ping.php')).status).toBe(404);
    expect(legacy.hits('/api/legacy-ping.php')).toHaveLength(1);
    expect((await request(app).get('/')).status).toBe(200);
    expect(legacy.hits('/api/settings.php')).toHaveLength(1);
    expect(next.hits('/api/settings.php')).toHaveLength(0);
    // The secret goes only to backends that take it.
    expect(legacy.hits('/api/interests.php')[0]!.headers['x-backend-secret']).toBe('s'.repeat(40));
    expect(next.hits('/api/chats.php')[0]!.headers['x-backend-secret']).toBeUndefined();
  });

  it('When routes name a method, a path or an operationId, then the most specific wins', () => {
    const plan = routingPlanOf({
      backends: { a: 'http://a.test', b: 'http://b.test', c: 'http://c.test' },
      default: 'a',
      routes: { '/api/user.php': 'b', 'PUT /api/user.php': 'c', getSettings: 'c' },
    });
    expect(routeOf(plan, 'GET', '/api/user.php?x=1')).toBe('b');
    expect(routeOf(plan, 'PUT', '/api/user.php')).toBe('c');
    expect(routeOf(plan, 'HEAD', '/api/settings.php?host=x')).toBe('c');
    expect(routeOf(plan, 'GET', '/api/members.php')).toBe('a');
  });

  it('When an operation the embedded backend does not implement is routed or shadowed to it, then the file is refused naming it', () => {
    // A later contract's operation, not (yet) in EMBEDDED_OPERATIONS: the embedded backend would answer it 404.
    const ids = new Map([...contractOperationIds(), ['GET /api/future.php', 'getFuture'], ['POST /api/future.php', 'postFuture']]);
    const attempt = () =>
      routingPlanOf(
        {
          backends: { legacy: 'http://legacy.test', embedded: 'embedded' },
          default: 'legacy',
          routes: { '/api/future.php': 'embedded', listMembers: 'embedded' },
          shadow: { operations: { getFuture: { candidate: 'embedded' } } },
        },
        ids,
      );
    expect(attempt).toThrow(RoutingError);
    try {
      attempt();
    } catch (error) {
      const issues = (error as RoutingError).issues;
      expect(issues).toContain('routes."/api/future.php": the embedded backend does not implement getFuture (GET /api/future.php) yet');
      expect(issues).toContain('routes."/api/future.php": the embedded backend does not implement postFuture (POST /api/future.php) yet');
      expect(
        issues.some((i) => i.startsWith('shadow.operations."getFuture".candidate: the embedded backend does not implement getFuture')),
      ).toBe(true);
      // What it implements is routed without a word.
      expect(issues.join('\n')).not.toContain('listMembers');
    }
    // Every operation it implements may go to it.
    expect(() =>
      routingPlanOf({
        backends: { legacy: 'http://legacy.test', embedded: 'embedded' },
        default: 'legacy',
        routes: Object.fromEntries(EMBEDDED_OPERATIONS.map((id) => [id, 'embedded'])),
      }),
    ).not.toThrow();
  });

  it('When the routing file is wrong, then every mistake is named (unknown backend or operation, a shadowed write or logout)', () => {
    const attempt = () =>
      routingPlanOf({
        backends: { legacy: 'http://legacy.test', bad: 'ftp://x' },
        default: 'nobody',
        routes: { nonsenseOperation: 'legacy', '/api/../x.php': 'legacy' },
        shadow: { operations: { putUser: { candidate: 'legacy' }, logout: { candidate: 'legacy' }, listMembers: { candidate: 'ghost' } } },
      });
    expect(attempt).toThrow(RoutingError);
    try {
      attempt();
    } catch (error) {
      // The schema error and every other error of the file, in one pass.
      const text = (error as RoutingError).issues.join('\n');
      expect(text).toMatch(/backends\.bad/);
      expect(text).toContain('default: no backend named "nobody"');
      expect(text).toContain('"nonsenseOperation" is no operationId');
      expect(text).toContain('"/api/../x.php": the path must be /api/<name>.php');
      expect(text).toContain('only reads (GET) are shadowed');
      expect(text).toContain('changes state and is never shadowed');
      expect(text).toContain('no backend named "ghost"');
      expect(text).not.toContain('no backend named "bad"');
    }
    try {
      routingPlanOf({
        backends: { legacy: 'http://legacy.test' },
        default: 'nobody',
        routes: { nonsenseOperation: 'legacy' },
        shadow: { operations: { putUser: { candidate: 'legacy' }, logout: { candidate: 'legacy' }, listMembers: { candidate: 'ghost' } } },
      });
      throw new Error('no error');
    } catch (error) {
      const text = (error as RoutingError).issues.join('\n');
      expect(text).toContain('default: no backend named "nobody"');
      expect(text).toContain('"nonsenseOperation" is no operationId');
      expect(text).toContain('only reads (GET) are shadowed');
      expect(text).toContain('changes state and is never shadowed');
      expect(text).toContain('no backend named "ghost"');
    }
  });

  it('When the routing file is YAML with the embedded backend, then it loads and asks for the embedded backend', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routes-'));
    const file = path.join(dir, 'routes.yaml');
    writeFileSync(
      file,
      'backends:\n  legacy: https://legacy.example.com\n  embedded: embedded\ndefault: legacy\nmedia: embedded\nroutes:\n  listMembers: embedded\n',
    );
    const plan = loadRoutingFile(file);
    expect(plan.backends.get('embedded')?.url).toBe('embedded');
    expect(plan.mediaBackend).toBe('embedded');
    expect(routeOf(plan, 'GET', '/api/members.php?limit=5')).toBe('embedded');
  });
});

describe('routing configuration', () => {
  it('When both BACKEND_URL and ROUTES_FILE are set, or the operator token is short, then the configuration names the mistake', () => {
    expect(() => parseConfig({ BACKEND_URL: 'http://a.test', ROUTES_FILE: '/etc/routes.yaml' })).toThrow(
      /ROUTES_FILE: set BACKEND_URL or ROUTES_FILE, not both/,
    );
    expect(() => parseConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN must be at least 32 characters/);
    expect(parseConfig({ BACKEND_DEADLINE_MS: '2500' }).BACKEND_DEADLINE_MS).toBe(2500);
  });

  it('When the embedded backend is in the plan, then it is resolved to its URL and secret, and other backends keep theirs', () => {
    const plan = routingPlanOf({ backends: { legacy: 'http://legacy.test/', embedded: 'embedded' }, default: 'legacy' });
    expect(needsEmbedded(plan)).toBe(true);
    expect(() => resolveEmbedded(plan, undefined)).toThrow(RoutingError);
    const resolved = resolveEmbedded(plan, 'http://127.0.0.1:4567', 'x'.repeat(64));
    expect(needsEmbedded(resolved)).toBe(false);
    expect(resolved.backends.get('embedded')).toMatchObject({ url: 'http://127.0.0.1:4567', secret: 'x'.repeat(64) });
    expect(resolved.backends.get('legacy')?.url).toBe('http://legacy.test');
    expect(resolved.backends.get('legacy')?.secret).toBeUndefined();
  });
});

describe('shadow reads', () => {
  it('When a read is shadowed, then the browser gets the primary answer, and the report shows real differences without the noise', async () => {
    const { legacy, next, plan } = await twoBackends();
    app = makeApp('', { routing: plan, env: { OPERATOR_TOKEN: TOKEN } });
    for (let i = 0; i < 5; i += 1) {
      const res = await request(app).get('/api/members.php?limit=5');
      expect(res.status).toBe(200);
      expect(res.body.profiles[0].name).toBe('Sven');
      expect(res.body.profiles[0].display_name).toBeUndefined();
    }
    await request(app).get('/api/interests.php');
    await app.backends.shadow.settled();
    // Each shadowed request: the primary twice (the answer, then the noise probe) and the candidate once.
    expect(legacy.hits('/api/members.php')).toHaveLength(10);
    expect(next.hits('/api/members.php')).toHaveLength(5);
    expect(next.hits('/api/members.php')[0]!.headers['x-request-id']).toMatch(/-shadow$/);

    const report = await request(app).get('/_ops/shadow').set('Authorization', `Bearer ${TOKEN}`);
    expect(report.status).toBe(200);
    const op = report.body.operations.find((o: { operation: string }) => o.operation === 'listMembers');
    expect(op).toMatchObject({
      request: 'GET /api/members.php',
      primary: 'legacy',
      candidate: 'next',
      requests: 5,
      different: 5,
      errors: 0,
    });
    expect(op.differences.map((d: { field: string }) => d.field).sort()).toEqual(['profiles[].display_name', 'profiles[].name']);
    expect(op.differences.find((d: { field: string }) => d.field === 'profiles[].name').examples[0]).toEqual({ primary: 'Sven' });
    expect(op.noise.map((n: { field: string }) => n.field)).toContain('next_cursor');
    const same = report.body.operations.find((o: { operation: string }) => o.operation === 'getInterests');
    expect(same).toMatchObject({ requests: 1, identical: 1, differences: [] });

    // The operator's command prints the same report (exit 1: an operation differs).
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/shadow-report.ts', `http://127.0.0.1:${port}`],
          { env: { ...process.env, OPERATOR_TOKEN: TOKEN } },
          (error, stdout) => resolve({ code: error ? (error.code as number) : 0, out: stdout }),
        );
      });
      expect(run.code).toBe(1);
      expect(run.out).toContain('listMembers (GET /api/members.php) legacy → next: differs in 5 of 5');
      expect(run.out).toMatch(/differs {2}profiles\[\]\.name: 5× \(noise 0×\) {2}e\.g\. primary "Sven"/);
      expect(run.out).toContain('noise    next_cursor: 5×');
      expect(run.out).toContain('getInterests (GET /api/interests.php) legacy → next: matches');
    } finally {
      server.close();
    }
  });

  it('When shadow reads pile up beyond max_concurrent, then the extra ones are dropped and counted, never queued', async () => {
    const { plan } = await twoBackends();
    const slow = await startStandIn({ '/api/members.php': (_req, res) => setTimeout(() => json(res, 200, members()), 200) });
    stands.push(slow);
    plan.backends.set('next', { name: 'next', url: slow.url, sendSecret: false, dialect: 'specification' });
    app = makeApp('', { routing: { ...plan, shadowMaxConcurrent: 1 } });
    await Promise.all(Array.from({ length: 4 }, () => request(app!).get('/api/members.php')));
    await app.backends.shadow.settled();
    const op = app.backends.shadow.report().operations.find((o) => o.operation === 'listMembers')!;
    expect(op.requests + op.dropped).toBe(4);
    expect(op.dropped).toBeGreaterThanOrEqual(1);
  });

  it('When a differing field may hold an address or a token, then its examples in the report are redacted', async () => {
    const legacy = await startStandIn({
      '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1, email: 'old@example.test', language: 'nl' } }),
    });
    const next = await startStandIn({
      '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1, email: 'other@example.test', language: 'de' } }),
    });
    stands.push(legacy, next);
    const plan = routingPlanOf({
      backends: { legacy: legacy.url, next: next.url },
      default: 'legacy',
      shadow: { operations: { getUser: { candidate: 'next' } } },
    });
    app = makeApp('', { routing: plan });
    await request(app).get('/api/user.php');
    await app.backends.shadow.settled();
    const op = app.backends.shadow.report().operations[0]!;
    expect(op.differences.find((d) => d.field === 'user.email')?.examples).toEqual([{ primary: '[redacted]', candidate: '[redacted]' }]);
    expect(op.differences.find((d) => d.field === 'user.language')?.examples).toEqual([{ primary: 'nl', candidate: 'de' }]);
  });

  it('When two answers are compared, then fields are generalised over array positions and missing fields count', () => {
    const diff = differingFields(
      { status: 200, body: Buffer.from(JSON.stringify({ a: [{ x: 1 }, { x: 2 }], b: 'same' })) },
      { status: 404, body: Buffer.from(JSON.stringify({ a: [{ x: 1 }, { x: 3 }], b: 'same', c: true })) },
    );
    expect([...diff.keys()].sort()).toEqual(['$status', 'a[].x', 'c']);
    expect(diff.get('a[].x')).toEqual([2, 3]);
  });
});

describe("operator's view", () => {
  it('When the operator endpoints are asked without the token, then 401; without OPERATOR_TOKEN configured they do not exist', async () => {
    const { plan } = await twoBackends();
    app = makeApp('', { routing: plan, env: { OPERATOR_TOKEN: TOKEN } });
    expect((await request(app).get('/_ops/metrics')).status).toBe(401);
    expect((await request(app).get('/_ops/shadow').set('Authorization', 'Bearer wrong')).status).toBe(401);
    const closed = makeApp('', { routing: plan });
    try {
      expect((await request(closed).get('/_ops/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      closed.dispose();
    }
  });

  it('When calls were made, then the Prometheus metrics show requests, errors and latency per operation and backend, and the breaker', async () => {
    const { plan } = await twoBackends();
    app = makeApp('', { routing: plan, env: { OPERATOR_TOKEN: TOKEN } });
    await request(app).get('/api/chats.php');
    await request(app).get('/api/profile.php?id=1');
    const res = await request(app).get('/_ops/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/bff_backend_requests_total\{backend="next",operation="listChats",outcome="2xx"\} 1/);
    expect(res.text).toMatch(/bff_backend_requests_total\{backend="legacy",operation="getProfile",outcome="4xx"\} 1/);
    expect(res.text).toMatch(/bff_backend_request_duration_seconds_count\{backend="next",operation="listChats"\} 1/);
    expect(res.text).toContain('bff_backend_breaker_state{backend="legacy"} 0');
    expect(res.text).toContain('bff_process_cpu_seconds_total');
  });
});
