import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../seed/seed';
import { parseConfig } from './config';
import { createPgliteDb, sql, type Db } from './db';
import { backUpRunningSite, jobBackupName, pruneJobBackups, restoreDataDir } from './embedded-backup';
import { createDiskStore } from './media-store';
import { migrate } from './migrate';

/**
 * A backup of the RUNNING embedded site (the `site-backup` job of BACKUP_DIR): made while the site goes on writing,
 * it restores into a new DATA_DIR as one moment — every balance equal to its ledger, every photo row with its files.
 */

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'running-backup-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A ledger change as the credits component makes one: the balance and its ledger row in one transaction. */
async function grant(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [after] = await tx.query<{ credits: number }>(sql`UPDATE users SET credits = credits + 1 WHERE id = ${userId} RETURNING credits`);
    await tx.query(
      sql`INSERT INTO credit_ledger (user_id, delta, reason, balance_after) VALUES (${userId}, 1, 'promotion', ${after?.credits ?? 0})`,
    );
  });
}

const ledgerRows = async (db: Db) => (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_ledger`))[0]?.n ?? 0;

describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('a backup of the running embedded site', () => {
  it('When the site writes balances and deletes photos while it is backed up, then the restore is one moment: balances equal their ledgers and every photo row has its files', async () => {
    const site = path.join(scratch, 'site');
    const mediaDir = path.join(site, 'media');
    await mkdir(site);
    const template = process.env.PGLITE_TEMPLATE ? new Blob([await readFile(process.env.PGLITE_TEMPLATE)]) : undefined;
    const db = await createPgliteDb(path.join(site, 'db'), template);
    const media = createDiskStore(mediaDir);
    const target = path.join(scratch, 'backups', jobBackupName(new Date()));
    let before: number;
    let after: number;
    try {
      await migrate(db);
      await seed(db, { media, members: 8, avatars: 2 });
      const users = (await db.query<{ id: number }>(sql`SELECT id FROM users ORDER BY id`)).map((u) => u.id);
      // Photos with files of their own (the seed's members share a few avatar files).
      const photos: { id: number; filename: string; thumb_filename: string; blurred_filename: string }[] = [];
      for (let k = 0; k < 3; k++) {
        const [filename, thumb, blurred] = ['full', 'thumb', 'blur'].map((v) => `u/zz/running-${k}-${v}.jpg`) as [string, string, string];
        for (const key of [filename, thumb, blurred]) await media.put(key, Buffer.from(`photo ${key}`));
        const [row] = await db.query<{ id: number }>(
          sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, position)
              VALUES (${users[0] as number}, ${filename}, ${thumb}, ${blurred}, 'approved', ${10 + k}) RETURNING id`,
        );
        photos.push({ id: row?.id ?? 0, filename, thumb_filename: thumb, blurred_filename: blurred });
      }

      // The site at work: balances change, and photos go as the photo service removes them (the row's commit, then
      // its files).
      let writing = true;
      // Each step waits for the next turn of the event loop, as a request arrives by I/O: PGlite answers without one,
      // so a loop of statements alone would starve the backup's file work.
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          await grant(db, users[i % users.length] as number);
          await turn();
        }
      })();
      const remover = (async () => {
        for (const photo of photos) {
          if (!writing) break;
          await db.query(sql`DELETE FROM photos WHERE id = ${photo.id}`);
          for (const key of [photo.filename, photo.thumb_filename, photo.blurred_filename]) await media.remove(key);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      before = await ledgerRows(db);
      const result = await backUpRunningSite(db, { dataDir: site, target, mediaInBucket: false });
      writing = false;
      await Promise.all([writer, remover]);
      after = await ledgerRows(db);
      expect(result.members).toBe(users.length);
      expect(result.mediaFiles).toBeGreaterThan(0);
      // The staging links are gone; the backup is finished (its manifest written last).
      expect((await readdir(site)).filter((n) => n.startsWith('.backup-'))).toEqual([]);
      expect(existsSync(path.join(target, 'manifest.json'))).toBe(true);
    } finally {
      await db.close();
    }

    const restoredDir = path.join(scratch, 'restored');
    await restoreDataDir(target, restoredDir);
    const restored = await createPgliteDb(path.join(restoredDir, 'db'));
    try {
      const rows = await ledgerRows(restored);
      expect(rows).toBeGreaterThanOrEqual(before);
      expect(rows).toBeLessThanOrEqual(after);
      const balances = await restored.query<{ id: number; credits: number; ledger: number }>(
        sql`SELECT u.id, u.credits, coalesce(sum(l.delta), 0)::int AS ledger FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
              GROUP BY u.id ORDER BY u.id`,
      );
      expect(balances.filter((b) => b.credits !== b.ledger)).toEqual([]);
      const kept = await restored.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
        sql`SELECT filename, thumb_filename, blurred_filename FROM photos`,
      );
      expect(kept.length).toBeGreaterThan(0);
      const missing = kept
        .flatMap((p) => [p.filename, p.thumb_filename, p.blurred_filename])
        .filter((key) => !existsSync(path.join(restoredDir, 'media', ...key.split('/'))));
      expect(missing).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('When the job prunes its directory, then the newest finished backups stay and unfinished ones go, except the running one', async () => {
    const dir = path.join(scratch, 'prune');
    const names = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map((d) => jobBackupName(new Date(`${d}T03:23:00Z`)));
    for (const name of names) {
      await mkdir(path.join(dir, name), { recursive: true });
      await writeFile(path.join(dir, name, 'manifest.json'), '{}');
    }
    const crashed = jobBackupName(new Date('2026-11-24T03:23:00Z'));
    const running = jobBackupName(new Date('2026-11-29T03:23:00Z'));
    await mkdir(path.join(dir, crashed));
    await mkdir(path.join(dir, running));
    await mkdir(path.join(dir, 'operator-notes'));

    const removed = await pruneJobBackups(dir, 2, running);

    expect(removed.sort()).toEqual([crashed, names[0], names[1]].sort());
    expect((await readdir(dir)).sort()).toEqual(['operator-notes', names[2], names[3], running].sort());
  });

  it('When BACKUP_DIR is set with DATABASE_URL, then the backend refuses to start and says what to use instead', () => {
    const parsed = parseConfig({ BACKUP_DIR: '/backups', DATABASE_URL: 'postgresql://db/site' });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain('pg_dump');
    const embedded = parseConfig({ BACKUP_DIR: '/backups' });
    expect(embedded.ok && [embedded.config.BACKUP_CRON, embedded.config.BACKUP_KEEP]).toEqual(['23 3 * * *', 7]);
  });
});
