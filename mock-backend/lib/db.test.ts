import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, join, sql, statement, type Db } from './db';

let db: Db;
beforeAll(async () => {
  db = await createPgliteDb();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('SQL templates', () => {
  it('When a value is written into a sql template, then it is bound as a parameter, never spliced into the text', async () => {
    const evil = "x'); DROP TABLE users; --";
    const q = sql`SELECT ${evil}::text AS v, ${2}::int AS n`;
    expect(q.text).toBe('SELECT $1::text AS v, $2::int AS n');
    expect(await db.query(q)).toEqual([{ v: evil, n: 2 }]);
  });

  it('When fragments are nested and joined, then their parameters are numbered in order', async () => {
    const where = join([sql`a = ${1}`, sql`b = ${'two'}`], ' AND ');
    const q = sql`SELECT * FROM (VALUES (1, 'two')) t(a, b) WHERE ${where}`;
    expect(q.text).toBe("SELECT * FROM (VALUES (1, 'two')) t(a, b) WHERE a = $1 AND b = $2");
    expect(await db.query(q)).toEqual([{ a: 1, b: 'two' }]);
  });

  it('When a template runs inside a transaction, then it sees the transaction (the string form too)', async () => {
    await db.transaction(async (tx) => {
      await tx.query(sql`CREATE TEMP TABLE seen (v int)`);
      await tx.query(sql`INSERT INTO seen VALUES (${7})`);
      expect(await tx.query(sql`SELECT v FROM seen WHERE v = ${7}`)).toEqual([{ v: 7 }]);
    });
  });
});

describe('named statements', () => {
  it('When a statement runs, then it carries its declared name and a fixed text', async () => {
    const byId = statement('test_by_id', (id: number) => sql`SELECT ${id}::int AS id`);
    const q = byId(3);
    expect(q).toMatchObject({ name: 'test_by_id', text: 'SELECT $1::int AS id', values: [3] });
    expect(await db.query(q)).toEqual([{ id: 3 }]);
  });

  it('When a name is declared twice, then the second declaration throws', () => {
    statement('test_twice', () => sql`SELECT 1`);
    expect(() => statement('test_twice', () => sql`SELECT 2`)).toThrow(/declared twice/);
  });

  it("When a statement's text would change between calls, then it throws instead of reusing the name", () => {
    const varying = statement('test_varying', (all: boolean) => (all ? sql`SELECT 1` : sql`SELECT 1 WHERE ${false}`));
    varying(true);
    expect(() => varying(false)).toThrow(/changed its text/);
  });
});
