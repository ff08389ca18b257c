import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allCountries } from 'country-region-data';
import { sql, type Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface MigrateResult {
  applied: string[];
  /** True when the database had no migrations before (a new database). */
  fresh: boolean;
}

/** Key of the transaction-level advisory lock that serialises migrations of instances sharing one database. */
const MIGRATION_LOCK_KEY = 'gaydate:migrate';

/**
 * Applies the numbered `.sql` files of migrations/ in order, each once, all in one transaction, then runs `onFresh`
 * (the demo seed) in that same transaction when the database had no migrations before.
 *
 * Several instances may start at the same moment on one PostgreSQL: the transaction first takes an advisory lock,
 * so the others wait, then find every migration applied (and the seed done) and apply nothing. A crash rolls back
 * migrations and seed together, so the next start does both again.
 */
export async function migrate(db: Db, onFresh?: (tx: Db) => Promise<void>): Promise<MigrateResult> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${MIGRATION_LOCK_KEY}))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ version: string }>(sql`SELECT version FROM schema_migrations`)).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query(sql`INSERT INTO schema_migrations (version) VALUES (${file})`);
      applied.push(file);
    }
    await loadRegions(tx);
    const fresh = done.size === 0;
    if (fresh && onFresh) await onFresh(tx);
    return { applied, fresh };
  });
}

/** Regions (provinces, states) come from the country-region-data package, loaded once. */
async function loadRegions(db: Db): Promise<void> {
  const [row] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM regions`);
  if ((row?.n ?? 0) > 0) return;
  const countries: string[] = [];
  const codes: string[] = [];
  const names: string[] = [];
  for (const [, country, regions] of allCountries) {
    for (const [name, code] of regions) {
      countries.push(country);
      codes.push(code || name);
      names.push(name);
    }
  }
  await db.query(
    sql`INSERT INTO regions (country, code, name)
     SELECT * FROM unnest(${countries}::text[], ${codes}::text[], ${names}::text[]) ON CONFLICT DO NOTHING`,
  );
}
