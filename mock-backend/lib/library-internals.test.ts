import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgTestDatabase, type PgTestDatabase } from '../test/pg-database';
import { atomically, createPgDb, createPgliteDb, sql, statement, type Db } from './db';

/**
 * The database adapter with and without its paths through other libraries' private code (lib/library-internals.ts,
 * LIBRARY_INTERNALS=off): the same statements through a Db made each way answer the same. On PGlite in every backend
 * run (its answers read by pg-protocol's parser, or by PGlite's own reader), on PostgreSQL in the `postgres` project
 * (a transaction's statements corked into one write, or a write each).
 */

const item = statement('internals_item', (id: number) => sql`SELECT id, name, score, tags, doc, at FROM internals_things WHERE id = ${id}`);
const bump = statement(
  'internals_bump',
  (id: number, by: number) => sql`UPDATE internals_things SET score = score + ${by} WHERE id = ${id} RETURNING id, score`,
);

const insert = (id: number, name: string | null, score: number, extra: { tags?: string[]; doc?: unknown } = {}) =>
  sql`INSERT INTO internals_things (id, name, score, tags, doc, at)
      VALUES (${id}, ${name}, ${score}, ${extra.tags ?? null}, ${extra.doc === undefined ? null : JSON.stringify(extra.doc)}::jsonb,
              ${new Date(Date.UTC(2026, 10, 27, 10, 30) + id * 1000)})
      RETURNING id, name`;

/** What a step answered: its rows, or the fields of its error that callers read (SQLSTATE, constraint, …). */
type Outcome = { rows: unknown } | { error: Record<string, unknown> };

const ERROR_FIELDS = ['code', 'severity', 'message', 'detail', 'table', 'column', 'constraint', 'schema'] as const;

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { rows: await run() };
  } catch (err) {
    const e = err as Record<string, unknown>;
    return { error: Object.fromEntries(ERROR_FIELDS.map((f) => [f, e[f]])) };
  }
}

