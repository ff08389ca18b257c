import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseConfig } from '../../mock-backend/lib/config';
import { createPgDb, createPgliteDb, type Db } from '../../mock-backend/lib/db';
import { mediaStoreFromConfig, type MediaStore } from '../../mock-backend/lib/media-store';
import { migrate } from '../../mock-backend/lib/migrate';

/**
 * The backend's database and media store for the import and export scripts, from the backend's own environment
 * (DATABASE_URL, or the embedded PGlite in DATA_DIR/db; S3_BUCKET or DATA_DIR/media), migrated first unless the
 * caller migrates it itself (the import does, inside a dry run's transaction). The embedded
 * database is one process's: stop the backend that uses DATA_DIR before running a script on it.
 */
export async function openTransferDatabase(opts: { migrate: boolean }): Promise<{ db: Db; media: MediaStore; engine: string }> {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    process.exit(2);
  }
  const config = parsed.config;
  const dataDir = path.resolve(config.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  const media = mediaStoreFromConfig(config, mediaDir);
  await mkdir(media.kind === 'disk' ? mediaDir : dataDir, { recursive: true });
  const options = { libraryInternals: config.LIBRARY_INTERNALS === 'on' };
  const db = config.DATABASE_URL
    ? createPgDb(config.DATABASE_URL, options)
    : await createPgliteDb(path.join(dataDir, 'db'), undefined, options);
  if (opts.migrate) await migrate(db);
  return { db, media, engine: config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.join(dataDir, 'db')}` };
}
