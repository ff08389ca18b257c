import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { deadPort, makeApp, startStandIn, type StandIn } from './helpers';

/** The access log an operator reads: one line per request, headers only at debug, no stack for a breaker refusal. */
let app: BffApp | undefined;
let standIn: StandIn | undefined;
afterEach(async () => {
  app?.dispose();
  app = undefined;
  await standIn?.close();
  standIn = undefined;
});

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const waitFor = async (test: () => boolean) => {
  const until = Date.now() + 2_000;
  while (!test()) {
    if (Date.now() > until) throw new Error('no such log line');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('access log', () => {
  it('When an API call is proxied at info level, then one line carries method, url, route, status, duration, request id, backend and attempts, and no headers', async () => {
    standIn = await startStandIn();
    const { logger, lines } = capture('info');
    app = makeApp(standIn.url, { logger });
    await request(app).get('/api/settings.php').set('x-request-id', 'req-log-1').set('user-agent', 'x'.repeat(500));
    await waitFor(() => lines.some((l) => l.responseTime !== undefined));
    const access = lines.filter((l) => l.responseTime !== undefined);
    expect(access).toHaveLength(1);
    const line = access[0] as {
      req: Record<string, unknown>;
      res: Record<string, unknown>;
      route: string;
      backend: string;
      attempts: number;
      responseTime: number;
    };
    expect(line.req).toEqual({ id: 'req-log-1', method: 'GET', url: '/api/settings.php' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(line.route).toBe('api:getSettings');
    expect(line.backend).toBe('default');
    expect(line.attempts).toBe(1);
    expect(JSON.stringify(line)).not.toContain('user-agent');
  });

  it('When the level is debug, then the headers are logged', async () => {
    standIn = await startStandIn();
    const { logger, lines } = capture('debug');
    app = makeApp(standIn.url, { logger });
    await request(app).get('/api/settings.php').set('user-agent', 'debug-agent');
    await waitFor(() => lines.some((l) => l.responseTime !== undefined));
    expect(JSON.stringify(lines.find((l) => l.responseTime !== undefined))).toContain('debug-agent');
  });

  it('When calls are refused while the breaker is open, then each is one warn line without a stack', async () => {
    const { logger, lines } = capture('info');
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, {
      logger,
      retry: { retries: 0 },
      breaker: { threshold: 0.5, samplingMs: 10_000, minimumRps: 0.5, halfOpenAfterMs: 60_000 },
    });
    // Failing calls until the breaker opens, then two refused ones.
    const failing = app;
    await Promise.all(Array.from({ length: 20 }, () => request(failing).get('/api/likes.php')));
    expect(app.backends.breakerState()).toBe(1);
    await request(app).get('/api/likes.php');
    await request(app).get('/api/likes.php');
    await request(app).get('/api/likes.php');
    await waitFor(() => lines.filter((l) => l.failure === 'breaker_open').length >= 3);
    const refusedAt = lines.findIndex((l) => l.failure === 'breaker_open');
    const after = lines.slice(refusedAt).filter((l) => l.msg !== 'circuit breaker opened: failing fast');
    const refused = after.filter((l) => l.failure === 'breaker_open');
    expect(refused.length).toBeGreaterThan(0);
    // Nothing but the access lines once the breaker is open: one per refused call, warn (40), no stack.
    expect(after).toHaveLength(refused.length);
    for (const line of refused) {
      expect(line.level).toBe(40);
      expect(JSON.stringify(line)).not.toContain('"stack"');
    }
    // The failures before it opened: the access line carries the cause, with its stack, once.
    const failed = lines.filter((l) => l.failure === 'unavailable');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((l) => l.level === 50 && JSON.stringify(l.err).includes('stack'))).toBe(true);
  });
});
