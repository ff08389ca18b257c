import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, sql, type Db } from './lib/db';
import { createDiskStore } from './lib/media-store';
import { migrate } from './lib/migrate';
import { seed } from './seed/seed';

const run = promisify(execFile);
/** One script's longest run: then it is killed (a script left running would outlive the test and its folder). */
const SCRIPT_TIMEOUT_MS = 60_000;

/** Runs scripts/<name>.ts with DATA_DIR set; answers its exit code and output. */
async function script(
  name: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' };
  try {
    // Node with tsx's loader in one process (the tsx command would start a second one, which a kill misses).
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      env,
      timeout: SCRIPT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** What a site must still have after a restore: members, messages, balances and the photos' rows. */
async function siteState(db: Db) {
  return {
    members: await db.query(sql`SELECT id, site_id, email, status, credits, paid_user FROM users ORDER BY id`),
    messages: await db.query(sql`SELECT id, conversation_id, sender_id, body, credits_cost FROM messages ORDER BY id`),
    balances: await db.query(
      sql`SELECT u.id, u.credits, coalesce(sum(l.delta), 0)::int AS ledger_sum, count(l.id)::int AS ledger_rows
          FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id ORDER BY u.id`,
    ),
    photos: await db.query(sql`SELECT id, user_id FROM photos ORDER BY id`),
  };
}

/** Every file under a media folder: its key and its bytes. */
async function mediaFiles(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'backup-restore-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

// The embedded database (PGlite in DATA_DIR) only: a PostgreSQL site is backed up with PostgreSQL's own tools.
describe.skipIf(process.env.TEST_DB_DRIVER === 'postgres')('npm run backup and npm run restore', () => {
  it(
    'When a stopped embedded site is backed up and restored into a new DATA_DIR, then members, messages, balances and photo files are the same',
    async () => {
      const site = path.join(scratch, 'site');
      const mediaDir = path.join(site, 'media');
      await mkdir(site);
      const template = process.env.PGLITE_TEMPLATE ? new Blob([await readFile(process.env.PGLITE_TEMPLATE)]) : undefined;
      const db = await createPgliteDb(path.join(site, 'db'), template);
      const backupDir = path.join(scratch, 'backup');
      try {
        await migrate(db);
        await seed(db, { media: createDiskStore(mediaDir), members: 12, avatars: 2 });
        // After the seed: a message, a ledger change and a photo file of their own.
        const [conversation] = await db.query<{ conversation_id: number; user_id: number }>(
          sql`SELECT conversation_id, user_id FROM conversation_members ORDER BY conversation_id, user_id LIMIT 1`,
        );
        if (!conversation) throw new Error('the seed made no conversation');
        await db.query(
          sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conversation.conversation_id}, ${conversation.user_id}, 'kept by the backup')`,
        );
        await db.transaction(async (tx) => {
          const [after] = await tx.query<{ credits: number }>(
            sql`UPDATE users SET credits = credits + 7 WHERE id = ${conversation.user_id} RETURNING credits`,
          );
          await tx.query(
            sql`INSERT INTO credit_ledger (user_id, delta, reason, balance_after) VALUES (${conversation.user_id}, 7, 'promotion', ${after?.credits ?? 0})`,
          );
        });
        await createDiskStore(mediaDir).put('u/zz/backup-test-full.jpg', Buffer.from('not really a jpeg, but its bytes count'));

        // While the database is open (a running backend), the backup refuses and writes nothing.
        const refused = await script('backup', [backupDir], site);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('stop the site');
        await expect(readdir(backupDir)).rejects.toThrow();
      } finally {
        await db.close();
      }

      const backup = await script('backup', [backupDir], site);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^backup: .* media files/);

      // A DATA_DIR that holds anything is refused.
      const occupied = path.join(scratch, 'occupied');
      await mkdir(occupied);
      await writeFile(path.join(occupied, 'keep.txt'), 'mine');
      const intoOccupied = await script('restore', [backupDir, '--data-dir', occupied], site);
      expect(intoOccupied.code).toBe(1);
      expect(intoOccupied.stderr).toContain('is not empty');
      expect(await readdir(occupied)).toEqual(['keep.txt']);

      const restoredDir = path.join(scratch, 'restored');
      const restore = await script('restore', [backupDir, '--data-dir', restoredDir], site);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);

      const original = await createPgliteDb(path.join(site, 'db'));
      const restored = await createPgliteDb(path.join(restoredDir, 'db'));
      try {
        const before = await siteState(original);
        const after = await siteState(restored);
        expect(before.members.length).toBeGreaterThan(12);
        expect(before.messages).toContainEqual(expect.objectContaining({ body: 'kept by the backup' }));
        expect(before.balances).toContainEqual(
          expect.objectContaining({ ledger_sum: expect.any(Number), ledger_rows: expect.any(Number) }),
        );
        expect(after).toEqual(before);
      } finally {
        await original.close();
        await restored.close();
      }
      const originalFiles = await mediaFiles(mediaDir);
      expect(originalFiles.get(path.join('u', 'zz', 'backup-test-full.jpg'))).toBeDefined();
      expect(originalFiles.size).toBeGreaterThan(1);
      expect(await mediaFiles(path.join(restoredDir, 'media'))).toEqual(originalFiles);
    },
    4 * SCRIPT_TIMEOUT_MS,
  );
});
