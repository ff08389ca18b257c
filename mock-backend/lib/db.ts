import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import sql, { empty, join, raw, Sql } from 'sql-template-tag';

/**
 * SQL is written as `sql` tagged templates: every `${value}` becomes a bound parameter ($1, $2, … numbered by the
 * library), a nested `sql` fragment is spliced in with its own parameters, and `raw()` inserts fixed text (column
 * lists, never input). `join()` glues fragments (`join(conditions, ' AND ')`), `empty` is no text.
 */
export { empty, join, raw, sql, Sql };

/** A statement ready to run: its text with $N placeholders, their values, and — for a statement() — its name. */
export interface Query {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly name?: string | undefined;
}

/** The small database seam every repository uses; one adapter for PGlite and one for PostgreSQL. */
/** What a component that needs its own connection (the job queue) must know of the database behind a Db. */
type DbConnection =
  | { readonly kind: 'pglite'; readonly pglite: PGlite }
  | { readonly kind: 'pg'; readonly connectionString: string; readonly searchPath?: string | undefined };

export interface Db {
  readonly dialect: 'pglite' | 'pg';
  readonly connection: DbConnection;
  /**
   * A `sql` template or a statement() (its values inside, never spliced into the text): no SQL text with placeholders
   * and a list of values beside it.
   */
  query<T = Record<string, unknown>>(q: Query): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; a thrown error rolls it back. Nested calls reuse the outer transaction. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  /** The connection pool's counts (PostgreSQL only; metrics). */
  readonly pool?: { total(): number; idle(): number; waiting(): number };
}

/**
 * One transaction around a whole piece of work that calls services written against the plain Db (atomically()):
 * while it runs, every query, exec and transaction of that database from the work's async context goes into it —
 * a nested transaction() becomes a savepoint, so it rolls back alone as before — and what the work schedules with
 * afterCommit() (bus signals, job kicks) runs only once the transaction committed. Anything the work left running
 * after it ended (a timer, a background loop) uses the database normally again.
 */
interface Ambient {
  readonly root: object;
  readonly tx: Db;
  open: boolean;
  savepoints: number;
  /** Nested transactions open now (statements outside them are the work's own). */
  depth: number;
  /** The work wrote something that must be kept when a later nested transaction fails (that one needs a savepoint). */
  dirty: boolean;
  /** A nested transaction failed without a savepoint: its half is in the transaction, which must not commit. */
  poisoned: boolean;
  readonly after: (() => unknown)[];
}

const ambient = new AsyncLocalStorage<Ambient>();

/** The open ambient transaction of this root database in the current async context, if any. */
function ambientOf(root: object): Ambient | undefined {
  const a = ambient.getStore();
  return a && a.open && a.root === root ? a : undefined;
}

/** A statement of the work outside its nested transactions: from now on a failing nested one needs a savepoint. */
function statementOf(a: Ambient): Db {
  if (a.depth === 0) a.dirty = true;
  return a.tx;
}

/** A nested transaction inside the ambient one: a savepoint, released on success and rolled back to on failure. */
async function savepoint<R>(a: Ambient, fn: (tx: Db) => Promise<R>): Promise<R> {
  if (a.depth === 0 && !a.dirty) {
    // Nothing to keep yet: the whole transaction rolls back if this part fails (one round trip less per request).
    a.depth += 1;
    try {
      return await fn(a.tx);
    } catch (err) {
      a.poisoned = true;
      throw err;
    } finally {
      a.depth -= 1;
      a.dirty = true;
    }
  }
  a.depth += 1;
  a.savepoints += 1;
  const name = `sp_${a.savepoints}`;
  await a.tx.query(sql`SAVEPOINT ${raw(name)}`);
  try {
    const result = await fn(a.tx);
    await a.tx.query(sql`RELEASE SAVEPOINT ${raw(name)}`);
    return result;
  } catch (err) {
    await a.tx.query(sql`ROLLBACK TO SAVEPOINT ${raw(name)}`).catch(() => undefined);
    throw err;
  } finally {
    a.depth -= 1;
  }
}

/** Marks a Db as the root of ambient transactions (its queries look for one first). */
const ROOT = Symbol('db root');
type RootDb = Db & { [ROOT]: object };

/**
 * Runs `work` in one transaction of `db` (see Ambient): either everything it wrote commits, or — when the process
 * dies or the transaction fails — nothing. `finish` runs last inside the same transaction with the work's outcome
 * (the idempotency record of an answer commits together with its effects). When `work` throws, what it wrote
 * still commits unless `finish` throws too (as before, when each of its statements committed on its own); the
 * work's error is rethrown — except when a nested transaction failed before the work wrote anything of its own:
 * that part ran without a savepoint, so everything rolls back. afterCommit() callbacks run after a successful commit, outside the transaction.
 */
