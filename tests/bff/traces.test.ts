import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../../mock-backend/lib/db';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../mock-backend/seed/seed';
import { createTestContext, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../mock-backend/test/context';
import type { BffApp } from '../../src/bff/app';
import { createLogger } from '../../src/bff/logging';
import { renderPage } from '../../src/server/render';
import { installTracing, stopTracing } from '../../src/shared/trace-hooks';
import { enableTracing } from '../../src/shared/tracing';
import { makeApp } from './helpers';

/**
 * One member page followed through both processes: the BFF's request span, its calls to the backend, the backend's
 * request spans (continued from the `traceparent` header the BFF sent over HTTP: the backend listens on a port of
 * its own, and its request span's parent is read from the header, never from the process's context) and their SQL
 * statements, all in one trace — and nothing of the member's in any span. Tracing runs with an in-memory exporter
 * (both processes' tracers, `bff` and `backend`, share it here); it is stopped again after the file.
 */

const exporter = new InMemorySpanExporter();
let ctx: TestContext;
let backend: Server;
let bff: BffApp;
const bffLines: string[] = [];
const backendLines: string[] = [];
/** Every parameter value the backend's statements were given while the page was served. */
const sqlValues: unknown[] = [];

beforeAll(async () => {
  installTracing(enableTracing({ spanProcessor: new SimpleSpanProcessor(exporter), resource: { 'service.name': 'traces-test' } }));
  ctx = await createTestContext({ members: 4, logStream: { write: (line: string) => void backendLines.push(line) } });
  const query = ctx.db.query.bind(ctx.db);
  ctx.db.query = <T>(q: Query) => {
    sqlValues.push(...q.values);
    return query<T>(q);
  };
  backend = ctx.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => backend.once('listening', resolve));
  bff = makeApp(`http://127.0.0.1:${(backend.address() as AddressInfo).port}`, {
    backendSecret: TEST_BACKEND_SECRET,
    render: renderPage,
    // Made while tracing is on, as main.ts makes it: its lines carry the trace's id.
    logger: createLogger('info', { write: (line: string) => void bffLines.push(line) }),
  });
});
afterAll(async () => {
  bff?.dispose();
  backend?.closeAllConnections();
  await new Promise<void>((resolve) => (backend ? backend.close(() => resolve()) : resolve()));
  await ctx?.close();
  await stopTracing();
});

const scopeOf = (span: ReadableSpan) => span.instrumentationScope.name;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

async function finishedSpan(test: (span: ReadableSpan) => boolean, timeoutMs = 5_000): Promise<ReadableSpan> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const span = exporter.getFinishedSpans().find(test);
    if (span) return span;
    if (Date.now() > until) throw new Error('the span never finished');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Everything a span says: its name, its attributes (keys and values) and its events'. */
function spanText(span: ReadableSpan): string {
  return JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events, status: span.status });
}

