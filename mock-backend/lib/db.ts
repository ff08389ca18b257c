import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { serialize as wire } from 'pg-protocol';
import sql, { empty, join, raw, Sql } from 'sql-template-tag';
import { activeTracing } from '../../src/shared/trace-hooks';
import { outsideTransactions, socketOf, type Corkable } from './library-internals';
import { publicAnswers, wireAnswers, type PgliteAnswers, type RowShape } from './pglite-wire';

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
  /**
   * Inside a transaction: `q` is its last statement, sent with the COMMIT in one round trip (on PostgreSQL) once fn
   * returns. When `q` fails, nothing commits and transaction() rejects with q's error — so a statement that must
   * refuse the whole transaction raises (`raise_error()` in SQL) instead of answering no row. Outside one it throws.
   */
  commitWith(q: Query): void;
  /**
   * Inside a transaction: statements started in this turn of the event loop go out at once (on PostgreSQL in one
   * write with the ones before them); every statement started later waits until `until` settles, and is never sent
   * when it rejects (it rejects with the same error). The idempotency layer sends a key's lock and the work's first
   * statement together this way, and lets the work go on only once the key is its own. Outside one it throws.
   */
  hold(until: Promise<unknown>): void;
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

const statementNames = new Set<string>();

/**
 * A statement that runs on every request of a hot path (a chat send, the event streams), declared once at module
 * level under its name: `const findX = statement('find_x', (id: number) => sql`SELECT … WHERE id = ${id}`)`, run as
 * `db.query(findX(id))`. On PostgreSQL it is sent as a named prepared statement, parsed and planned once per
 * connection instead of every time (the driver prepares it on a connection's first use); on PGlite it is prepared once
 * per database the same way (PgliteStatements).
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

/**
 * Runs a statement, in a span of its own when tracing is on (src/shared/trace-hooks.ts: its text with the `$n`
 * placeholders, never the values). `run` is called at once, in the same turn, so statements still share a write.
 */
function traced<T>(dialect: 'pglite' | 'pg', q: Query, run: () => Promise<T>): Promise<T> {
  const tracing = activeTracing();
  return tracing ? tracing.statement(dialect, q, run) : run();
}

/** The pg query config of a statement: named when it is a statement() with parameters. */
function pgQuery(q: Query): { name?: string; text: string; values: unknown[] } {
  const values = q.values as unknown[];
  return q.name && values.length > 0 ? { name: q.name, text: q.text, values } : { text: q.text, values };
}

/** One exchange's messages in one buffer, each written by node-postgres's serializer (pg-protocol) as on PostgreSQL. */
function frames(...parts: Buffer[]): Uint8Array {
  return Buffer.concat(parts);
}

/** How many statement texts PgliteStatements remembers the parameter types of (the oldest is forgotten first). */
const PGLITE_TYPES_CACHED = 500;

/**
 * How the adapter runs a statement on PGlite. PGlite's own query() sends each statement as six protocol exchanges
 * with the WebAssembly PostgreSQL (parse, describe the parameters, bind, describe the rows, execute, sync): each
 * exchange is a call into PostgreSQL's main loop, a third of a member page's backend CPU. Here a statement is one
 * exchange — parse, bind, describe, execute and sync in one message — with its parameters typed as PGlite types them
 * (the types PostgreSQL inferred for that text, asked once and remembered: they depend only on the text and the
 * schema), and a statement() is parsed once under its name and then only bound and executed, as node-postgres does
 * on PostgreSQL, without describing its rows again: their shape was read when it was prepared. Values are serialised
 * and rows parsed by PGlite's own serialisers and parsers, so what a statement reads and writes is what PGlite's
 * query() gives; the answer's messages are read by node-postgres's protocol parser (lib/pglite-wire.ts), and its
 * messages written by node-postgres's serializer. With `libraryInternals: false` (LIBRARY_INTERNALS=off) PGlite's own
 * reader reads the answers instead, and every execution of a statement() describes its rows again (PGlite's reader
 * needs them in the same answer). Callers hold PGlite's locks as its query() does.
 */
class PgliteStatements {
  private readonly types = new Map<string, number[]>();
  /**
   * statement() name → its prepared statement in this database, its parameter types and the shape of its rows
   * (undefined when the reader keeps none: then each execution describes them).
   */
  private readonly prepared = new Map<string, { server: string; types: number[]; rows: RowShape | null | undefined }>();
  private generation = 0;
  private readonly answers: PgliteAnswers;

