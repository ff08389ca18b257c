import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendHeaders } from '../../src/bff/backend-headers';
import { enableTracing, otlpExporter } from '../../src/shared/tracing';

/**
 * The OTLP/HTTP export as a collector receives it (a stand-in on a free port), and the trace headers of a BFF call:
 * the BFF's own `traceparent`, never a visitor's.
 */

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let collector: http.Server;
let endpoint: string;

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  collector.closeAllConnections();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

/** Runs `make` with the variables set in process.env (which OpenTelemetry's exporter reads), then puts them back. */
function withEnv<T>(vars: Record<string, string>, make: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return make();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe('OTLP/HTTP export', () => {
  it('When spans finish, then they are posted as OTLP JSON to <endpoint>/v1/traces with the configured headers, the service named and the call linked to its request', async () => {
    const exporter = withEnv(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/`,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-scope-orgid=site%20one,authorization=Bearer collector-key',
      },
      () => otlpExporter(process.env),
    );
    const tracing = enableTracing({ spanProcessor: new BatchSpanProcessor(exporter), resource: { 'service.name': 'bff' } });
    const req = Object.assign(new http.IncomingMessage(null as never), { method: 'GET', url: '/members/12?page=2&token=abc', headers: {} });
    const res = new http.ServerResponse(req);
    let sent: Record<string, string> = {};
    await new Promise<void>((resolve, reject) =>
      tracing.serve('bff', req, res, () => {
        tracing
          .backendCall(
            { method: 'GET', path: '/api/profile.php?id=12', url: 'http://backend:3001', backend: 'default', operation: 'getProfile' },
            (headers) => {
              sent = headers;
              return Promise.resolve({ status: 200 });
            },
            () => ({ status: 200, attempts: 2 }),
          )
          .then(() => {
            res.statusCode = 200;
            res.emit('finish');
            resolve();
          }, reject);
      }),
    );
    await tracing.shutdown();

    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post?.url).toBe('/v1/traces');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-scope-orgid']).toBe('site one');
    expect(post?.headers.authorization).toBe('Bearer collector-key');
    type Span = {
      traceId: string;
      spanId: string;
      parentSpanId?: string;
      name: string;
      kind: number;
      attributes: { key: string; value: unknown }[];
    };
    const body = JSON.parse(post?.body ?? '{}') as {
      resourceSpans: {
        resource: { attributes: { key: string; value: unknown }[] };
        scopeSpans: { scope: { name: string }; spans: Span[] }[];
      }[];
    };
    const [resource] = body.resourceSpans;
    expect(resource?.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'bff' } });
    const spans = resource?.scopeSpans.flatMap((s) => s.spans) ?? [];
    const server = spans.find((s) => s.kind === 2);
    const client = spans.find((s) => s.kind === 3);
    expect(server?.name).toBe('GET /members/:id');
    expect(server?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(server?.attributes).toContainEqual({ key: 'url.query', value: { stringValue: 'page' } });
    expect(client?.name).toBe('GET /api/profile.php');
    expect(client?.parentSpanId).toBe(server?.spanId);
    expect(client?.traceId).toBe(server?.traceId);
    expect(client?.attributes).toContainEqual({ key: 'http.request.resend_count', value: { intValue: 1 } });
    expect(post?.body).not.toContain('abc');
    // The call carried the call span's context as W3C trace context.
    expect(sent.traceparent).toBe(`00-${client?.traceId}-${client?.spanId}-01`);
  });

  it('When only a traces endpoint is given, then spans go there as it is written; gRPC is refused', async () => {
    received.length = 0;
    const exporter = withEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/otlp/v1/traces` }, () => otlpExporter(process.env));
    const tracing = enableTracing({ spanProcessor: new BatchSpanProcessor(exporter), resource: { 'service.name': 'backend' } });
    const req = Object.assign(new http.IncomingMessage(null as never), { method: 'GET', url: '/api/settings.php', headers: {} });
    const res = new http.ServerResponse(req);
    tracing.serve('backend', req, res, () => {
      res.statusCode = 200;
      res.emit('finish');
    });
    await tracing.shutdown();
    expect(received.map((r) => r.url)).toEqual(['/otlp/v1/traces']);
    expect(() => otlpExporter({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/grpc/);
  });
});

describe('trace headers of a backend call', () => {
  it("When a visitor sends traceparent, tracestate or baggage, then the BFF's backend headers drop them", () => {
    const headers = backendHeaders(
      {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        tracestate: 'vendor=x',
        baggage: 'user=someone@example.test',
        accept: 'application/json',
      },
      '/api/members.php',
      { requestId: 'r1', locale: 'en', clientIp: '203.0.113.9', forwardedHost: 'site.test', forwardedProto: 'https' },
    );
    expect(headers.traceparent).toBeUndefined();
    expect(headers.tracestate).toBeUndefined();
    expect(headers.baggage).toBeUndefined();
    expect(headers.accept).toBe('application/json');
  });
});