export async function atomically<R>(
  db: Db,
  work: (tx: Db) => Promise<R>,
  finish: (tx: Db, outcome: { ok: true; value: R } | { ok: false; error: unknown }) => Promise<void>,
): Promise<R> {
  const root = (db as Partial<RootDb>)[ROOT];
  if (!root) throw new Error('atomically() needs the root database, not a transaction');
  let state: Ambient | undefined;
  const outcome = await db.transaction(async (tx) => {
    const a: Ambient = { root, tx, open: true, savepoints: 0, depth: 0, dirty: false, poisoned: false, after: [] };
    state = a;
    let result: { ok: true; value: R } | { ok: false; error: unknown };
    try {
      result = { ok: true, value: await ambient.run(a, () => work(tx)) };
    } catch (error) {
      result = { ok: false, error };
    }
    a.open = false;
    if (a.poisoned) {
      // A nested transaction failed without its savepoint: roll everything back (never commit its half).
      throw result.ok ? new Error('a failed nested transaction was caught inside atomically()') : result.error;
    }
    await finish(tx, result);
    return result;
  });
  for (const fn of state?.after ?? [])
    ambient.exit(
      () =>
        void Promise.resolve()
          .then(fn)
          .catch(() => undefined),
    );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** Runs fn now, or — inside atomically() — once its transaction committed (dropped when it rolls back). */
export function afterCommit(fn: () => unknown): void {
  const a = ambient.getStore();
  if (a?.open) a.after.push(fn);
  else fn();
}

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

const statementNames = new Set<string>();

/**
 * A statement that runs on every request of a hot path (a chat send, the event streams), declared once at module
 * level under its name: `const findX = statement('find_x', (id: number) => sql`SELECT … WHERE id = ${id}`)`, run as
 * `db.query(findX(id))`. On PostgreSQL it is sent as a named prepared statement, parsed and planned once per
 * connection instead of every time (the driver prepares it on a connection's first use); PGlite runs it as before.
 * A name is declared once in the process, and its text must be the same on every call (no optional fragments).
 */
export function statement<A extends unknown[]>(name: string, build: (...args: A) => Sql): (...args: A) => Query {
  if (statementNames.has(name)) throw new Error(`statement ${name} is declared twice`);
  statementNames.add(name);
  let fixed: string | undefined;
  return (...args) => {
    const q = build(...args);
    const text = q.text;
    if (fixed === undefined) fixed = text;
    else if (text !== fixed) throw new Error(`statement ${name} changed its text`);
    return { name, text: fixed, values: q.values };
  };
}

/** The pg query config of a statement: named when it is a statement() with parameters. */
function pgQuery(q: Query): { name?: string; text: string; values: unknown[] } {
  const values = q.values as unknown[];
  return q.name && values.length > 0 ? { name: q.name, text: q.text, values } : { text: q.text, values };
}

function pgliteTxDb(tx: PgliteTx, connection: DbConnection): Db {
  const db: Db = {
    dialect: 'pglite',
    connection,
    async query<T>(q: Query) {
      const r = await tx.query<T>(q.text, q.values as unknown[]);
      return r.rows;
    },
    async exec(sql) {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    async close() {},
  };
  return db;
}

/**
 * PostgreSQL settings of the embedded database. PGlite is one process's WebAssembly memory, which grows to what
 * PostgreSQL touches and never shrinks, so its buffers are sized for one site's working set rather than a server's:
 * shared_buffers 128 MB → 16 MB (the files stay in the operating system's page cache, so a page not in the buffers
 * is a copy, not a disk read), maintenance_work_mem 64 MB → 16 MB (index builds and VACUUM), temp_buffers 8 MB → 2 MB.
 * work_mem stays 4 MB (one session: sorts of a member search fit).
 */
const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};

/**
 * PGlite in a directory, or in memory when dataDir is undefined. `template` is a data directory dumped by
 * `dumpPgliteDb` (an uncompressed tarball): the database starts as that copy instead of running initdb, which is most
 * of the cost of a new PGlite (the tests make a new database per file from one migrated template).
 */
export async function createPgliteDb(dataDir?: string, template?: Blob): Promise<Db> {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}), startParams });
  const connection: DbConnection = { kind: 'pglite', pglite: lite };
  const root = {};
  const db: RootDb = {
    [ROOT]: root,
    dialect: 'pglite',
    connection,
    async query<T>(q: Query) {
      const a = ambientOf(root);
      if (a) return statementOf(a).query<T>(q);
      const r = await lite.query<T>(q.text, q.values as unknown[]);
      return r.rows;
    },
    async exec(sql) {
      const a = ambientOf(root);
      if (a) return statementOf(a).exec(sql);
      await lite.exec(sql);
    },
    transaction: (fn) => {
      const a = ambientOf(root);
      if (a) return savepoint(a, fn);
      return lite.transaction((tx) => fn(pgliteTxDb(tx, connection)));
    },
    async close() {
      if (!lite.closed) await lite.close();
    },
  };
  return db;
}

function pgClientDb(client: pg.PoolClient, connection: DbConnection): Db {
  const db: Db = {
    dialect: 'pg',
    connection,
    async query<T>(q: Query) {
      const r = await client.query(pgQuery(q));
      return r.rows as T[];
    },
    async exec(sql) {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    async close() {},
  };
  return db;
}

/** PostgreSQL through a pool. `searchPath` pins a schema (used by tests to isolate a file's data). */
export function createPgDb(connectionString: string, opts: { searchPath?: string; max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  const connection: DbConnection = { kind: 'pg', connectionString, searchPath: opts.searchPath };
  const root = {};
  const db: RootDb = {
    [ROOT]: root,
    dialect: 'pg',
    connection,
    pool: { total: () => pool.totalCount, idle: () => pool.idleCount, waiting: () => pool.waitingCount },
    async query<T>(q: Query) {
      const a = ambientOf(root);
      if (a) return statementOf(a).query<T>(q);
      const r = await pool.query(pgQuery(q));
      return r.rows as T[];
    },
    async exec(sql) {
      const a = ambientOf(root);
      if (a) return statementOf(a).exec(sql);
      await pool.query(sql);
    },
    async transaction(fn) {
      const a = ambientOf(root);
      if (a) return savepoint(a, fn);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(pgClientDb(client, connection));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  return db;
}
