import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../seed/seed';
import { createTestContext, loginCookie, TEST_OPERATOR_TOKEN, type TestContext } from '../test/context';
import { createApp } from '../app';
import { createLogger } from './logger';
import { createOps } from './ops';
import { sql } from './db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 4 });
});
afterAll(() => ctx?.close());

/** /readyz answers within a short wait; on a loaded machine the first database check may still be running, so ask until it has an answer. */
const settledReadyz = (app: Express) =>
  vi.waitFor(
    async () => {
      const res = await request(app).get('/readyz');
      expect(res.body.problems).not.toContain('not checked yet');
      return res;
    },
    { timeout: 5_000, interval: 100 },
  );

const metrics = async () => (await request(ctx.app).get('/_ops/metrics').set('authorization', `Bearer ${TEST_OPERATOR_TOKEN}`)).text;

describe('backend probes', () => {
  it('When the process runs, then /healthz is 200 without touching the database, and /readyz is 200 ready with migrations applied and workers running', async () => {
    const live = await request(ctx.app).get('/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await settledReadyz(ctx.app);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', problems: [] });
  });

  it('When the job workers are not running or a migration is missing, then /readyz is 503 naming it', async () => {
    const ops = createOps({ db: ctx.db, bus: ctx.bus, jobs: { running: () => false, stats: async () => [] } });
    const app = createApp({
      db: ctx.db,
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => {} },
      publicUrl: 'http://localhost:3000',
      ops,
    });
    const res = await settledReadyz(app);
    expect(res.status).toBe(503);
    expect(res.body.problems).toContain('job workers not running');

    // A database one migration behind this build (the row is put back at once).
    await ctx.db.transaction(async (tx) => {
      const [last] = await tx.query<{ version: string }>(
        sql`DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version`,
      );
      const behind = createOps({ db: tx, bus: ctx.bus, jobs: ctx.background.jobs });
      const app2 = createApp({
        db: ctx.db,
        logger: createLogger('silent'),
        media: ctx.media,
        dataDir: path.dirname(ctx.mediaDir),
        outbox: { kick: () => {} },
        publicUrl: 'http://localhost:3000',
        ops: behind,
      });
      const answer = await settledReadyz(app2);
      expect(answer.status).toBe(503);
      expect(answer.body.problems.join(' ')).toMatch(/^migrations: \d+ of \d+ applied$/);
      await tx.query(sql`INSERT INTO schema_migrations (version) VALUES (${last?.version})`);
    });
  });

  it('When the instance shuts down, then /readyz is 503 shutting down while /healthz stays 200', async () => {
    const ops = createOps({ db: ctx.db, bus: ctx.bus, jobs: ctx.background.jobs });
    const app = createApp({
      db: ctx.db,
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => {} },
      publicUrl: 'http://localhost:3000',
      ops,
    });
    ops.drain();
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.problems).toContain('shutting down');
    expect((await request(app).get('/healthz')).status).toBe(200);
  });
});

describe('backend metrics', () => {
  it('When no or a wrong token is given, then 401; without OPERATOR_TOKEN the endpoint does not exist', async () => {
    expect((await request(ctx.app).get('/_ops/metrics')).status).toBe(401);
    expect((await request(ctx.app).get('/_ops/metrics').set('authorization', 'Bearer wrong-token-wrong-token-wrong-token')).status).toBe(
      401,
    );
    const ops = createOps({ db: ctx.db, bus: ctx.bus, jobs: ctx.background.jobs });
    const app = createApp({
      db: ctx.db,
      logger: createLogger('silent'),
      media: ctx.media,
      dataDir: path.dirname(ctx.mediaDir),
      outbox: { kick: () => {} },
      publicUrl: 'http://localhost:3000',
      ops,
    });
    expect((await request(app).get('/_ops/metrics').set('authorization', `Bearer ${TEST_OPERATOR_TOKEN}`)).status).toBe(404);
  });

  it('When requests were served, then the metrics carry them per operation and status, with jobs per queue, the mail outbox, open streams and the webhook lag', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    // A mail waiting for its next attempt (an hour away: the mail job leaves it pending).
    await ctx.db.query(
      sql`INSERT INTO mail_outbox (topic, ref, to_address, from_address, subject, text_body, html_body, next_attempt_at, created_at)
       VALUES ('test', 'ops-test', 'x@example.test', 'site@example.test', 's', 't', '<p>t</p>', now() + interval '1 hour', now() - interval '90 seconds')`,
    );
    const text = await metrics();
    expect(text).toMatch(/backend_http_requests_total\{operation="GET \/api\/user\.php",status="200"\} 1/);
    expect(text).toMatch(/backend_http_request_duration_seconds_count\{operation="POST \/api\/user\.php"\} 1/);
    expect(text).toMatch(/backend_jobs\{queue="mail-outbox",state="queued"\} \d+/);
    expect(text).toMatch(/backend_jobs_oldest_queued_seconds\{queue="[a-z-]+"\} [\d.]+/);
    expect(Number(/backend_mail_outbox\{status="pending"\} (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/backend_mail_outbox_oldest_pending_seconds ([\d.e+]+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(90);
    expect(text).toContain('backend_event_streams_open 0');
    expect(text).toMatch(/backend_webhook_inbox_lag_seconds [\d.]+/);
    if (ctx.db.dialect === 'pg') expect(text).toMatch(/backend_db_pool_connections\{state="waiting"\} 0/);
  });
});
