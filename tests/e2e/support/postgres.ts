import pg from 'pg';
import { dropDatabases } from '../../../mock-backend/test/pg-database';

/**
 * The PostgreSQL server of the suite (CI sets TEST_DATABASE_URL): a browser-test site runs on a database there unless
 * it asks for the embedded one. A copy of a seeded database is made by PostgreSQL in tens of milliseconds, and the
 * backend's statements cost it a fraction of what they cost PGlite in WebAssembly (which is still what a site without
 * it, and the files that ask for `embedded`, run on — as `npm start` does).
 */
export const SUITE_POSTGRES = process.env.TEST_DATABASE_URL;
/** For a file that reads the site's database itself (`database: 'postgres'`): the suite's server, or a local one. */
export const ANY_POSTGRES = SUITE_POSTGRES ?? process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The browser tests' databases of this run start with this (E2E_RUN: support/global-setup.ts). */
export function e2eDatabasePrefix(): string {
  return `e2e_${process.env.E2E_RUN ?? 'local'}_`;
}

/**
 * Drops every database of this run: the sites' (a stopped site leaves its database to this: PostgreSQL checkpoints on
 * every DROP DATABASE, writing and syncing every other site's dirty pages while the file waits), a kept data
 * directory's, the seeded templates.
 */
export async function dropRunDatabases(): Promise<void> {
  for (const server of new Set([SUITE_POSTGRES, ANY_POSTGRES])) {
    if (!server) continue;
    const client = new pg.Client({ connectionString: server });
    let names: string[] = [];
    try {
      await client.connect();
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        e2eDatabasePrefix(),
      ]);
      names = rows.map((row) => row.datname);
    } catch {
      // No server there: nothing of this run on it.
    } finally {
      await client.end().catch(() => undefined);
    }
    await dropDatabases(server, names);
  }
}
