import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteDb, sql, type Db, type Sql } from './db';
import { errorHandler } from './errors';
import { createLogger, httpLogger } from './logger';

let db: Db;
beforeAll(async () => {
  db = await createPgliteDb();
  await db.exec(`
    CREATE TABLE regions_t (id int PRIMARY KEY);
    CREATE TABLE profiles_t (
      user_id int PRIMARY KEY,
      region_id int REFERENCES regions_t(id),
      height int CHECK (height BETWEEN 100 AND 250),
      name varchar(10) NOT NULL DEFAULT 'x'
    );
    INSERT INTO regions_t VALUES (1);`);
});
afterAll(() => db?.close());

/** An app whose one route writes in a transaction: first a valid row, then `refused`. */
function appWriting(refused: Sql, out: string[]) {
  const app = express();
  app.use(httpLogger(createLogger('info', { write: (line: string) => void out.push(line) })));
  app.post('/write', async (_req, res, next) => {
    try {
      await db.transaction(async (tx) => {
        await tx.query(sql`INSERT INTO profiles_t (user_id) VALUES ((SELECT coalesce(max(user_id), 0) + 1 FROM profiles_t))`);
        await tx.query(refused);
      });
      res.json({ success: true });
    } catch (err) {
      next(err);
    }
  });
  app.use(errorHandler);
  return app;
}

describe('values the database refuses', () => {
  it.each([
    ['a foreign key', sql`UPDATE profiles_t SET region_id = ${2147483647}`, 'region_id'],
    ['a check constraint', sql`UPDATE profiles_t SET height = ${20}`, 'height'],
    ['not null', sql`UPDATE profiles_t SET name = ${null}`, 'name'],
    ['a too long text', sql`UPDATE profiles_t SET name = ${'x'.repeat(11)}`, null],
  ])(
    'When %s refuses the value, then 422 invalid_value with the field in the member language, one warning without a stack, and nothing written',
    async (_what, refused, field) => {
      const out: string[] = [];
      const [before] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM profiles_t`);
      const res = await request(appWriting(refused, out)).post('/write').set('accept-language', 'de');
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('invalid_value');
      expect(res.body.error.message).toBe('Dieser Wert wird nicht akzeptiert. Bitte prüfe ihn und versuche es erneut.');
      if (field) expect(res.body.error.params).toEqual({ field });
      await vi.waitFor(() => expect(out.join('')).toContain('value refused by the database'));
      const text = out.join('');
      expect(text).not.toContain('"stack"');
      expect(text).not.toContain('request failed');
      // The transaction rolled back: the valid row before the refused statement is gone too.
      expect(await db.query(sql`SELECT count(*)::int AS n FROM profiles_t`)).toEqual([before]);
    },
  );
});
