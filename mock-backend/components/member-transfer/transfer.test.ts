import { execFileSync } from 'node:child_process';
import { appendFile, copyFile, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../../lib/db';
import { MAX_LEGACY_MEMBER_ID } from '../../lib/legacy-sync';
import { createDiskStore, type MediaStore } from '../../lib/media-store';
import { legacyPlaceholderEmail } from '../../lib/outbox';
import { grantCredits, ledgerInvariantViolations } from '../credits/ledger';
import { spendCredits } from '../credits/index';
import { snap } from '../privacy/index';
import { fixturePosition, freshDatabase, writeTransferSet } from './fixtures';
import { runExport, runImport, type ImportResult } from './index';

/** The rows an import writes, by their PHP keys (never this database's own ids, which differ between databases). */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const q = (text: ReturnType<typeof sql>) => db.query(text);
  return {
    users: await q(sql`SELECT id, site_id, email, status, origin, password_hash, credits, paid_user, language, signup_date,
      last_active_at, mail_off FROM users ORDER BY id`),
    profiles: await q(
      sql`SELECT user_id, name, status, country, region_id, birth_date, about, gender, listed, site_id FROM profiles ORDER BY user_id`,
    ),
    interests: await q(sql`SELECT user_id, interest_id FROM profile_interests ORDER BY 1, 2`),
    photos: await q(sql`SELECT legacy_key, user_id, status, is_main, position, filename FROM photos ORDER BY legacy_key`),
    likes: await q(sql`SELECT liker_id, liked_id, is_new, is_auto, created_at FROM likes ORDER BY 1, 2`),
    blocks: await q(sql`SELECT blocker_id, blocked_id FROM blocks ORDER BY 1, 2`),
    conversations: await q(sql`SELECT c.legacy_key, c.started_by, c.last_message_at,
      array_agg(m.user_id || ':' || m.read_seq ORDER BY m.user_id) AS members
      FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id GROUP BY c.id ORDER BY c.legacy_key`),
    messages: await q(sql`SELECT legacy_key, sender_id, body, kind, credits_cost, seq FROM messages ORDER BY legacy_key`),
    ledger: await q(sql`SELECT legacy_key, user_id, delta, reason, balance_after FROM credit_ledger ORDER BY legacy_key`),
    lots: await q(sql`SELECT legacy_key, user_id, kind, credits, remaining, amount_minor, currency FROM credit_lots ORDER BY legacy_key`),
  };
}