  constructor(
    private readonly lite: PGlite,
    libraryInternals: boolean,
  ) {
    this.answers = libraryInternals ? wireAnswers(lite) : publicAnswers(lite);
  }

  private values(values: readonly unknown[], types: readonly number[]): (string | null)[] {
    return values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.lite.serializers[types[i] as number];
      return serialize ? serialize(value) : String(value);
    });
  }

  private async parameterTypes(text: string): Promise<number[]> {
    const known = this.types.get(text);
    if (known) return known;
    const types = await this.answers.parameterTypes(frames(wire.parse({ text }), wire.describe({ type: 'S' }), wire.sync()));
    if (this.types.size >= PGLITE_TYPES_CACHED) this.types.delete(this.types.keys().next().value as string);
    this.types.set(text, types);
    return types;
  }

  private async preparedStatement(
    name: string,
    text: string,
  ): Promise<{ server: string; types: number[]; rows: RowShape | null | undefined }> {
    const known = this.prepared.get(name);
    if (known) return known;
    // A fresh name each time: a statement whose preparation failed halfway may exist under the last one.
    this.generation += 1;
    const server = `${name}_${this.generation}`;
    const described = await this.answers.prepare(
      frames(wire.parse({ name: server, text }), wire.describe({ type: 'S', name: server }), wire.sync()),
    );
    const prepared = { server, ...described };
    this.prepared.set(name, prepared);
    return prepared;
  }

  async run<T>(q: Query, inTransaction: boolean): Promise<T[]> {
    let rows: T[];
    try {
      if (q.name) {
        // Its rows' shape was read when it was prepared: bound and executed without a Describe (unless the reader
        // keeps no shape).
        const { server, types, rows: shape } = await this.preparedStatement(q.name, q.text);
        const bind = wire.bind({ statement: server, values: this.values(q.values, types) });
        rows = await this.answers.rows<T>(
          shape === undefined
            ? frames(bind, wire.describe({ type: 'P' }), wire.execute({}), wire.sync())
            : frames(bind, wire.execute({}), wire.sync()),
          shape,
        );
      } else {
        const types = await this.parameterTypes(q.text);
        rows = await this.answers.rows<T>(
          frames(
            wire.parse({ text: q.text }),
            wire.bind({ values: this.values(q.values, types) }),
            wire.describe({ type: 'P' }),
            wire.execute({}),
            wire.sync(),
          ),
        );
      }
    } catch (err) {
      // As PGlite's query() reports it: the statement and its values on the error.
      if (err instanceof Error && 'code' in err) Object.assign(err, { query: q.text, params: q.values });
      throw err;
    }
    if (!inTransaction) await this.lite.syncToFs();
    return rows;
  }
}

