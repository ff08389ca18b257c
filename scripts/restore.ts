/**
 * Restores a backup made by `npm run backup` into a new, empty DATA_DIR:
 *
 *   npm run restore -- <backup directory> --data-dir <new DATA_DIR>
 *
 * Every file is checked against the backup's manifest, and the database is opened once to prove it starts. Then point
 * the site's DATA_DIR at the new directory and start it. A directory that holds anything is refused: a restore never
 * mixes with a site's files.
 *
 * Exit code: 0 when restored, 1 when refused (not a finished backup, DATA_DIR not empty) or failed (a damaged file),
 * 2 on a usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Refused, restoreDataDir } from '../mock-backend/lib/embedded-backup';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
const dataDirArg = values['data-dir'];
if (positionals.length !== 1 || !dataDirArg) {
  process.stderr.write('usage: npm run restore -- <backup directory> --data-dir <new, empty DATA_DIR>\n');
  process.exit(2);
}
const backup = path.resolve(positionals[0] as string);
const dataDir = path.resolve(dataDirArg);
const started = performance.now();
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

restoreDataDir(backup, dataDir).then(
  (r) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const media =
      r.mediaFiles === null
        ? 'no media files (the photos were in the S3 bucket)'
        : `${r.mediaFiles} media files (${megabytes(r.mediaBytes)} MB)`;
    process.stdout.write(`restore: ${backup} → ${dataDir}: database with ${r.members} members, ${media}, ${seconds} s\n`);
  },
  (err: unknown) => {
    process.stderr.write(
      `restore: ${err instanceof Refused ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
