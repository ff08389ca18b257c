import express, { type ErrorRequestHandler } from 'express';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { setViewer, type Viewer } from './context';
import { sql } from './db';
import { AppError } from './errors';
import { respondIdempotently } from './idempotency';

/**
 * `firstStepIsStatement`: the work's first statement goes out with the key's lock, and the rest of the work waits for
 * the lock's answer. When the key is not this request's (answered before, or held by a request in flight), that first
 * statement is rolled back and nothing after it runs.
 */

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const MEMBER = 515_151;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 0 });
});
afterAll(() => ctx?.close());

const rows = (key: string) => ctx.db.query(sql`SELECT points FROM rate_limits WHERE key = ${key}`);

/** An app whose work writes two rows (its first step and a second one) and counts the runs that got that far. */
function appWithWork(tag: string) {
  const steps = { first: 0, second: 0 };
  const app = express();
  app.use(express.json());
  app.use((_req, res, next) => {
    setViewer(res, { userId: MEMBER } as Viewer);
    next();
  });
  app.post('/first-step', async (req, res) => {
    await respondIdempotently(
      ctx.db,
      req,
      res,
      201,
      async () => {
        steps.first += 1;
        const run = steps.first;
        await ctx.db.query(sql`INSERT INTO rate_limits (key, points, expire) VALUES (${`${tag}-first-${run}`}, 1, 0)`);
        await ctx.db.query(sql`INSERT INTO rate_limits (key, points, expire) VALUES (${`${tag}-second-${run}`}, 1, 0)`);
        steps.second += 1;
        return { run };
      },
      { firstStepIsStatement: true },
    );
  });
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    if (error instanceof AppError) res.status(error.status).json({ error: error.code });
    else res.status(500).json({ error: String(error) });
  };
  app.use(onError);
  return { app, steps };
}

describe('idempotency, the work started with the key lock', () => {
  it('When the key is new, then the whole work commits with its answer, and a repeat replays it without running again', async () => {
    const { app, steps } = appWithWork('fresh');
    const first = await request(app).post('/first-step').set('idempotency-key', 'first-step-1').send({ a: 1 });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ run: 1 });
    expect(await rows('fresh-first-1')).toEqual([{ points: 1 }]);
    expect(await rows('fresh-second-1')).toEqual([{ points: 1 }]);

    const again = await request(app).post('/first-step').set('idempotency-key', 'first-step-1').send({ a: 1 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ run: 1 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The repeat's first statement went out with the lock, and was rolled back; its second step never ran.
    expect(steps).toEqual({ first: 2, second: 1 });
    expect(await rows('fresh-first-2')).toEqual([]);
    expect(await rows('fresh-second-2')).toEqual([]);
  });

  it('When the key was used for another request, then 422 and nothing of the work is kept', async () => {
    const { app, steps } = appWithWork('reused');
    expect((await request(app).post('/first-step').set('idempotency-key', 'first-step-2').send({ a: 1 })).status).toBe(201);
    const other = await request(app).post('/first-step').set('idempotency-key', 'first-step-2').send({ a: 2 });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'idempotency_key_reused' });
    expect(steps.second).toBe(1);
    expect(await rows('reused-first-2')).toEqual([]);
  });

  it.skipIf(!onPostgres)('When another request holds the key, then 409 and the first statement is rolled back', async () => {
    const connection = ctx.db.connection as { kind: 'pg'; connectionString: string; searchPath?: string };
    const holder = new pg.Client({ connectionString: connection.connectionString });
    await holder.connect();
    const { app, steps } = appWithWork('held');
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended($1, 7))`, [`idempotency:member:${MEMBER}:first-step-3`]);
      const res = await request(app).post('/first-step').set('idempotency-key', 'first-step-3').send({ a: 1 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'idempotency_key_in_use' });
      expect(steps).toEqual({ first: 1, second: 0 });
      expect(await rows('held-first-1')).toEqual([]);
    } finally {
      await holder.end();
    }
    // Once the holder is gone, the key is free.
    const retry = await request(app).post('/first-step').set('idempotency-key', 'first-step-3').send({ a: 1 });
    expect(retry.status).toBe(201);
    expect(await rows('held-second-2')).toEqual([{ points: 1 }]);
  });
});