async function count(db: Db, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM ${table}`, values: [] });
  return row?.n ?? 0;
}

const scratch: string[] = [];
const open: { close(): Promise<void> }[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'transfer-'));
  scratch.push(dir);
  return dir;
}

async function database(): Promise<{ db: Db; media: MediaStore; mediaDir: string }> {
  const fresh = await freshDatabase();
  open.push(fresh);
  const mediaDir = path.join(await tempDir(), 'media');
  return { db: fresh.db, media: createDiskStore(mediaDir), mediaDir };
}

/** A small PHP export: 12 members (photos for 3), their likes, blocks, conversations, messages and credits. */
let phpSet: string;
const MEMBERS = 12;
const FIRST = 100_001;

beforeAll(async () => {
  phpSet = await tempDir();
  await writeTransferSet(phpSet, { members: MEMBERS, firstId: FIRST, photos: 3, likesPerMember: 2, conversationsPerMember: 2 });
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

afterAll(async () => {
  await Promise.all(scratch.map((d) => rm(d, { recursive: true, force: true })));
});

async function mediaFiles(dir: string): Promise<string[]> {
  return readdir(dir, { recursive: true }).catch(() => []);
}

/** A member who signed up here (origin local) with id 7, in the way of a PHP member of that id. */
async function withLocalMember(db: Db): Promise<void> {
  await db.query(sql`INSERT INTO users (id, site_id, email, password_hash, status) OVERRIDING SYSTEM VALUE
    VALUES (7, 1, 'local@local.test', 'argon2-hash', 'active')`);
}

/** What the identity bridge writes for a PHP member it meets: his PHP id, origin legacy, no password yet. */
async function learn(db: Db, id: number, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(sql`INSERT INTO users (id, site_id, email, password_hash, status, origin, legacy_synced_at)
      OVERRIDING SYSTEM VALUE VALUES (${id}, 1, ${email}, '', 'active', 'legacy', now())`);
    await tx.query(sql`INSERT INTO profiles (user_id, name, status) VALUES (${id}, 'Learnt', 'active')`);
  });
}

/** Lines added at the end of a kind's file (a string is written as it is, anything else as JSON). */
async function appendLines(dir: string, kind: string, lines: unknown[]): Promise<void> {
  await appendFile(path.join(dir, `${kind}.jsonl`), lines.map((l) => `${typeof l === 'string' ? l : JSON.stringify(l)}\n`).join(''));
}

describe('member transfer: the bulk import', () => {
  it('When a valid PHP export is imported, then every member, photo, like, block, conversation, message and balance is there', async () => {
    const { db, media, mediaDir } = await database();
    const result = await runImport(db, { dir: phpSet, media, batchSize: 7 });

    expect(result.refusals).toEqual([]);
    expect(result.counts.members).toEqual({ imported: MEMBERS, refused: 0 });
    const members = await db.query<{ id: number; origin: string; password_hash: string; email: string }>(
      sql`SELECT id, origin, password_hash, email FROM users WHERE id >= ${FIRST} ORDER BY id`,
    );
    expect(members).toHaveLength(MEMBERS);
    expect(members.every((m) => m.origin === 'legacy' && m.password_hash === '' && m.email === `member${m.id}@php.example`)).toBe(true);
    expect(await count(db, `profiles WHERE user_id >= ${FIRST} AND listed`)).toBe(MEMBERS);
    // PHP's exact positions are stored as their grid cell's centre, like every position here.
    const places = await db.query<{ user_id: number; lat: number; lon: number }>(
      sql`SELECT user_id, lat, lon FROM profiles WHERE user_id >= ${FIRST} ORDER BY user_id`,
    );
    expect(places).toEqual(members.map((m) => ({ user_id: m.id, ...snap(fixturePosition(m.id).lat, fixturePosition(m.id).lon) })));
    expect(await count(db, 'photos WHERE legacy_key IS NOT NULL AND is_main')).toBe(3);
    expect((await mediaFiles(mediaDir)).filter((f) => f.endsWith('.jpg'))).toHaveLength(9);
    expect(await count(db, 'likes')).toBe(result.counts.likes.imported);
    expect(await count(db, 'messages')).toBe(result.counts.messages.imported);
    expect(result.counts.messages.imported).toBeGreaterThan(0);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
    const [credits] = await db.query<{ total: number }>(sql`SELECT sum(credits)::int AS total FROM users`);
    const [ledger] = await db.query<{ total: number }>(sql`SELECT sum(delta)::int AS total FROM credit_ledger`);
    expect(credits?.total).toBe(ledger?.total);
    // History from the PHP service arrives read: nothing of it is announced as new.
    expect(
      await count(
        db,
        'conversation_members cm WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.seq > cm.read_seq)',
      ),
    ).toBe(0);
    // A signup here after the import never takes a PHP member's id.
    expect(result.nextMemberId).toBe(FIRST + MEMBERS);
    const [signup] = await db.query<{ id: number }>(
      sql`INSERT INTO users (site_id, email, password_hash) VALUES (1, 'new@local.test', 'x') RETURNING id`,
    );
    expect(signup?.id).toBe(FIRST + MEMBERS);
  });

  it('When the same directory is imported a second time, then nothing changes', async () => {
    const { db, media, mediaDir } = await database();
    await runImport(db, { dir: phpSet, media, batchSize: 5 });
    const first = await snapshot(db);
    const files = await mediaFiles(mediaDir);

    const again = await runImport(db, { dir: phpSet, media, batchSize: 5 });

    expect(again.refusals).toEqual([]);
    expect(again.resumedFrom).toBeNull();
    expect(await snapshot(db)).toEqual(first);
    expect(await mediaFiles(mediaDir)).toEqual(files);
  });

  it('When a run is killed after some batches, then the next run continues after the last committed one and ends with the same rows', async () => {
    const whole = await database();
    await runImport(whole.db, { dir: phpSet, media: whole.media, batchSize: 4 });
    const expected = await snapshot(whole.db);

    const { db, media } = await database();
    const killed = runImport(db, {
      dir: phpSet,
      media,
      batchSize: 4,
      afterBatch: (_kind, batch) => {
        if (batch === 9) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    const [run] = await db.query<{ kind: string; line: number; finished_at: Date | null }>(
      sql`SELECT kind, line, finished_at FROM import_runs`,
    );
    expect(run?.finished_at).toBeNull();

    const resumed = await runImport(db, { dir: phpSet, media, batchSize: 4 });

    expect(resumed.resumedFrom).toEqual({ kind: run?.kind, line: run?.line });
    expect(resumed.counts.members.imported).toBeLessThan(MEMBERS);
    const got = await snapshot(db);
    // Photos are stored under new random names: compare everything else of them.
    const withoutFiles = (s: Record<string, unknown[]>) => ({
      ...s,
      photos: s.photos?.map((p) => ({ ...(p as object), filename: undefined })),
      messages: s.messages?.map((m) => ({ ...(m as object), seq: undefined })),
      conversations: s.conversations?.map((c) => ({ ...(c as object), members: undefined })),
    });
    expect(withoutFiles(got)).toEqual(withoutFiles(expected));
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it('When a batch throws before it commits (the media store fails), then nothing of it is written and the next run completes it', async () => {
    const { db, media } = await database();
    let puts = 0;
    const failing: MediaStore = {
      ...media,
      put: async (key, body) => {
        puts += 1;
        if (puts > 3) throw new Error('store down');
        await media.put(key, body);
      },
    };
    await expect(runImport(db, { dir: phpSet, media: failing, batchSize: 2 })).rejects.toThrow('store down');
    // The first photo batch (two photos) failed as a whole: no row of it.
    expect(await count(db, 'photos')).toBe(0);
    expect(await count(db, 'users')).toBe(MEMBERS);

    const resumed = await runImport(db, { dir: phpSet, media, batchSize: 2 });
    expect(resumed.resumedFrom?.kind).toBe('members');
    expect(await count(db, 'photos WHERE legacy_key IS NOT NULL')).toBe(3);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });
});

describe('member transfer: refused records', () => {
  /** The PHP set plus bad lines of every kind, and a local member in the way. */
  async function badSet(): Promise<string> {
    const dir = await tempDir();
    await writeTransferSet(dir, { members: 4, firstId: 200_001, photos: 1 });
    const add = (kind: string, lines: unknown[]) => appendLines(dir, kind, lines);
    const member = (id: number, extra: object = {}) => ({
      id,
      email: `member${id}@php.example`,
      status: 'active',
      signup_date: '2024-02-01T00:00:00Z',
      profile: { name: `Member ${id}` },
      ...extra,
    });
    await add('members', [
      '{"id": 200100, "email": ',
      { ...member(200101), status: 'gone' },
      member(200102, { email: 'local@local.test' }),
      member(7),
      member(200103, { site: 'unknown.example' }),
      member(200104, { profile: { name: 'R', country: 'NL', region: 'XX' } }),
    ]);
    await add('photos', [{ id: 1234, member: 200001, file: 'originals/missing.jpg', status: 'approved' }]);
    await add('likes', [
      { liker: 200001, liked: 999_999, created_at: '2024-03-01T00:00:00Z' },
      { liker: 200001, liked: 200001, created_at: '2024-03-01T00:00:00Z' },
    ]);
    await add('conversations', [{ id: 77, members: [200001, 200002], started_by: 200003, created_at: '2024-03-01T00:00:00Z' }]);
    await add('messages', [
      { id: 88, conversation: 424242, sender: 200001, body: 'to nowhere', sent_at: '2024-03-01T00:00:00Z' },
      { id: 89, conversation: 500001, sender: 200004, body: 'not his', sent_at: '2024-03-01T00:00:00Z' },
    ]);
    await add('ledger', [
      { id: 99, member: 200002, delta: -5000, reason: 'message', created_at: '2025-01-01T00:00:00Z' },
      {
        id: 98,
        member: 200002,
        delta: -5,
        reason: 'purchase',
        created_at: '2025-01-01T00:00:00Z',
        purchase: { amount_minor: 1, currency: 'EUR' },
      },
    ]);
    return dir;
  }

  const expectedReasons = [
    ['members', 'invalid_json', null],
    ['members', 'schema', '200101'],
    ['members', 'email_taken', '200102'],
    ['members', 'local_member', '7'],
    ['members', 'unknown_site', '200103'],
    ['members', 'unknown_region', '200104'],
    ['photos', 'photo_missing', '1234'],
    ['likes', 'unknown_member', '200001→999999'],
    ['likes', 'self_reference', '200001→200001'],
    ['conversations', 'not_a_member', '77'],
    ['messages', 'unknown_conversation', '88'],
    ['messages', 'not_a_member', '89'],
    ['ledger', 'balance_below_zero', '99'],
    ['ledger', 'purchase_not_credit', '98'],
  ];

  it('When records break the schema, name members who are not here or collide with local members, then they are refused into the report and nothing of them is written', async () => {
    const dir = await badSet();
    const { db, media } = await database();
    await withLocalMember(db);

    const result = await runImport(db, { dir, media });

    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual(expectedReasons);
    expect(result.refusals.every((r) => r.file === `${r.kind}.jsonl` && r.line > 0 && r.detail.length > 0)).toBe(true);
    expect(await count(db, 'users WHERE id BETWEEN 200100 AND 200104')).toBe(0);
    const [local] = await db.query<{ email: string; origin: string; password_hash: string }>(
      sql`SELECT email, origin, password_hash FROM users WHERE id = 7`,
    );
    expect(local).toEqual({ email: 'local@local.test', origin: 'local', password_hash: 'argon2-hash' });
    expect(await count(db, 'likes WHERE liker_id = liked_id OR liked_id = 999999')).toBe(0);
    expect(await count(db, "conversations WHERE legacy_key = '77'")).toBe(0);
    expect(await count(db, "messages WHERE legacy_key IN ('88', '89')")).toBe(0);
    expect(await count(db, "credit_ledger WHERE legacy_key IN ('98', '99')")).toBe(0);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
    // The valid records around them are in.
    expect(result.counts.members.imported).toBe(4);
    expect(await count(db, 'users WHERE id BETWEEN 200001 AND 200004')).toBe(4);
  });

  it('When a directory is checked with a dry run, then the same refusals are reported and nothing is written', async () => {
    const dir = await badSet();
    const { db, media, mediaDir } = await database();
    await withLocalMember(db);
    const before = await snapshot(db);

    const result: ImportResult = await runImport(db, { dir, media, dryRun: true });

    expect(result.dryRun).toBe(true);
    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual(expectedReasons);
    expect(result.counts.members.imported).toBe(4);
    expect(await snapshot(db)).toEqual(before);
    expect(await count(db, 'import_runs')).toBe(0);
    expect(await mediaFiles(mediaDir)).toEqual([]);
  });

  it('When the database refuses one record of a batch, then the batch goes again record by record and only that one is refused', async () => {
    const { db, media } = await database();
    // A rule the import's own checks do not know: the database refuses one like.
    await db.exec(`CREATE FUNCTION refuse_one_like() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.liker_id = ${FIRST} THEN RAISE EXCEPTION 'likes of ${FIRST} are closed'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_one_like BEFORE INSERT ON likes FOR EACH ROW EXECUTE FUNCTION refuse_one_like();`);

    const result = await runImport(db, { dir: phpSet, media });

    const likesOfFirst = result.refusals.filter((r) => r.kind === 'likes');
    expect(likesOfFirst.length).toBeGreaterThan(0);
    expect(likesOfFirst.every((r) => r.reason === 'database' && r.id?.startsWith(`${FIRST}→`) && r.detail.includes('closed'))).toBe(true);
    expect(result.refusals.filter((r) => r.kind !== 'likes')).toEqual([]);
    expect(await count(db, 'likes')).toBe(result.counts.likes.imported);
    expect(await count(db, `likes WHERE liker_id <> ${FIRST}`)).toBe(result.counts.likes.imported);
    expect(result.counts.likes.imported).toBeGreaterThan(0);
  });

  it('When the database refuses one record in a dry run, then the dry run goes on and reports the refusals the real run makes', async () => {
    const { db, media } = await database();
    await db.exec(`CREATE FUNCTION refuse_one_like() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.liker_id = ${FIRST} THEN RAISE EXCEPTION 'likes of ${FIRST} are closed'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_one_like BEFORE INSERT ON likes FOR EACH ROW EXECUTE FUNCTION refuse_one_like();`);

    const dry = await runImport(db, { dir: phpSet, media, dryRun: true });

    expect(await count(db, 'likes')).toBe(0);
    expect(await count(db, 'users')).toBe(0);
    const real = await runImport(db, { dir: phpSet, media });
    expect(dry.refusals.length).toBeGreaterThan(0);
    expect(dry.refusals).toEqual(real.refusals);
    expect(dry.counts).toEqual(real.counts);
  });

  it('When the directory has no manifest, then nothing is read', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'members.jsonl'), '');
    const { db, media } = await database();
    await expect(runImport(db, { dir, media })).rejects.toThrow(/manifest\.json/);
  });
});

describe('member transfer: hostile exports', () => {
  const AT = '2024-03-01T00:00:00Z';
  const member = (id: number, extra: object = {}) => ({
    id,
    email: `member${id}@php.example`,
    status: 'active',
    signup_date: '2024-02-01T00:00:00Z',
    profile: { name: `Member ${id}` },
    ...extra,
  });

  /** A small valid export (members 300001–300003, a photo for the first), for bad lines to be added to. */
  async function smallSet(): Promise<string> {
    const dir = await tempDir();
    await writeTransferSet(dir, { members: 3, firstId: 300_001, photos: 1 });
    return dir;
  }

  it('When records of any kind name a member who signed up here, then they are refused and nothing of them lands on him', async () => {
    const dir = await smallSet();
    const { db, media } = await database();
    await withLocalMember(db);
    // A PHP member already here, and a conversation of his with the local member under a PHP key.
    await learn(db, 300_001, 'member300001@php.example');
    const [conv] = await db.query<{ id: number }>(
      sql`INSERT INTO conversations (site_id, started_by, legacy_key) VALUES (1, 300001, '4500') RETURNING id`,
    );
    await db.query(sql`INSERT INTO conversation_members (conversation_id, user_id) VALUES (${conv?.id}, 300001), (${conv?.id}, 7)`);
    await appendLines(dir, 'members', [member(7)]);
    await appendLines(dir, 'photos', [{ id: 4321, member: 7, file: 'originals/300001.jpg', status: 'approved', main: true }]);
    await appendLines(dir, 'likes', [
      { liker: 300_001, liked: 7, created_at: AT },
      { liker: 7, liked: 300_002, created_at: AT },
    ]);
    await appendLines(dir, 'blocks', [
      { blocker: 7, blocked: 300_002, created_at: AT },
      { blocker: 300_003, blocked: 7, created_at: AT },
    ]);
    await appendLines(dir, 'conversations', [{ id: 4401, members: [300_001, 7], started_by: 7, created_at: AT }]);
    await appendLines(dir, 'messages', [
      { id: 4501, conversation: 4500, sender: 7, body: 'in his name', sent_at: AT },
      { id: 4502, conversation: 4500, sender: 300_001, body: 'to him', sent_at: AT },
    ]);
    await appendLines(dir, 'ledger', [{ id: 4601, member: 7, delta: 1_000_000, reason: 'promotion', created_at: AT }]);

    const result = await runImport(db, { dir, media });

    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual([
      ['members', 'local_member', '7'],
      ['photos', 'local_member', '4321'],
      ['likes', 'local_member', '300001→7'],
      ['likes', 'local_member', '7→300002'],
      ['blocks', 'local_member', '7→300002'],
      ['blocks', 'local_member', '300003→7'],
      ['conversations', 'local_member', '4401'],
      ['messages', 'local_member', '4501'],
      ['messages', 'local_member', '4502'],
      ['ledger', 'local_member', '4601'],
    ]);
    expect(result.refusals.every((r) => r.reason !== 'local_member' || r.detail.includes('7'))).toBe(true);
    const [local] = await db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = 7`);
    expect(local?.credits).toBe(0);
    expect(await count(db, 'photos WHERE user_id = 7')).toBe(0);
    expect(await count(db, 'likes WHERE liker_id = 7 OR liked_id = 7')).toBe(0);
    expect(await count(db, 'blocks WHERE blocker_id = 7 OR blocked_id = 7')).toBe(0);
    expect(await count(db, 'credit_ledger WHERE user_id = 7')).toBe(0);
    expect(await count(db, `messages WHERE conversation_id = ${conv?.id}`)).toBe(0);
    expect(await count(db, "conversations WHERE legacy_key = '4401'")).toBe(0);
    // The PHP members' own history is in.
    expect(result.counts.photos.imported).toBe(1);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it('When a member id is above the ceiling, then the record is refused and the id sequence is never moved past the ceiling', async () => {
    const dir = await smallSet();
    const { db, media } = await database();
    // A member above the ceiling that an earlier import let in: the sequence is not moved past the ceiling for him either.
    await learn(db, 2_100_000_000, 'early@php.example');
    await appendLines(dir, 'members', [member(2_147_483_647), member(MAX_LEGACY_MEMBER_ID + 1), member(MAX_LEGACY_MEMBER_ID)]);
    await appendLines(dir, 'likes', [{ liker: 300_001, liked: 2_147_483_647, created_at: AT }]);

    const result = await runImport(db, { dir, media });

    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual([
      ['members', 'id_out_of_range', '2147483647'],
      ['members', 'id_out_of_range', '2000000001'],
      ['likes', 'id_out_of_range', '300001→2147483647'],
    ]);
    expect(await count(db, `users WHERE id = ${MAX_LEGACY_MEMBER_ID}`)).toBe(1);
    expect(result.nextMemberId).toBe(MAX_LEGACY_MEMBER_ID + 1);
    const [signup] = await db.query<{ id: number }>(
      sql`INSERT INTO users (site_id, email, password_hash) VALUES (1, 'new@local.test', 'x') RETURNING id`,
    );
    expect(signup?.id).toBe(MAX_LEGACY_MEMBER_ID + 1);
  });

  it('When a ledger total would leave the integer range, then the rows past it are refused alike in a dry run and a real run', async () => {
    const dir = await smallSet();
    const id = 300_002;
    const big = Array.from({ length: 216 }, (_, i) => ({
      id: 4700 + i,
      member: id,
      delta: 10_000_000,
      reason: 'promotion',
      created_at: AT,
    }));
    await appendLines(dir, 'ledger', [...big, { id: 4999, member: id, delta: -5, reason: 'message', created_at: AT }]);
    const expected = [
      ['ledger', 'balance_out_of_range', '4914'],
      ['ledger', 'balance_out_of_range', '4915'],
    ];
    const { db, media } = await database();

    const dry = await runImport(db, { dir, media, dryRun: true });
    expect(dry.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual(expected);
    expect(await count(db, 'credit_ledger')).toBe(0);

    const real = await runImport(db, { dir, media });
    expect(real.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual(expected);
    const [row] = await db.query<{ credits: number; ledger: number }>(
      sql`SELECT credits, (SELECT sum(delta)::int FROM credit_ledger WHERE user_id = ${id}) AS ledger FROM users WHERE id = ${id}`,
    );
    expect(row?.credits).toBe(row?.ledger);
    expect(row?.credits).toBeGreaterThanOrEqual(214 * 10_000_000 - 5);
    expect(await count(db, "credit_ledger WHERE legacy_key = '4999'")).toBe(1);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it('When a photo is a link to a file outside the export or not a regular file, then it is refused and nothing is read from it; a link inside media/ is followed', async () => {
    const dir = await smallSet();
    const outside = await tempDir();
    await copyFile(path.join(dir, 'media/originals/300001.jpg'), path.join(outside, 'secret.jpg'));
    await symlink(path.join(outside, 'secret.jpg'), path.join(dir, 'media/originals/evil.jpg'));
    await symlink(outside, path.join(dir, 'media/elsewhere'));
    await symlink('originals/300001.jpg', path.join(dir, 'media/inside.jpg'));
    // Not regular files: a directory, and a FIFO (reading it would wait for a writer forever).
    execFileSync('mkfifo', [path.join(dir, 'media/fifo.jpg')]);
    await appendLines(dir, 'photos', [
      { id: 4801, member: 300_002, file: 'originals/evil.jpg', status: 'approved' },
      { id: 4802, member: 300_002, file: 'elsewhere/secret.jpg', status: 'approved' },
      { id: 4803, member: 300_003, file: 'inside.jpg', status: 'approved' },
      { id: 4804, member: 300_003, file: 'originals', status: 'approved' },
      { id: 4805, member: 300_003, file: 'fifo.jpg', status: 'approved' },
    ]);
    const { db, media, mediaDir } = await database();

    const result = await runImport(db, { dir, media });

    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual([
      ['photos', 'photo_outside_export', '4801'],
      ['photos', 'photo_outside_export', '4802'],
      ['photos', 'photo_invalid', '4804'],
      ['photos', 'photo_invalid', '4805'],
    ]);
    expect(await count(db, "photos WHERE legacy_key IN ('4801', '4802', '4804', '4805')")).toBe(0);
    expect(await count(db, `photos WHERE legacy_key = '4803' AND user_id = 300003`)).toBe(1);
    // The first member's photo and the linked one: three variants each, nothing of the files outside.
    expect((await mediaFiles(mediaDir)).filter((f) => f.endsWith('.jpg'))).toHaveLength(6);
  });

  it('When a line is longer than the limit, then it alone is refused with its line number and the lines after it are imported', async () => {
    const dir = await smallSet();
    const huge = JSON.stringify(member(300_010, { profile: { name: 'Long', about: 'x'.repeat(5 * 1024 * 1024) } }));
    await appendLines(dir, 'members', [huge, member(300_011)]);
    const { db, media } = await database();

    const result = await runImport(db, { dir, media });

    expect(result.refusals).toEqual([
      expect.objectContaining({ file: 'members.jsonl', line: 4, kind: 'members', id: null, reason: 'line_too_long' }),
    ]);
    expect(await count(db, 'users WHERE id = 300010')).toBe(0);
    expect(await count(db, 'users WHERE id = 300011')).toBe(1);
    expect(result.counts.members).toEqual({ imported: 4, refused: 1 });
  });
});

describe('member transfer: members learnt on first sight', () => {
  it('When a member learnt on first sight is in the file, then he stays one member: his PHP data is filled in, what he did here is kept', async () => {
    const { db, media } = await database();
    const known = FIRST + 1;
    const edited = FIRST + 2;
    await learn(db, known, legacyPlaceholderEmail(known));
    await learn(db, edited, `member${edited}@php.example`);
    // He logged in here (his password checked once with the PHP service), bought credits, and one edited his profile.
    await db.query(sql`UPDATE users SET password_hash = 'argon2-hash' WHERE id = ${known}`);
    await grantCredits(db, { userId: known, credits: 50, kind: 'promo', reason: 'bonus' });
    await db.query(sql`UPDATE profiles SET about = 'Written here', updated_at = now() WHERE user_id = ${edited}`);

    const result = await runImport(db, { dir: phpSet, media });

    expect(result.refusals).toEqual([]);
    expect(await count(db, `users WHERE id = ${known}`)).toBe(1);
    const [member] = await db.query<{ email: string; password_hash: string; credits: number; origin: string }>(
      sql`SELECT email, password_hash, credits, origin FROM users WHERE id = ${known}`,
    );
    const [ledger] = await db.query<{ php: number }>(
      sql`SELECT sum(delta)::int AS php FROM credit_ledger WHERE user_id = ${known} AND legacy_key IS NOT NULL`,
    );
    expect(member).toEqual({
      email: `member${known}@php.example`,
      password_hash: 'argon2-hash',
      credits: 50 + (ledger?.php ?? 0),
      origin: 'legacy',
    });
    const profiles = await db.query<{ user_id: number; name: string; about: string }>(
      sql`SELECT user_id, name, about FROM profiles WHERE user_id = ANY(${[known, edited]}::int[]) ORDER BY user_id`,
    );
    expect(profiles).toEqual([
      { user_id: known, name: `Member ${known}`, about: 'Imported from the PHP service.' },
      // What he changed here stays; the rest of his profile is the PHP service's again.
      { user_id: edited, name: `Member ${edited}`, about: 'Written here' },
    ]);
    expect(await ledgerInvariantViolations(db)).toEqual([]);
  });

  it('When fields of a legacy member were changed here, then the import keeps them, refreshes the others and marks nothing itself', async () => {
    const { db, media } = await database();
    const id = FIRST + 3;
    const phpAddress = `member${id}@php.example`;
    await learn(db, id, phpAddress);
    // Plain writes here (not the PHP service speaking): the triggers list the fields they changed.
    await db.query(sql`UPDATE users SET email = 'mine@here.example', language = 'de' WHERE id = ${id}`);
    await db.query(sql`UPDATE profiles SET name = 'Named here' WHERE user_id = ${id}`);
    // His own words chosen here are his too (migration 045), though the PHP service's record has none.
    await db.query(sql`UPDATE profiles SET position = 'top', tribes = ARRAY['bear'] WHERE user_id = ${id}`);
    // A signup here took the address he left: the import does not write it back, so it does not collide.
    await db.query(sql`INSERT INTO users (site_id, email, password_hash, status) VALUES (1, ${phpAddress}, 'argon2-hash', 'active')`);

    const result = await runImport(db, { dir: phpSet, media });

    expect(result.refusals).toEqual([]);
    const [user] = await db.query<{ email: string; language: string; status: string; changed_here: string[] }>(
      sql`SELECT email, language, status, changed_here FROM users WHERE id = ${id}`,
    );
    expect(user).toEqual({ email: 'mine@here.example', language: 'de', status: 'active', changed_here: ['email', 'language'] });
    const [profile] = await db.query<{ name: string; about: string; gender: string; birth_date: string | null; changed_here: string[] }>(
      sql`SELECT name, about, gender, birth_date::text, position, tribes, changed_here FROM profiles WHERE user_id = ${id}`,
    );
    expect(profile).toEqual({
      name: 'Named here',
      about: 'Imported from the PHP service.',
      gender: 'male',
      birth_date: expect.stringMatching(/^19\d\d-/),
      position: 'top',
      tribes: ['bear'],
      changed_here: ['name', 'position', 'tribes'],
    });
    expect(await count(db, `profile_interests WHERE user_id = ${id}`)).toBe(1);
  });
});

describe('member transfer: the profile in his own words', () => {
  const member = (id: number, words: object) => ({
    id,
    email: `member${id}@php.example`,
    status: 'active',
    signup_date: '2024-02-01T00:00:00Z',
    profile: { name: `Member ${id}`, ...words },
  });
  /** Every field of his own words, each a value of the contract at the edge of its list or range. */
  const allWords = {
    looking_for: ['chat', 'dates', 'friends', 'relationship', 'right_now'],
    position: 'vers_bottom',
    tribes: ['bear', 'leather', 'wolf'],
    height_cm: 230,
    weight_kg: 40,
    pronouns: 'he_they',
  };
  /** One bad value of each kind, by member id: what is wrong and where the report says it is. */
  const bad: Array<[number, object, string]> = [
    [200201, { looking_for: ['chat', 'marriage'] }, '/profile/looking_for/1'],
    [200202, { looking_for: ['chat', 'chat'] }, '/profile/looking_for'],
    [200203, { tribes: ['bear', 'unicorn'] }, '/profile/tribes/1'],
    [200204, { tribes: ['bear', 'otter', 'cub', 'wolf'] }, '/profile/tribes'],
    [200205, { position: 'dominant' }, '/profile/position'],
    [200206, { height_cm: 231 }, '/profile/height_cm'],
    [200207, { height_cm: 119 }, '/profile/height_cm'],
    [200208, { height_cm: 180.5 }, '/profile/height_cm'],
    [200209, { weight_kg: 39 }, '/profile/weight_kg'],
    [200210, { weight_kg: 251 }, '/profile/weight_kg'],
    [200211, { pronouns: 'he/him/his, and anything you like to call me'.repeat(3) }, '/profile/pronouns'],
    [200212, { looking_for: 'dates' }, '/profile/looking_for'],
  ];
  const GOOD = 200220;

  async function wordsSet(): Promise<string> {
    const dir = await tempDir();
    await writeTransferSet(dir, { members: 3, firstId: 200_001, photos: 0 });
    // The bad records between good ones, all in one batch: each refused alone, the batch written.
    await appendLines(dir, 'members', [...bad.map(([id, words]) => member(id, words)), member(GOOD, allWords)]);
    return dir;
  }

  const stored = (db: Db, ids: number[]) =>
    db.query(sql`SELECT user_id, looking_for, position, tribes, height_cm, weight_kg, pronouns FROM profiles
      WHERE user_id = ANY(${ids}::int[]) ORDER BY user_id`);

  it('When records carry values of his own words that are not in the lists or out of range, then each is refused in the report with the field named, and the good record with every field is stored whole', async () => {
    const dir = await wordsSet();
    const { db, media } = await database();

    const result = await runImport(db, { dir, media });

    expect(result.refusals.map((r) => [r.kind, r.reason, r.id])).toEqual(bad.map(([id]) => ['members', 'schema', String(id)]));
    for (const [i, [id, , where]] of bad.entries()) expect(result.refusals[i]?.detail, String(id)).toMatch(new RegExp(`^${where} `));
    expect(result.refusals.every((r) => r.file === 'members.jsonl' && r.line > 3)).toBe(true);
    expect(result.counts.members).toEqual({ imported: 4, refused: bad.length });
    expect(await count(db, 'users WHERE id BETWEEN 200201 AND 200212')).toBe(0);
    expect(await stored(db, [GOOD])).toEqual([{ user_id: GOOD, ...allWords }]);
    // The members of the export's own lines have none of them: the defaults, as a member who said nothing.
    expect(await stored(db, [200_001])).toEqual([
      { user_id: 200_001, looking_for: [], position: null, tribes: [], height_cm: null, weight_kg: null, pronouns: null },
    ]);
  });

  it('When the same directory is checked with a dry run, then the same records are refused and nothing is written', async () => {
    const dir = await wordsSet();
    const { db, media } = await database();

    const result = await runImport(db, { dir, media, dryRun: true });

    expect(result.refusals.map((r) => [r.reason, r.id])).toEqual(bad.map(([id]) => ['schema', String(id)]));
    expect(result.counts.members.imported).toBe(4);
    expect(await count(db, 'users')).toBe(0);
  });
});

describe('member transfer: the export for the way back', () => {
  it('When what members did here is exported and loaded with the PHP data into a fresh database, then members, likes, messages and balances are the same', async () => {
    const source = await database();
    await runImport(source.db, { dir: phpSet, media: source.media });
    const [t0] = await source.db.query<{ now: Date }>(sql`SELECT now() - interval '1 second' AS now`);
    const [a, b] = [FIRST + 4, FIRST + 5];
    // Life on the new backend: a signup, a like, a new conversation with messages, a profile edit, credits.
    const [local] = await source.db.query<{ id: number }>(
      sql`INSERT INTO users (site_id, email, password_hash, status) VALUES (1, 'new@local.test', 'argon2-hash', 'active') RETURNING id`,
    );
    const localId = local?.id as number;
    await source.db.query(sql`INSERT INTO profiles (user_id, name, status, country) VALUES (${localId}, 'Newcomer', 'active', 'NL')`);
    await source.db.query(sql`INSERT INTO likes (liker_id, liked_id) VALUES (${localId}, ${a}), (${a}, ${localId})`);
    const [conv] = await source.db.query<{ id: number }>(
      sql`INSERT INTO conversations (site_id, started_by) VALUES (1, ${localId}) RETURNING id`,
    );
    await source.db.query(
      sql`INSERT INTO conversation_members (conversation_id, user_id) VALUES (${conv?.id}, ${localId}), (${conv?.id}, ${a})`,
    );
    await source.db.query(
      sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conv?.id}, ${localId}, 'hi from here'), (${conv?.id}, ${a}, 'hello back')`,
    );
    await source.db.query(sql`UPDATE profiles SET about = 'Changed here', looking_for = ARRAY['dates', 'right_now'], position = 'versatile',
      tribes = ARRAY['otter'], height_cm = 180, weight_kg = 82, pronouns = 'he_him', updated_at = now() WHERE user_id = ${b}`);
    await grantCredits(source.db, { userId: localId, credits: 100, kind: 'paid', reason: 'purchase', amountMinor: 1999, currency: 'EUR' });
    await spendCredits(source.db, { userId: localId, credits: 30, reason: 'message' });
    await spendCredits(source.db, { userId: a, credits: 10, reason: 'message' });

    const exported = await tempDir();
    const counts = await runExport(source.db, { dir: exported, since: t0?.now as Date });
    expect(counts).toMatchObject({ likes: 2, conversations: 1, messages: 2 });
    const exportedMembers = (await readFile(path.join(exported, 'members.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    // The signup and the edited profile; a member whose balance changed here comes too (his row changed).
    expect(exportedMembers).toEqual(expect.arrayContaining([localId, b]));
    // His own words travel in his record, as the import reads them.
    const exportedB = (await readFile(path.join(exported, 'members.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; profile: Record<string, unknown> })
      .find((m) => m.id === b);
    expect(exportedB?.profile).toMatchObject({
      looking_for: ['dates', 'right_now'],
      position: 'versatile',
      tribes: ['otter'],
      height_cm: 180,
      weight_kg: 82,
      pronouns: 'he_him',
    });
    expect(exportedMembers).not.toContain(FIRST);

    const target = await database();
    const php = await runImport(target.db, { dir: phpSet, media: target.media });
    const back = await runImport(target.db, { dir: exported, media: target.media });
    expect([...php.refusals, ...back.refusals]).toEqual([]);

    const members = (db: Db) =>
      db.query(sql`SELECT u.id, u.email, u.status, u.credits, p.name, p.about, p.country, p.looking_for, p.position, p.tribes,
        p.height_cm, p.weight_kg, p.pronouns
      FROM users u JOIN profiles p ON p.user_id = u.id ORDER BY u.id`);
    const likes = (db: Db) => db.query(sql`SELECT liker_id, liked_id FROM likes ORDER BY 1, 2`);
    const messages = (db: Db) =>
      db.query(sql`SELECT array_agg(cm.user_id ORDER BY cm.user_id) AS pair, m.sender_id, m.body
      FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id
      GROUP BY m.id ORDER BY m.created_at, m.body`);
    expect(await members(target.db)).toEqual(await members(source.db));
    expect((await members(target.db)).find((m) => (m as { id: number }).id === b)).toMatchObject({ tribes: ['otter'], height_cm: 180 });
    expect(await likes(target.db)).toEqual(await likes(source.db));
    expect(await messages(target.db)).toEqual(await messages(source.db));
    expect(await ledgerInvariantViolations(target.db)).toEqual([]);
    // Passwords never travel: the member who signed up here has none on the other side until he logs in there.
    const [moved] = await target.db.query<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE id = ${localId}`);
    expect(moved?.password_hash).toBe('');
  });
});
