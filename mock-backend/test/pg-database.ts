import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The schema in which a test's PostgreSQL database keeps the backend's tables (its job queue: `<schema>_jobs`). */
const TEMPLATE_SCHEMA = 'backend';

/** A PostgreSQL database of one test context: where to connect, with which search path, and how to drop it. */
export interface PgTestDatabase {
  url: string;
  schema: string;
  /** The job queue's schema beside it. */
  jobSchema: string;
  drop(): Promise<void>;
}

/** Runs statements, one after another, in a session of its own on the server of `url`. */
export async function adminQuery(url: string, statements: string | string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of ([] as string[]).concat(statements)) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's database once its sessions are gone: a closed pool's sessions may still be leaving, and PostgreSQL
 * waits up to 5 s for them. One still there after that is ended (FORCE) rather than leaving the database behind.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  try {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '55006') throw err;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** `url` with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * The part of a run's template name that the run's test databases carry too (`test_<tag>_…`), so that the run's end
 * finds them all (dropRunTestDatabases).
 */
function runTag(template: string): string {
  return template.replace(/^test_template_/, '');
}

/**
 * A fresh database for one test on the PostgreSQL server of `url`. In a test run the `postgres` project's global setup
 * (pg-template-setup.ts) has migrated a template database once and named it in PG_TEMPLATE_DATABASE: the test's
 * database is a copy of it (CREATE DATABASE … TEMPLATE, about 30 ms here, where running every migration into a new
 * schema took 0.6 s of PostgreSQL's time). Its commits do not wait for the disk (the data is thrown away), and drop()
 * leaves it to the run's end: PostgreSQL checkpoints on every DROP DATABASE, writing and syncing every dirty page of
 * the server — in a run's middle, the other tests' databases — while the dropping test waits; at the end the drops go
 * together and share their checkpoints (dropRunTestDatabases). Outside such a run (a benchmark) it is a new empty
 * schema in the database of `url`, which the caller migrates, dropped by drop(). migrate() finds nothing to do on a
 * copy of the template.
 */
export async function createPgTestDatabase(url: string, prefix = 'test'): Promise<PgTestDatabase> {
  const template = process.env.PG_TEMPLATE_DATABASE;
  if (template) {
    const name = `${prefix}_${runTag(template)}_${randomBytes(6).toString('hex')}`;
    // PostgreSQL refuses to copy a template that another session is copying at the same moment ("being accessed by
    // other users"): the copies of a run take turns through an advisory lock, held until this session ends.
    await adminQuery(url, [
      `SELECT pg_advisory_lock(hashtext('${template}'))`,
      `CREATE DATABASE ${name} TEMPLATE ${template}`,
      `ALTER DATABASE ${name} SET synchronous_commit = off`,
    ]);
    return {
      url: withDatabase(url, name),
      schema: TEMPLATE_SCHEMA,
      jobSchema: `${TEMPLATE_SCHEMA}_jobs`,
      drop: async () => undefined,
    };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA ${name}`);
  return {
    url,
    schema: name,
    jobSchema: `${name}_jobs`,
    async drop() {
      await adminQuery(url, `DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await adminQuery(url, `DROP SCHEMA IF EXISTS ${name}_jobs CASCADE`);
    },
  };
}

/**
 * Drops databases several at a time: PostgreSQL's checkpoint for each DROP DATABASE is shared by the drops that ask
 * for one while it runs.
 */
export async function dropDatabases(url: string, names: readonly string[]): Promise<void> {
  const queue = [...names];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) await dropDatabase(url, name).catch(() => undefined);
    }),
  );
}

/** Drops the test databases copied from `template` in this run (at its end, with little left to write). */
export async function dropRunTestDatabases(url: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE '%\\_' || $1 || '\\_%'", [
      runTag(template),
    ]);
    names = rows.map((row) => row.datname).filter((name) => name !== template);
  } finally {
    await client.end();
  }
  await dropDatabases(url, names);
}

/**
 * Drops the test databases of earlier runs that ended before their own end could (a run cancelled halfway): copies whose
 * run's template is gone. A run still going has its template, so its copies stay.
 */
export async function dropOrphanedTestDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT d.datname FROM pg_database d
        WHERE d.datname ~ '^[a-z]+_[0-9a-f]{12}_[0-9a-f]{12}$'
          AND NOT EXISTS (SELECT 1 FROM pg_database t WHERE t.datname = 'test_template_' || split_part(d.datname, '_', 2))`,
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  await dropDatabases(url, names);
}

/** Creates the template database of a run (empty but for the schema; the global setup migrates it). */
export async function createPgTemplate(
  url: string,
): Promise<{ database: string; url: string; schema: string; jobSchema: string; drop(): Promise<void> }> {
  const database = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${database}`);
  const templateUrl = withDatabase(url, database);
  await adminQuery(templateUrl, `CREATE SCHEMA ${TEMPLATE_SCHEMA}`);
  return {
    database,
    url: templateUrl,
    schema: TEMPLATE_SCHEMA,
    jobSchema: `${TEMPLATE_SCHEMA}_jobs`,
    drop: () => dropDatabase(url, database),
  };
}