/** A PGlite transaction's Db, and the statement commitWith() left for its end. */
function pgliteTxDb(
  tx: Transaction,
  lite: PGlite,
  statements: PgliteStatements,
  connection: DbConnection,
): { db: Db; final: () => Query | undefined } {
  let final: Query | undefined;
  const gate = new StatementGate();
  const db: Db = {
    dialect: 'pglite',
    connection,
    query<T>(q: Query) {
      return traced('pglite', q, async () => {
        await gate.pass();
        if (tx.closed) throw new Error('Transaction is closed');
        return lite.runExclusive(() => statements.run<T>(q, true));
      });
    },
    async exec(sql) {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    commitWith(q) {
      if (final) throw new Error('commitWith() was called twice in one transaction');
      final = q;
    },
    hold: (until) => gate.hold(until),
    async close() {},
  };
  return { db, final: () => final };
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

/** What both database factories take beside their database. */
export interface DbOptions {
  /**
   * Whether the adapter takes its measured fast paths through other libraries' private code (lib/library-internals.ts):
   * on PGlite the answers read by pg-protocol's parser, on PostgreSQL a transaction's statements corked into one
   * write. Default true; false (LIBRARY_INTERNALS=off) uses only the libraries' public API, with the same results.
   */
  libraryInternals?: boolean;
}

/**
 * PGlite in a directory, or in memory when dataDir is undefined. `template` is a data directory dumped by
 * `dumpPgliteDb` (an uncompressed tarball): the database starts as that copy instead of running initdb, which is most
 * of the cost of a new PGlite (the tests make a new database per file from one migrated template).
 */
export async function createPgliteDb(dataDir?: string, template?: Blob, options: DbOptions = {}): Promise<Db> {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}), startParams });
  const connection: DbConnection = { kind: 'pglite', pglite: lite };
  const libraryInternals = options.libraryInternals ?? true;
  const statements = new PgliteStatements(lite, libraryInternals);
  const root = {};
  const db: RootDb = {
    [ROOT]: root,
    dialect: 'pglite',
    connection,
    async query<T>(q: Query) {
      const a = ambientOf(root);
      if (a) return statementOf(a).query<T>(q);
      // The locks PGlite's query() takes: no statement runs inside another caller's transaction.
      return traced('pglite', q, () => outsideTransactions(lite, libraryInternals, () => statements.run<T>(q, false)));
    },
    async exec(sql) {
      const a = ambientOf(root);
      if (a) return statementOf(a).exec(sql);
      await lite.exec(sql);
    },
    transaction: (fn) => {
      const a = ambientOf(root);
      if (a) return savepoint(a, fn);
      return lite.transaction(async (tx) => {
        const { db: txDb, final } = pgliteTxDb(tx, lite, statements, connection);
        const result = await fn(txDb);
        const last = final();
        if (last) await txDb.query(last);
        return result;
      });
    },
    commitWith: notInTransaction,
    hold: notInTransaction,
    async close() {
      if (!lite.closed) await lite.close();
    },
  };
  return db;
}

function notInTransaction(): never {
  throw new Error('commitWith() and hold() are for statements inside a transaction');
}

/**
 * hold() of a transaction: statements started in the turn that called it pass, later ones wait for its promise (and
 * reject with it). Once the promise has resolved, statements pass without waiting again.
 */
class StatementGate {
  private until: Promise<unknown> | undefined;
  private sameTurn = false;

  hold(until: Promise<unknown>): void {
    const gate = until.then(() => {
      if (this.until === gate) this.until = undefined;
    });
    // Its rejection is answered by the statements that wait for it (and by the caller, who holds `until`).
    gate.catch(() => undefined);
    this.until = gate;
    this.sameTurn = true;
    queueMicrotask(() => {
      this.sameTurn = false;
    });
  }

  /** Resolves when a statement started now may be sent. */
  pass(): Promise<unknown> | undefined {
    return this.sameTurn ? undefined : this.until;
  }
}

/**
 * One PostgreSQL transaction on a pooled client, written for as few round trips as the protocol allows: BEGIN goes out
 * in the same write as the transaction's first statement (and not at all when it runs none), and the statement given
 * to commitWith() in the same write as COMMIT. Every round trip is a write and a wake-up in both processes — on a
 * small virtual machine tens of microseconds of CPU each — and a chat send is one transaction.
 */
class PgTransaction {
  private begun = false;
  /** BEGIN's own failure, if it had one: then nothing may be reported as committed. */
  private beginFailed: unknown;
  private final: Query | undefined;
  private readonly gate = new StatementGate();
  /** Whether the socket is corked until this turn's microtasks have run (see corkTurn). */
  private corked = false;
  /**
   * The client's socket, corked around the statements that go out in one write (lib/library-internals.ts: a field of
   * node-postgres's no documentation names); with `libraryInternals` off, a stand-in that corks nothing, and each
   * statement is a write of its own.
   */
  private readonly socket: Corkable;
  readonly db: Db;

  constructor(
    private readonly client: pg.PoolClient,
    connection: DbConnection,
    libraryInternals: boolean,
  ) {
    this.socket = socketOf(client, libraryInternals);
    const db: Db = {
      dialect: 'pg',
      connection,
      query: async <T>(q: Query) => (await traced('pg', q, () => this.gated(pgQuery(q)))).rows as T[],
      exec: async (sql) => void (await this.gated(sql)),
      transaction: (fn) => fn(db),
      commitWith: (q) => {
        if (this.final) throw new Error('commitWith() was called twice in one transaction');
        this.final = q;
      },
      hold: (until) => this.gate.hold(until),
      async close() {},
    };
    this.db = db;
  }