describe('traces', () => {
  it('When a logged-in member asks for /members, then one trace holds the BFF request, its backend calls, the backend requests and their SQL, with parents linked and nothing of his in any span', async () => {
    const email = DEMO_LOGINS.premium;
    const cookie = await loginCookie(ctx.app, email);
    const session = cookie.slice(cookie.indexOf('=') + 1);
    exporter.reset();
    sqlValues.length = 0;
    // A visitor's own trace context is neither continued by the BFF nor passed to the backend.
    const visitorTrace = '0af7651916cd43dd8448eb211c80319c';
    const page = await request(bff)
      .get('/members?network=demo&email_token=abc')
      .set('cookie', cookie)
      .set('accept', 'text/html')
      .set('authorization', 'Bearer visitor-secret-token')
      .set('traceparent', `00-${visitorTrace}-b7ad6b7169203331-01`);
    expect(page.status).toBe(200);

    const root = await finishedSpan((s) => scopeOf(s) === 'bff' && s.kind === SpanKind.SERVER && s.name === 'GET /members');
    expect(root.parentSpanContext).toBeUndefined();
    const traceId = root.spanContext().traceId;
    expect(traceId).not.toBe(visitorTrace);
    // The query: only the names of its harmless parameters.
    expect(root.attributes['url.path']).toBe('/members');
    expect(root.attributes['url.query']).toBe('network');
    expect(root.attributes['http.response.status_code']).toBe(200);

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const byId = new Map(spans.map((s) => [idOf(s), s]));
    // Every span of the trace leads up to the page's request span.
    for (const span of spans) {
      let at: ReadableSpan | undefined = span;
      for (let hops = 0; at && at !== root && hops < 10; hops += 1) at = byId.get(parentOf(at) ?? '');
      expect(at, `${scopeOf(span)} ${span.name} leads to the page's span`).toBe(root);
    }

    // The BFF's calls to the backend, children of the page's span; the members call among them.
    const calls = spans.filter((s) => scopeOf(s) === 'bff' && s.kind === SpanKind.CLIENT);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(parentOf(call)).toBe(idOf(root));
    const membersCall = calls.find((c) => c.attributes['url.path'] === '/api/members.php');
    expect(membersCall?.name).toBe('GET /api/members.php');
    expect(membersCall?.attributes['app.operation']).toBe('listMembers');
    expect(membersCall?.attributes['http.response.status_code']).toBe(200);

    // The backend's request spans continue the calls: one per call, each the child of its call's span.
    const served = spans.filter((s) => scopeOf(s) === 'backend' && s.kind === SpanKind.SERVER);
    expect(served.map(parentOf).sort()).toEqual(calls.map(idOf).sort());
    const membersServed = served.find((s) => parentOf(s) === idOf(membersCall as ReadableSpan));
    expect(membersServed?.attributes['url.path']).toBe('/api/members.php');

    // Its SQL statements, under the backend's request: the text with placeholders, never a value.
    const statements = spans.filter((s) => scopeOf(s) === 'backend' && s.attributes['db.system.name'] === 'postgresql');
    const underMembers = statements.filter((s) => {
      let at: ReadableSpan | undefined = s;
      while (at && at !== membersServed) at = byId.get(parentOf(at) ?? '');
      return at === membersServed;
    });
    expect(underMembers.length).toBeGreaterThan(0);
    expect(underMembers.every((s) => s.kind === SpanKind.CLIENT)).toBe(true);
    expect(statements.some((s) => String(s.attributes['db.query.text']).includes('$1'))).toBe(true);

    // Nothing of the member's in any span of the run: no session, no e-mail, no credentials, no query value, no SQL
    // parameter (the values of every statement the backend ran meanwhile, numbers and short words apart).
    const everything = exporter.getFinishedSpans().map(spanText);
    const secrets = [session, email, DEMO_PASSWORD, 'visitor-secret-token', 'abc', TEST_BACKEND_SECRET];
    const values = sqlValues
      .filter((v): v is string => typeof v === 'string' && v.length >= 4)
      // The visitor's address (a parameter of the rate limits) is the loopback here, which is also the backend's host
      // the BFF's call spans name (server.address): not a value of the member's in this test.
      .filter((v) => v !== '127.0.0.1');
    expect(values.length).toBeGreaterThan(0);
    for (const text of everything) {
      for (const secret of [...secrets, ...values]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"[^"]*(?:cookie|authorization|assertion|secret)[^"]*":/i);
    }

    // The page's log lines name the request and the trace together, in both processes.
    const bffTraced = bffLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.trace_id === traceId);
    expect(bffTraced.some((l) => typeof (l.req as { id?: unknown } | undefined)?.id === 'string' && l.span_id === idOf(root))).toBe(true);
    const backendTraced = backendLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.trace_id === traceId);
    expect(backendTraced.length).toBeGreaterThan(0);
    expect(backendTraced.every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  it('When the backend is called without a traceparent, then its request span starts a trace of its own (the parent comes only from the header)', async () => {
    exporter.reset();
    await request(ctx.app).get('/api/settings.php');
    const served = await finishedSpan((s) => scopeOf(s) === 'backend' && s.kind === SpanKind.SERVER);
    expect(served.parentSpanContext).toBeUndefined();
  });

  it("When a background job runs, then it is a trace of its own, the job's span with its statements under it", async () => {
    exporter.reset();
    await ctx.background.jobs.send('cleanup');
    const run = await finishedSpan((s) => s.name === 'process cleanup', 20_000);
    expect(run.kind).toBe(SpanKind.CONSUMER);
    expect(run.parentSpanContext).toBeUndefined();
    expect(run.attributes['messaging.destination.name']).toBe('cleanup');
    const statements = exporter.getFinishedSpans().filter((s) => parentOf(s) === idOf(run));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
  });

  it('When the browser fetches a root file or a build asset, then no span is made for it', async () => {
    exporter.reset();
    expect((await request(bff).get('/favicon.ico')).status).toBe(200);
    expect((await request(bff).get('/assets/entry-client-abc123.js')).status).toBe(200);
    await request(bff).get('/api/settings.php');
    await finishedSpan((s) => scopeOf(s) === 'bff' && s.name === 'GET /api/settings.php');
    expect(
      exporter
        .getFinishedSpans()
        .filter((s) => scopeOf(s) === 'bff' && s.kind === SpanKind.SERVER)
        .map((s) => s.name),
    ).toEqual(['GET /api/settings.php']);
  });
});
