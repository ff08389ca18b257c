import { createHash } from 'node:crypto';
import express, { type ErrorRequestHandler } from 'express';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { setViewer, type Viewer } from './context';
import { sql } from './db';
import { respondIdempotently } from './idempotency';

/**
 * The gap between the key's lock and the statement snapshot its lookup reads: another request's answer that commits
 * there is not seen by the lookup, and the store finds it instead. PostgreSQL only (PGlite has one connection: nothing
 * commits beside a running transaction).
 */
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let ctx: TestContext;
beforeAll(async () => {
  if (onPostgres) ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe.skipIf(!onPostgres)('idempotency, an answer committed while the request ran', () => {
  it('When an answer under the key commits after the request looked the key up, then its own work is rolled back and that answer is replayed', async () => {
    const connection = ctx.db.connection as { kind: 'pg'; connectionString: string; searchPath?: string };
    const other = new pg.Client({
      connectionString: connection.connectionString,
      ...(connection.searchPath ? { options: `-c search_path=${connection.searchPath}` } : {}),
    });
    await other.connect();
    const body = { text: 'hello' };
    const fingerprint = createHash('sha256').update(`POST /race\n`).update(JSON.stringify(body)).digest('hex');
    let runs = 0;
    const app = express();
    app.use(express.json());
    app.use((_req, res, next) => {
      setViewer(res, { userId: 424_242 } as Viewer);
      next();
    });
    app.post('/race', async (req, res) => {
      await respondIdempotently(ctx.db, req, res, 201, async () => {
        runs += 1;
        // The work's own write, in the request's transaction.
        await ctx.db.query(sql`INSERT INTO rate_limits (key, points, expire) VALUES ('idempotency-race-work', 1, 0)`);
        // Meanwhile the key's previous holder commits its answer (outside this request's transaction).
        await other.query(
          `INSERT INTO idempotency_keys (scope, key, operation, fingerprint, status, response_body, expires_at)
           VALUES ('member:424242', 'race-1', 'POST /race', $1, 201, '{"from":"the first request"}', now() + interval '1 hour')`,
          [fingerprint],
        );
        return { from: 'this request' };
      });
    });
    const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
      res.status(500).json({ error: String(error) });
    };
    app.use(onError);
    try {
      const res = await request(app).post('/race').set('idempotency-key', 'race-1').send(body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ from: 'the first request' });
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(runs).toBe(1);
      const work = await ctx.db.query(sql`SELECT 1 FROM rate_limits WHERE key = 'idempotency-race-work'`);
      expect(work).toHaveLength(0);
    } finally {
      await other.end();
    }
  });
});
