import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allCountries } from 'country-region-data';
import type { Db } from './db';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface MigrateResult {
  applied: string[];
  /** True when the database had no migrations before (a new database). */
  fresh: boolean;
}

/** Applies the numbered `.sql` files of migrations/ in order, each once, all in one transaction. */
export async function migrate(db: Db): Promise<MigrateResult> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      applied.push(file);
    }
    await loadRegions(tx);
    return { applied, fresh: done.size === 0 };
  });
}

/** Regions (provinces, states) come from the country-region-data package, loaded once. */
async function loadRegions(db: Db): Promise<void> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM regions');
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
    `INSERT INTO regions (country, code, name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [countries, codes, names],
  );
}
