import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The small database seam every repository uses; one adapter for PGlite and one for PostgreSQL. */
/** What a component that needs its own connection (the job queue) must know of the database behind a Db. */
export type DbConnection =
  | { readonly kind: 'pglite'; readonly pglite: PGlite }
  | { readonly kind: 'pg'; readonly connectionString: string; readonly searchPath?: string | undefined };

export interface Db {
  readonly dialect: 'pglite' | 'pg';
  readonly connection: DbConnection;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; a thrown error rolls it back. Nested calls reuse the outer transaction. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

const preparedNames = new Map<string, string>();

/**
 * Marks a statement that runs on every request of a hot path (a chat send, the event streams): on PostgreSQL it is
 * sent as a named prepared statement, parsed and planned once per connection instead of every time (the driver
 * prepares it on a connection's first use). Returns the text unchanged, so it is used like any other:
 * `const FIND = prepared('SELECT … WHERE id = $1'); db.query(FIND, [id])`. Only for fixed texts with parameters (a
 * name per distinct text, kept for the process's life); PGlite runs it as before.
 */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `hot_${preparedNames.size + 1}`);
  return sql;
}

/** The pg query config of a statement: named when it was marked with prepared() and has parameters. */
function pgQuery(sql: string, params: readonly unknown[]): { name?: string; text: string; values: unknown[] } {
  const name = params.length > 0 ? preparedNames.get(sql) : undefined;
  return name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] };
}

function pgliteTxDb(tx: PgliteTx, connection: DbConnection): Db {
  const db: Db = {
    dialect: 'pglite',
    connection,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await tx.query<T>(sql, params as unknown[]);
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
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};

/** PGlite in a directory, or in memory when dataDir is undefined. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams });
  const connection: DbConnection = { kind: 'pglite', pglite: lite };
  return {
    dialect: 'pglite',
    connection,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await lite.query<T>(sql, params as unknown[]);
      return r.rows;
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    transaction: (fn) => lite.transaction((tx) => fn(pgliteTxDb(tx, connection))),
    async close() {
      if (!lite.closed) await lite.close();
    },
  };
}

function pgClientDb(client: pg.PoolClient, connection: DbConnection): Db {
  const db: Db = {
    dialect: 'pg',
    connection,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await client.query(pgQuery(sql, params));
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
  return {
    dialect: 'pg',
    connection,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pool.query(pgQuery(sql, params));
      return r.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
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
}
