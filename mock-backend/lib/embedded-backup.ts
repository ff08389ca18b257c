import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createPgliteDb, raw, sql, type Db } from './db';

/**
 * A backup of an embedded site (PGlite in DATA_DIR/db, photos in DATA_DIR/media) is a directory:
 *
 *   manifest.json   what it holds (written last: a directory without it is an unfinished backup, never restored)
 *   db.tar.gz       the database's data directory, dumped by PGlite after a checkpoint
 *   media/…         every file of DATA_DIR/media under its own key, byte for byte
 *
 * A directory rather than one archive: photos are JPEG/WebP already (a gzip of them gains nothing), the files are
 * copied and checked one by one without an archive library, and the operator's own tools (rsync, restic, tar, an
 * object store's sync) take a directory as it is.
 *
 * Consistency: the database and the photo files must be one moment, and PGlite's data directory may be opened by one
 * process at a time. So there are two ways to make one:
 * - of a STOPPED site, by a command (`backUpDataDir`, `npm run backup`): while a backend has the database open,
 *   PGlite keeps `postmaster.pid` in it, and the command refuses to start;
 * - of a RUNNING site, by the backend that has the database open (`backUpRunningSite`, the `site-backup` job of
 *   BACKUP_DIR): it holds PGlite's transaction lock — no statement or transaction of the site runs meanwhile — while
 *   PGlite dumps its data directory and every photo file is hard-linked aside. A photo's file is written before the
 *   row that names it commits, and deleted only after the commit that removed its row, and files are never
 *   rewritten, so every row in the dump has its file among the links. The links are then copied and checked outside
 *   the lock: the site waits for the dump and the links only (about a second on the demo seed), not for the copy.
 */
const MANIFEST = 'manifest.json';
const DATABASE_FILE = 'db.tar.gz';
const MEDIA = 'media';
const FORMAT = 'embedded-site-backup/1';

interface MediaEntry {
  key: string;
  size: number;
  sha256: string;
}

interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  database: { file: string; size: number; sha256: string; migrations: number; members: number };
  /** null: the photos were in the S3 bucket, not in DATA_DIR/media, and are not in this backup. */
  media: MediaEntry[] | null;
}

/** Something the operator must change before the command can run (exit code 1, the message as it is). */
export class Refused extends Error {}

/** Whether a backend (or another script) has the embedded database of this DATA_DIR open now. */
function databaseInUse(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'postmaster.pid'));
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under dir, as slash-separated paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  if (!(await stat(dir)).isDirectory()) return false;
  return (await readdir(dir)).length === 0;
}

/** Copies the media files into `to`, each checked against its size and hash after the copy. */
async function copyMedia(
  from: string,
  to: string,
  keys: readonly string[],
  expected?: ReadonlyMap<string, MediaEntry>,
): Promise<MediaEntry[]> {
  const copied: MediaEntry[] = [];
  for (const key of keys) {
    const source = path.join(from, ...key.split('/'));
    const target = path.join(to, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target);
    const entry = { key, size: (await stat(target)).size, sha256: await sha256Of(target) };
    const want = expected?.get(key);
    if (want && (want.size !== entry.size || want.sha256 !== entry.sha256)) {
      throw new Error(`media file ${key} in the backup differs from its manifest (damaged backup)`);
    }
    copied.push(entry);
  }
  return copied;
}

export interface BackupResult {
  databaseBytes: number;
  mediaFiles: number | null;
  mediaBytes: number;
  members: number;
}

/**
 * Backs up the stopped embedded site in dataDir into `target` (a new or empty directory). With `mediaInBucket` the
 * photos are in the S3 bucket: the backup holds the database only.
 */
