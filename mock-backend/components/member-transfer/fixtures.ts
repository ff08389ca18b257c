import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import sharp from 'sharp';
import { createPgDb, createPgliteDb, type Db } from '../../lib/db';
import { migrate } from '../../lib/migrate';
import { createPgTestDatabase } from '../../test/pg-database';
import { fileOf, KINDS, type Kind, type Manifest, type RecordOf } from './format';

/**
 * A directory of the transfer format as a PHP export would write it, generated: the tests' small sets and the
 * benchmark's 100,000 members. Deterministic (one seed, one result), so two runs compare.
 */
export interface TransferSetOptions {
  members: number;
  /** The first PHP id (default 100001: PHP ids far from the ones a test database's seed gives). */
  firstId?: number;
  /** Members with one profile photo: the first ones (default 0). */
  photos?: number;
  likesPerMember?: number;
  /** Conversations each member starts (default 1), and the messages in each (default 4). */
  conversationsPerMember?: number;
  messagesPerConversation?: number;
  seed?: number;
}

export type TransferSetCounts = Record<Kind, number>;

/** mulberry32: a small seeded generator, good enough for test data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = ['NL', 'DE', 'GB', 'US', 'FR', 'BE'];
const INTERESTS = ['music', 'travel', 'cooking', 'gym', 'movies', 'hiking', 'art', 'coffee'];
const DAY = 86_400_000;

export async function writeTransferSet(dir: string, opts: TransferSetOptions): Promise<TransferSetCounts> {
  const first = opts.firstId ?? 100_001;
  const n = opts.members;
  const rnd = random(opts.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const other = (id: number): number => {
    const o = first + Math.floor(rnd() * (n - 1));
    return o >= id ? o + 1 : o;
  };
  const base = Date.parse('2024-01-01T00:00:00Z');
  const at = (offsetDays: number): string => new Date(base + offsetDays * DAY + Math.floor(rnd() * DAY)).toISOString();

  await mkdir(path.join(dir, 'media', 'originals'), { recursive: true });
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as TransferSetCounts;
  const streams = Object.fromEntries(KINDS.map((k) => [k, createWriteStream(path.join(dir, fileOf(k)))]));
  const write = async <K extends Kind>(kind: K, record: RecordOf[K]): Promise<void> => {
    counts[kind] += 1;
    const out = streams[kind];
    if (out && !out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  };

  for (let id = first; id < first + n; id += 1) {
    const country = pick(COUNTRIES);
    await write('members', {
      id,
      email: `member${id}@php.example`,
      status: 'active',
      language: 'en',
      signup_date: at(0),
      last_active_at: at(300),
      paid_user: id % 3 === 0,
      profile: {
        name: `Member ${id}`,
        status: 'active',
        country,
        birth_date: `${1960 + (id % 40)}-0${1 + (id % 9)}-1${id % 10}`,
        about: 'Imported from the PHP service.',
        gender: 'male',
        sexuality: 'gay',
        interests: [pick(INTERESTS)],
        // PHP keeps exact positions; the import stores their grid cell's centre (fixturePosition).
        ...fixturePosition(id),
      },
    });
  }

  if ((opts.photos ?? 0) > 0) {
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < Math.min(opts.photos ?? 0, n); i += 1) {
      const file = `originals/${first + i}.jpg`;
      await writeFile(path.join(dir, 'media', file), image);
      await write('photos', { id: 900_000 + i, member: first + i, file, status: 'approved', main: true, position: 0, uploaded_at: at(1) });
    }
  }

  for (let id = first; id < first + n; id += 1) {
    const liked = new Set<number>();
    for (let k = 0; k < (opts.likesPerMember ?? 2) && n > 1; k += 1) liked.add(other(id));
    for (const target of liked) await write('likes', { liker: id, liked: target, created_at: at(10), seen: rnd() < 0.5 });
  }

  for (let id = first; id < first + n && n > 1; id += 50) await write('blocks', { blocker: id, blocked: other(id), created_at: at(20) });

  // Conversations between a member and the next ones: pairs never repeat.
  let conversationId = 500_000;
  let messageId = 7_000_000;
  const sends: { member: number; id: number; at: string }[] = [];
  const perMember = Math.min(opts.conversationsPerMember ?? 1, n - 1);
  const conversations: { id: number; a: number; b: number }[] = [];
  const pairs = new Set<string>();
  for (let id = first; id < first + n; id += 1) {
    for (let k = 1; k <= perMember; k += 1) {
      const partner = first + ((id - first + k) % n);
      const pair = [id, partner].sort((x, y) => x - y).join(':');
      if (pairs.has(pair)) continue;
      pairs.add(pair);
      conversationId += 1;
      conversations.push({ id: conversationId, a: id, b: partner });
      await write('conversations', { id: conversationId, members: [id, partner], started_by: id, created_at: at(30) });
    }
  }
  for (const c of conversations) {
    for (let m = 0; m < (opts.messagesPerConversation ?? 4); m += 1) {
      messageId += 1;
      const sender = m % 2 === 0 ? c.a : c.b;
      const sentAt = new Date(base + 40 * DAY + m * 60_000).toISOString();
      await write('messages', {
        id: messageId,
        conversation: c.id,
        sender,
        body: `Hello ${m} from ${sender}`,
        credits_cost: 10,
        sent_at: sentAt,
      });
      sends.push({ member: sender, id: messageId, at: sentAt });
    }
  }

  // Each member's credits: a signup bonus, a purchase for every third, and 10 credits per message he sent.
  let ledgerId = 3_000_000;
  const spent = new Map<number, { id: number; at: string }[]>();
  for (const s of sends) spent.set(s.member, [...(spent.get(s.member) ?? []), s]);
  for (let id = first; id < first + n; id += 1) {
    ledgerId += 1;
    let balance = 20;
    await write('ledger', { id: ledgerId, member: id, delta: 20, reason: 'signup_bonus', created_at: at(0) });
    if (id % 3 === 0) {
      ledgerId += 1;
      balance += 100;
      await write('ledger', {
        id: ledgerId,
        member: id,
        delta: 100,
        reason: 'purchase',
        created_at: at(5),
        purchase: { amount_minor: 1999, currency: 'EUR', payment_ref: `php-pay-${id}` },
      });
    }
    for (const s of spent.get(id) ?? []) {
      if (balance < 10) break;
      ledgerId += 1;
      balance -= 10;
      await write('ledger', { id: ledgerId, member: id, delta: -10, reason: 'message', created_at: s.at, ref: `message ${s.id}` });
    }
  }

  await Promise.all(
    Object.values(streams).map(async (out) => {
      out.end();
      await once(out, 'finish');
    }),
  );
  const manifest: Manifest = { format: 'manmatch-members', version: 1, created_at: new Date().toISOString(), source: 'generated' };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return counts;
}

/** The exact position the PHP export gives member `id` (around Amsterdam, never a grid cell's centre). */
export function fixturePosition(id: number): { lat: number; lon: number } {
  return { lat: 52.3712 + (id % 7) * 0.0131, lon: 4.8952 - (id % 5) * 0.0217 };
}

/**
 * An empty migrated database with only the reference data of the migrations (no seeded members), as the import meets
 * a new installation: PGlite from the test run's template, or in the `postgres` project a database of its own on
 * TEST_DATABASE_URL's server, copied from the run's template and dropped again by close().
 */
export async function freshDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.TEST_DB_DRIVER === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    const database = await createPgTestDatabase(url, 'transfer');
    const db = createPgDb(database.url, { searchPath: database.schema, max: 2 });
    await migrate(db);
    return {
      db,
      async close() {
        await db.close();
        await database.drop();
      },
    };
  }
  const template = process.env.PGLITE_TEMPLATE;
  const db = await createPgliteDb(undefined, template ? new Blob([await readFile(template)]) : undefined);
  await migrate(db);
  return { db, close: () => db.close() };
}
