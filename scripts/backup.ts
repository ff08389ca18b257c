/**
 * Backs up the embedded site of DATA_DIR — its PGlite database and its photos (DATA_DIR/media) — into a new directory,
 * with the backend's environment (DATA_DIR, S3_BUCKET):
 *
 *   npm run backup -- <backup directory>
 *
 * The site must be stopped: the database and the photo files are one moment only when nothing writes them meanwhile,
 * and PGlite's data directory is one process's (the backup refuses while a backend has it open). With S3_BUCKET the
 * photos are in the bucket and the backup holds the database only; on PostgreSQL (DATABASE_URL) use pg_dump
 * (docs/operations.md, "Backup and restore"). Restore with `npm run restore`.
 *
 * Exit code: 0 when the backup is complete, 1 when it was refused (site running, target not empty, no database) or
 * failed, 2 on a usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../mock-backend/lib/config';
import { backUpDataDir, Refused } from '../mock-backend/lib/embedded-backup';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run backup -- <backup directory>   (DATA_DIR as the backend has it)\n');
  process.exit(2);
}
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(2);
}
const config = parsed.config;
if (config.DATABASE_URL) {
  process.stderr.write(
    'backup: the database is PostgreSQL (DATABASE_URL): back it up with pg_dump or a base backup (docs/operations.md)\n',
  );
  process.exit(2);
}
const dataDir = path.resolve(config.DATA_DIR);
const target = path.resolve(positionals[0] as string);
const started = performance.now();
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

backUpDataDir(dataDir, target, { mediaInBucket: Boolean(config.S3_BUCKET) }).then(
  (r) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const media =
      r.mediaFiles === null
        ? `photos not included (they are in s3://${config.S3_BUCKET}: back the bucket up as docs/operations.md says)`
        : `${r.mediaFiles} media files (${megabytes(r.mediaBytes)} MB)`;
    process.stdout.write(
      `backup: ${dataDir} → ${target}: database ${megabytes(r.databaseBytes)} MB (${r.members} members), ${media}, ${seconds} s\n`,
    );
  },
  (err: unknown) => {
    process.stderr.write(
      `backup: ${err instanceof Refused ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