/** The representative statements, in order, each step's outcome by name. */
async function representative(db: Db): Promise<Record<string, Outcome>> {
  const out: Record<string, Outcome> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    out[name] = await outcome(run);
  };
  await step('schema', () =>
    db.exec(`CREATE TABLE internals_things (id int PRIMARY KEY, name text NOT NULL UNIQUE, score int NOT NULL CHECK (score >= 0),
      tags text[], doc jsonb, at timestamptz);
      CREATE INDEX internals_things_score ON internals_things (score);
      CREATE FUNCTION internals_raise(code text, message text) RETURNS int LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message; END $$`),
  );
  await step('parameters', () =>
    db.query(sql`SELECT ${7}::int AS n, ${'9007199254740993'}::int8 AS big, ${'zoë ✓'}::text AS word, ${true}::bool AS yes,
      ${'1.50'}::numeric AS price, ${0.25}::float8 AS ratio, ${new Date(Date.UTC(2026, 10, 27))}::timestamptz AS at,
      ${'2026-11-27'}::date AS day, ${JSON.stringify({ a: [1, { b: null }] })}::jsonb AS doc, ${['a', null, 'c,d']}::text[] AS words,
      ${[1, 2]}::int[] AS ids, ${null}::text AS nothing, ${'11111111-2222-3333-4444-555555555555'}::uuid AS uid,
      'first' AS same, 'second' AS same`),
  );
  await step('inserts', async () => [
    await db.query(insert(1, 'one', 1, { tags: ['x', 'y'], doc: { k: [1, 'two', null] } })),
    await db.query(insert(2, 'two', 0)),
  ]);
  await step('prepared, run again', async () => [await db.query(item(1)), await db.query(item(2)), await db.query(item(3))]);
  await step('prepared, no rows', () => db.query(bump(99, 1)));
  await step('unique violation', () => db.query(insert(3, 'one', 1)));
  await step('check violation', () => db.query(insert(3, 'three', -1)));
  await step('not-null violation', () => db.query(insert(3, null, 1)));
  await step('prepared, check violation', () => db.query(bump(1, -5)));
  await step('syntax error', () => db.query(sql`SELEC 1`));
  await step('division by zero', () => db.query(sql`SELECT 1 / ${0}::int AS n`));
  await step('raised', () => db.query(sql`SELECT internals_raise(${'IK409'}, ${'refused'})`));
  await step('several statements', () =>
    db.exec(`UPDATE internals_things SET score = score + 1; UPDATE internals_things SET tags = '{}' WHERE tags IS NULL`),
  );
  await step('transaction, committed', () =>
    db.transaction(async (tx) => [await tx.query(insert(10, 'ten', 10)), await tx.query(bump(10, 1))]),
  );
  await step('transaction, thrown', () =>
    db.transaction(async (tx) => {
      await tx.query(insert(11, 'eleven', 11));
      throw Object.assign(new Error('work refused'), { code: 'WORK1' });
    }),
  );
  await step('transaction, failing statement', () =>
    db.transaction(async (tx) => {
      await tx.query(insert(12, 'twelve', 12));
      return tx.query(insert(13, 'one', 1));
    }),
  );
  await step('transaction, two statements in one turn', () =>
    db.transaction((tx) =>
      Promise.all([tx.query(bump(1, 5)), tx.query(item(1)), tx.query(sql`SELECT count(*)::int AS n FROM internals_things`)]),
    ),
  );
  await step('transaction, first of a turn fails', () =>
    db.transaction(async (tx) => {
      const [a, b] = await Promise.allSettled([tx.query(bump(2, -100)), tx.query(insert(14, 'fourteen', 14))]);
      if (a.status === 'rejected') throw a.reason;
      return b;
    }),
  );
  await step('transaction, commitWith raises', () =>
    db.transaction(async (tx) => {
      await tx.query(insert(15, 'fifteen', 15));
      tx.commitWith(sql`SELECT internals_raise('IK409', 'refused at commit')`);
    }),
  );
  await step('atomically, a nested part rolled back to its savepoint', () =>
    atomically(
      db,
      // The work uses the plain Db, as services do: its statements and nested transaction go into the ambient one.
      async () => {
        await db.query(insert(16, 'sixteen', 16));
        const nested = await outcome(() =>
          db.transaction(async (inner) => {
            await inner.query(insert(17, 'seventeen', 17));
            await inner.query(insert(18, 'sixteen', 18));
          }),
        );
        return nested;
      },
      async (tx, result) => {
        await tx.query(bump(16, result.ok ? 1 : 2));
      },
    ),
  );
  await step('a statement outside waits for an open transaction', async () => {
    // Started while the transaction holds an uncommitted row: it runs after the commit, never inside it.
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(insert(19, 'nineteen', 19));
      outside = db.query(sql`SELECT count(*)::int AS n FROM internals_things WHERE id = ${19}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query(sql`DELETE FROM internals_things WHERE id = ${19}`);
    });
    return outside;
  });
  await step('after the refusals', () => db.query(sql`SELECT ${'still'}::text AS ok`));
  await step('kept', () => db.query(sql`SELECT id, name, score, tags, doc, at FROM internals_things ORDER BY id`));
  return out;
}

/** The rows that must be kept after representative() (each kind of refusal kept nothing). */
function expectKept(kept: Outcome | undefined) {
  expect(kept).toBeDefined();
  const rows = (kept as { rows: { id: number; score: number }[] }).rows;
  expect(rows.map((r) => [r.id, r.score])).toEqual([
    [1, 7],
    [2, 1],
    [10, 11],
    [16, 17],
  ]);
}

function expectRefusals(out: Record<string, Outcome>) {
  expect(out['unique violation']).toMatchObject({
    error: { code: '23505', constraint: 'internals_things_name_key', table: 'internals_things' },
  });
  expect(out['check violation']).toMatchObject({ error: { code: '23514', constraint: 'internals_things_score_check' } });
  expect(out['not-null violation']).toMatchObject({ error: { code: '23502', column: 'name' } });
  expect(out['prepared, check violation']).toMatchObject({ error: { code: '23514' } });
  expect(out['syntax error']).toMatchObject({ error: { code: '42601' } });
  expect(out['division by zero']).toMatchObject({ error: { code: '22012' } });
  expect(out.raised).toMatchObject({ error: { code: 'IK409', message: 'refused' } });
  expect(out['transaction, thrown']).toMatchObject({ error: { code: 'WORK1' } });
  expect(out['transaction, failing statement']).toMatchObject({ error: { code: '23505' } });
  expect(out['transaction, first of a turn fails']).toMatchObject({ error: { code: '23514' } });
  expect(out['transaction, commitWith raises']).toMatchObject({ error: { code: 'IK409', message: 'refused at commit' } });
  expect(out['atomically, a nested part rolled back to its savepoint']).toMatchObject({ rows: { error: { code: '23505' } } });
}

/** The migrated template of the run (PGlite), when there is one: a new database without initdb. */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = process.env.PGLITE_TEMPLATE;
  return file ? new Blob([await readFile(file)]) : undefined;
}

describe('PGlite with and without library internals', () => {
  const dbs: Db[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
  });

  it('When the same statements run through a Db made each way, then every answer and every refusal is the same', async () => {
    const template = await pgliteTemplate();
    const fast = await createPgliteDb(undefined, template, { libraryInternals: true });
    dbs.push(fast);
    const plain = await createPgliteDb(undefined, template, { libraryInternals: false });
    dbs.push(plain);
    const withInternals = await representative(fast);
    const without = await representative(plain);
    expect(without).toEqual(withInternals);
    expectRefusals(withInternals);
    expectKept(withInternals.kept);
    expect(withInternals['a statement outside waits for an open transaction']).toEqual({ rows: [{ n: 0 }] });
    expect(withInternals.parameters).toMatchObject({
      rows: [
        {
          n: 7,
          word: 'zoë ✓',
          yes: true,
          doc: { a: [1, { b: null }] },
          words: ['a', null, 'c,d'],
          ids: [1, 2],
          nothing: null,
          same: 'second',
        },
      ],
    });
  });
});

const pgUrl = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/** Counts the writes of every socket of the process while `run` runs (node-postgres writes through net.Socket). */
async function countWrites<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const original = { write: socket._write, writev: socket._writev };
  let writes = 0;
  socket._write = function (this: unknown, ...args: unknown[]) {
    writes += 1;
    return original.write.apply(this, args);
  };
  socket._writev = function (this: unknown, ...args: unknown[]) {
    writes += 1;
    return original.writev.apply(this, args);
  };
  try {
    return { result: await run(), writes };
  } finally {
    socket._write = original.write;
    socket._writev = original.writev;
  }
}

describe.runIf(pgUrl)('PostgreSQL with and without library internals', () => {
  const databases: PgTestDatabase[] = [];
  const dbs: Db[] = [];
  const open = async (libraryInternals: boolean) => {
    const database = await createPgTestDatabase(pgUrl as string, 'internals');
    databases.push(database);
    const db = createPgDb(database.url, { searchPath: database.schema, max: 2, libraryInternals });
    dbs.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await Promise.all(databases.map((d) => d.drop()));
  });

  let fast: Db;
  let plain: Db;
  beforeAll(async () => {
    fast = await open(true);
    plain = await open(false);
  });

  it('When the same statements run through a Db made each way, then every answer and every refusal is the same', async () => {
    const withInternals = await representative(fast);
    const without = await representative(plain);
    expect(without).toEqual(withInternals);
    expectRefusals(withInternals);
    expectKept(withInternals.kept);
  });

  it('When a transaction starts two statements in one turn, then they go out in one write corked and in two without', async () => {
    const turn = (db: Db) =>
      db.transaction(async (tx) => {
        await tx.query(sql`SELECT 1 AS warm`);
        return countWrites(() => Promise.all([tx.query(bump(1, 1)), tx.query(item(1))]));
      });
    const corked = await turn(fast);
    const uncorked = await turn(plain);
    expect(uncorked.result).toEqual(corked.result);
    expect(corked.writes).toBe(1);
    expect(uncorked.writes).toBe(2);
  });
});
