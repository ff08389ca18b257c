import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, raw, sql, statement, type Db } from './db';

// Every type the repositories read, NULL among them, and two columns of one name.
const EVERY_TYPE = `SELECT 1::int2 AS small, 2::int4 AS n, 9007199254740993::int8 AS big, 1.50::numeric AS price,
  0.25::float8 AS ratio, true AS yes, NULL::text AS nothing, 'zoë ✓'::text AS word, 'a'::varchar AS short,
  '2026-11-27 10:30:00+00'::timestamptz AS at, '2026-11-27'::date AS day, '{"a":[1,{"b":null}]}'::jsonb AS doc,
  '{"x":1}'::json AS plain, ARRAY['a', NULL, 'c,d']::text[] AS words, ARRAY[1, 2]::int[] AS ids,
  '\\x00ff'::bytea AS raw, '11111111-2222-3333-4444-555555555555'::uuid AS uid, 'first' AS same, 'second' AS same`;

// Declared once in the process (a name is), run by both readers below.
const everyType = statement('wire_every_type', (n: number) => sql`${raw(EVERY_TYPE)}, ${n}::int AS run`);
const none = statement('wire_no_rows', (id: number) => sql`UPDATE wire_things SET score = score WHERE id = ${id}`);
const some = statement('wire_some_rows', (limit: number) => sql`SELECT i, NULL::text AS gone FROM generate_series(1, ${limit}) i`);

// Both ways of reading PGlite's answers (lib/pglite-wire.ts): pg-protocol's parser (the default) and, with
// LIBRARY_INTERNALS=off, PGlite's own reader. Each must give what PGlite's query() gives.
describe.each([
  { reader: 'PGlite answers read with the protocol parser', libraryInternals: true },
  { reader: 'PGlite answers read by PGlite’s own reader (LIBRARY_INTERNALS=off)', libraryInternals: false },
])('$reader', ({ libraryInternals }) => {
  let db: Db;
  let lite: PGlite;
  beforeAll(async () => {
    // A copy of the run's migrated template when there is one (no initdb: two databases in this file).
    const template = process.env.PGLITE_TEMPLATE ? new Blob([await readFile(process.env.PGLITE_TEMPLATE)]) : undefined;
    db = await createPgliteDb(undefined, template, { libraryInternals });
    if (db.connection.kind !== 'pglite') throw new Error('expected PGlite');
    lite = db.connection.pglite;
    await lite.exec(`CREATE TABLE wire_things (id int PRIMARY KEY, name text NOT NULL UNIQUE, score int CHECK (score >= 0))`);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('When a row of every type is read, then it equals what PGlite’s own query() gives', async () => {
    const ours = await db.query(sql`${raw(EVERY_TYPE)}`);
    const theirs = (await lite.query(EVERY_TYPE)).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ nothing: null, same: 'second', word: 'zoë ✓', doc: { a: [1, { b: null }] } });
  });

  it('When a prepared statement runs again, without describing its rows, then every run reads the rows as the first did', async () => {
    const theirs = (await lite.query(EVERY_TYPE)).rows[0] as Record<string, unknown>;
    for (const n of [1, 2, 3]) expect(await db.query(everyType(n))).toEqual([{ ...theirs, run: n }]);
    for (const id of [1, 99]) expect(await db.query(none(id))).toEqual([]);
    expect(await db.query(some(0))).toEqual([]);
    expect(await db.query(some(2))).toEqual([
      { i: 1, gone: null },
      { i: 2, gone: null },
    ]);
  });

  it('When an answer is larger than one write of PGlite, then every row arrives whole', async () => {
    const rows = await db.query<{ i: number; pad: string }>(sql`SELECT i, repeat('é', 200) || i AS pad FROM generate_series(1, ${5000}) i`);
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ i: 5000, pad: `${'é'.repeat(200)}5000` });
  });

  it('When a statement has no rows or returns none, then it answers an empty list', async () => {
    expect(await db.query(sql`SELECT 1 AS one WHERE false`)).toEqual([]);
    expect(await db.query(sql`INSERT INTO wire_things VALUES (${1}, ${'one'}, ${1})`)).toEqual([]);
  });

  it('When PostgreSQL refuses a statement, then the error carries the fields PGlite’s query() gives, and nothing is written', async () => {
    const refusal = async (run: () => Promise<unknown>) =>
      run().then(
        () => null,
        (e: unknown) => e as Record<string, unknown>,
      );
    const insert = (id: number, name: string, score: number) => sql`INSERT INTO wire_things VALUES (${id}, ${name}, ${score})`;
    const ours = await refusal(() => db.query(insert(2, 'one', 1)));
    const theirs = await refusal(() => lite.query(`INSERT INTO wire_things VALUES (2, 'one', 1)`));
    const fields = ['severity', 'code', 'detail', 'table', 'constraint', 'schema', 'message'];
    const pick = (e: Record<string, unknown> | null) => Object.fromEntries(fields.map((f) => [f, e?.[f]]));
    expect(pick(ours)).toEqual(pick(theirs));
    expect(ours).toMatchObject({ code: '23505', constraint: 'wire_things_name_key', query: insert(2, 'one', 1).text });
    expect(await refusal(() => db.query(insert(3, 'three', -1)))).toMatchObject({ code: '23514' });
    expect(await db.query(sql`SELECT count(*)::int AS n FROM wire_things`)).toEqual([{ n: 1 }]);
    // The database answers normally after a refusal.
    expect(await db.query(sql`SELECT ${'still'}::text AS ok`)).toEqual([{ ok: 'still' }]);
  });
});