export async function backUpDataDir(dataDir: string, target: string, opts: { mediaInBucket: boolean }): Promise<BackupResult> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Refused(`no embedded database in ${dbDir}`);
  if (databaseInUse(dataDir)) {
    throw new Refused(
      `the embedded database in ${dbDir} is open (postmaster.pid): stop the site (or the backend) first, back up, then start it again. ` +
        'A backend that was killed leaves the file behind: start it and stop it once.',
    );
  }
  if (!(await isEmptyOrMissing(target))) throw new Refused(`${target} is not empty: a backup goes into a new or empty directory`);
  await mkdir(target, { recursive: true });

  // Opening the database also finishes what a crash left (PostgreSQL's recovery); the checkpoint writes every
  // change into the data files, so the dump needs no WAL replay when it is restored.
  const db = await createPgliteDb(dbDir);
  let members: number;
  let migrations: number;
  let dump: Blob;
  try {
    if (db.connection.kind !== 'pglite') throw new Error('not an embedded database');
    ({ members, migrations } = await countsOf(db));
    await db.exec('CHECKPOINT');
    dump = await db.connection.pglite.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
  const mediaDir = path.join(dataDir, MEDIA);
  const mediaKeys = opts.mediaInBucket ? null : await filesUnder(mediaDir);
  return writeBackup(target, { dump, members, migrations }, mediaKeys && { dir: mediaDir, keys: mediaKeys });
}

/** What the database's part of a backup is: PGlite's dump of its data directory and two counts from the same moment. */
interface DatabaseDump {
  dump: Blob;
  members: number;
  migrations: number;
}

/** Writes a backup's files into `target`: the dump, the media files (null: in the bucket), the manifest last. */
async function writeBackup(
  target: string,
  { dump, members, migrations }: DatabaseDump,
  media: { dir: string; keys: readonly string[] } | null,
): Promise<BackupResult> {
  const databaseFile = path.join(target, DATABASE_FILE);
  await writeFile(databaseFile, Buffer.from(await dump.arrayBuffer()));
  const copied = media ? await copyMedia(media.dir, path.join(target, MEDIA), media.keys) : null;
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    database: { file: DATABASE_FILE, size: (await stat(databaseFile)).size, sha256: await sha256Of(databaseFile), migrations, members },
    media: copied,
  };
  const partial = path.join(target, `${MANIFEST}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 1)}\n`);
  await rename(partial, path.join(target, MANIFEST));
  return {
    databaseBytes: manifest.database.size,
    mediaFiles: copied?.length ?? null,
    mediaBytes: (copied ?? []).reduce((sum, m) => sum + m.size, 0),
    members,
  };
}

/** The counts a manifest records, read in the moment the dump is of. */
const COUNTS = 'SELECT (SELECT count(*)::int FROM users) AS members, (SELECT count(*)::int FROM schema_migrations) AS migrations';
type Counts = { members: number; migrations: number };
const countsOf = async (db: Db): Promise<Counts> => (await db.query<Counts>(raw(COUNTS)))[0] ?? { members: 0, migrations: 0 };

/**
 * Backs up the RUNNING embedded site whose database `db` is (this process has it open) into `target`, a new or empty
 * directory: one moment of the database and of DATA_DIR/media (with `mediaInBucket`, the database only). The site
 * goes on answering; statements wait only while PGlite dumps its data directory and the photo files are linked aside.
 */
