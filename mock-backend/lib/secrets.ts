import { randomBytes } from 'node:crypto';
import { sql, type Db } from './db';

/**
 * A server key (32 random bytes) kept in `app_secrets`: created once per database by whichever instance asks first,
 * then the same for every instance and every restart.
 */
export async function loadSecretKey(db: Db, name: string): Promise<Buffer> {
  await db.query(
    sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString('hex')}) ON CONFLICT (name) DO NOTHING`,
  );
  const [row] = await db.query<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  if (!row) throw new Error(`${name} missing`);
  return Buffer.from(row.value, 'hex');
}

/** Loads something built on a key once, on first use; a failed load is tried again by the next caller. */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