  /**
   * Statements started in one turn of the event loop share one write: a caller that starts two before awaiting the
   * first (a chat send's spend and its message) pays one round trip for both. The socket stays corked until the
   * turn's microtasks run, which is before Node waits for anything, so no statement is held back longer.
   */
  private corkTurn(): void {
    if (this.corked) return;
    const socket = this.socket;
    socket.cork();
    this.corked = true;
    queueMicrotask(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  /** Sends a statement now, or once the gate (hold()) lets it pass. */
  private gated(q: string | ReturnType<typeof pgQuery>): Promise<pg.QueryResult> {
    const wait = this.gate.pass();
    return wait ? wait.then(() => this.send(q)) : this.send(q);
  }

  /** Sends a statement; the transaction's first one takes BEGIN along in the same write. */
  private send(q: string | ReturnType<typeof pgQuery>): Promise<pg.QueryResult> {
    this.corkTurn();
    if (this.begun) return this.client.query(q);
    this.begun = true;
    const socket = this.socket;
    socket.cork();
    try {
      // BEGIN has no failure of its own (no parameters, no table, no lock): it fails with its connection, and then so
      // does every statement behind it. Should it fail alone, the transaction is refused at its end.
      void this.client.query('BEGIN').catch((err: unknown) => {
        this.beginFailed = err;
      });
      return this.client.query(q);
    } finally {
      socket.uncork();
    }
  }

  /**
   * COMMIT, with commitWith()'s statement in the same write. PostgreSQL answers a COMMIT after a failed statement
   * with ROLLBACK: then that statement's error is thrown, and nothing was committed.
   */
  async commit(): Promise<void> {
    const final = this.final;
    if (!this.begun && !final) return;
    const socket = this.socket;
    socket.cork();
    let last: Promise<pg.QueryResult> | undefined;
    let commit: Promise<pg.QueryResult>;
    try {
      if (final) last = traced('pg', final, () => this.send(pgQuery(final)));
      commit = this.client.query('COMMIT');
    } finally {
      socket.uncork();
    }
    const [ran, committed] = await Promise.allSettled([last, commit]);
    if (this.beginFailed !== undefined) throw this.beginFailed;
    if (ran.status === 'rejected') throw ran.reason;
    if (committed.status === 'rejected') throw committed.reason;
    if (committed.value.command !== 'COMMIT') throw new Error(`the transaction ended with ${committed.value.command}, not COMMIT`);
  }

  /** Ends a transaction that failed before its COMMIT was sent (nothing to do when it never began). */
  async rollback(): Promise<void> {
    if (this.begun) await this.client.query('ROLLBACK').catch(() => undefined);
  }
}

/**
 * PostgreSQL through a pool. `searchPath` pins a schema (used by tests to isolate a file's data); `settings` are
 * further run-time parameters of every connection (tests: `synchronous_commit`).
 */
export function createPgDb(
  connectionString: string,
  opts: { searchPath?: string; max?: number; settings?: Record<string, string> } & DbOptions = {},
): Db {
  const libraryInternals = opts.libraryInternals ?? true;
  const settings = { ...(opts.searchPath ? { search_path: opts.searchPath } : {}), ...opts.settings };
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  // Pipelined clients (node-postgres's `pipeline`): a statement is written without waiting for the answer of the one
  // before it. Callers await each statement as before; only transaction() below sends two at once.
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, pipeline: true, ...(options ? { options } : {}) });
  // No just-in-time compilation: the site's statements read a page and a capped count, and PostgreSQL compiled the
  // dearer ones' expressions for 10–35 ms (more than the read) once a search's estimate passed jit_above_cost at ten
  // million members. Set on each new connection, not as a startup option, so a pooler in front accepts it.
  pool.on('connect', (client) => {
    client.query('SET jit = off').catch(() => undefined);
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
      const r = await traced('pg', q, () => pool.query(pgQuery(q)));
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
      const tx = new PgTransaction(client, connection, libraryInternals);
      // A client whose connection broke is dropped by the pool when released (it is no longer queryable).
      try {
        let result;
        try {
          result = await fn(tx.db);
        } catch (err) {
          await tx.rollback();
          throw err;
        }
        // Once COMMIT is sent the transaction is over either way: rolled back by PostgreSQL if it did not commit.
        await tx.commit();
        return result;
      } finally {
        client.release();
      }
    },
    commitWith: notInTransaction,
    hold: notInTransaction,
    close: () => pool.end(),
  };
  return db;
}