export async function backUpRunningSite(db: Db, opts: { dataDir: string; target: string; mediaInBucket: boolean }): Promise<BackupResult> {
  if (db.connection.kind !== 'pglite') throw new Refused('the database is PostgreSQL: back it up with pg_dump or a base backup');
  const lite = db.connection.pglite;
  if (!(await isEmptyOrMissing(opts.target))) throw new Refused(`${opts.target} is not empty: a backup goes into a new or empty directory`);
  await mkdir(opts.target, { recursive: true });
  const mediaDir = path.join(opts.dataDir, MEDIA);
  // Beside the media folder, so that a link is possible (one file system); removed whatever happens.
  const staging = path.join(opts.dataDir, `.backup-${randomUUID()}`);
  try {
    // Written out first, so that the dump needs little WAL replay when it is restored; the site runs on meanwhile.
    await db.exec('CHECKPOINT');
    // PGlite's transaction lock (its public transaction()): no other transaction and no statement of the site's Db
    // runs until the callback ends. dumpDataDir takes PGlite's query lock itself.
    const { dump, keys } = await lite.transaction(async (tx) => {
      const counts = (await tx.query<Counts>(COUNTS)).rows[0] ?? { members: 0, migrations: 0 };
      const dumped = await lite.dumpDataDir('gzip');
      const linked = opts.mediaInBucket ? null : await linkAll(mediaDir, staging);
      return { dump: { dump: dumped, ...counts }, keys: linked };
    });
    return await writeBackup(opts.target, dump, keys && { dir: staging, keys });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Hard-links every file under `from` into the same keys under `to` (one file system); answers the keys. */
async function linkAll(from: string, to: string): Promise<string[]> {
  const keys = await filesUnder(from);
  for (const key of keys) {
    const target = path.join(to, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await link(path.join(from, ...key.split('/')), target);
  }
  return keys;
}

/** The name prefix of the backups the `site-backup` job makes in BACKUP_DIR; the rest of the name is the UTC time. */
const JOB_BACKUP_PREFIX = 'site-';

/** The directory name of a backup the job makes at `at`: sortable, and without characters some file systems refuse. */
export function jobBackupName(at: Date): string {
  return `${JOB_BACKUP_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Keeps the newest `keep` finished backups the job made in `dir` and removes the older ones, and every unfinished
 * one (no manifest: a run that crashed) except `current`. Answers the names removed.
 */
export async function pruneJobBackups(dir: string, keep: number, current?: string): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name.startsWith(JOB_BACKUP_PREFIX) && e.name !== current)
    .map((e) => e.name)
    .sort();
  const finished = names.filter((n) => existsSync(path.join(dir, n, MANIFEST)));
  const unfinished = names.filter((n) => !existsSync(path.join(dir, n, MANIFEST)));
  const removed = [...unfinished, ...finished.slice(0, Math.max(0, finished.length - keep))];
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

async function readManifest(backup: string): Promise<Manifest> {
  const file = path.join(backup, MANIFEST);
  if (!existsSync(file)) throw new Refused(`${backup} is not a finished backup (it has no ${MANIFEST})`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Refused(`${backup} is not a backup of this kind (format ${String(manifest.format)})`);
  return manifest;
}

/**
 * Restores a backup into dataDir, which must be new or empty (a restore never mixes with a site's files). Every file
 * is checked against the manifest; the database is opened once at the end, so a restore that returns is one a backend
 * can start on.
 */
export async function restoreDataDir(backup: string, dataDir: string): Promise<BackupResult> {
  const manifest = await readManifest(backup);
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new Refused(`${dataDir} is not empty: restore into a new or empty DATA_DIR, then point the site at it`);
  }
  const databaseFile = path.join(backup, manifest.database.file);
  if ((await sha256Of(databaseFile)) !== manifest.database.sha256) {
    throw new Error(`${manifest.database.file} differs from its manifest (damaged backup)`);
  }
  await mkdir(dataDir, { recursive: true });
  if (manifest.media) {
    await copyMedia(
      path.join(backup, MEDIA),
      path.join(dataDir, MEDIA),
      manifest.media.map((m) => m.key),
      new Map(manifest.media.map((m) => [m.key, m])),
    );
  }
  const db = await createPgliteDb(path.join(dataDir, 'db'), new Blob([await readFile(databaseFile)]));
  let members: number;
  try {
    const [row] = await db.query<{ members: number }>(sql`SELECT count(*)::int AS members FROM users`);
    members = row?.members ?? 0;
    await db.exec('CHECKPOINT');
  } finally {
    await db.close();
  }
  if (members !== manifest.database.members) {
    throw new Error(`the restored database has ${members} members, the backup ${manifest.database.members}`);
  }
  return {
    databaseBytes: manifest.database.size,
    mediaFiles: manifest.media?.length ?? null,
    mediaBytes: (manifest.media ?? []).reduce((sum, m) => sum + m.size, 0),
    members,
  };
}
