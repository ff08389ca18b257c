/**
 * Push notifications: how fast the push-notify job works off a burst — N members with a push
 * subscription each, M events per member (messages and likes) recorded at once — with an in-process push service
 * that answers 201 (so the figures are this backend's cost: claiming rows, building the lock-screen payload, the
 * aes128gcm encryption and VAPID signing of web-push). Also the cost of one encrypted request on its own.
 * Prints figures, asserts nothing. Run: `npx tsx bench/push.ts` (PGlite in memory; BENCH_MEMBERS, BENCH_EVENTS).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createDiskStore } from '../mock-backend/lib/media-store';
import { createLogger } from '../mock-backend/lib/logger';
import { createPgliteDb, sql } from '../mock-backend/lib/db';
import { migrate } from '../mock-backend/lib/migrate';
import { seed } from '../mock-backend/seed/seed';
import { buildPushRequest } from '../mock-backend/components/push/sender';
import type { PushRequest } from '../mock-backend/components/push/types';
import { recordNotification } from '../mock-backend/components/push/repository';
import { processNotifications } from '../mock-backend/components/push/deliver';
import { loadVapidKeys } from '../mock-backend/components/push/vapid';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5);

function subscription(i: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/bench-${i}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-push-'));
  const db = await createPgliteDb();
  await migrate(db);
  await seed(db, { media: createDiskStore(path.join(dir, 'media')), members: MEMBERS + 2, avatars: 2 });
  const ids = (await db.query<{ id: number }>(sql`SELECT id FROM users ORDER BY id LIMIT ${MEMBERS + 1}`)).map((r) => r.id);
  const [sender, ...members] = ids as [number, ...number[]];
  for (const [i, id] of members.entries()) {
    const sub = subscription(i);
    await db.query(
      sql`INSERT INTO push_subscriptions (user_id, endpoint, subscription) VALUES (${id}, ${sub.endpoint}, ${JSON.stringify(sub)}::jsonb)`,
    );
  }
  const vapid = await loadVapidKeys(db, {}, 'mailto:bench@localhost');

  // One request on its own.
  const one = subscription(0);
  const rounds = 500;
  let started = performance.now();
  for (let i = 0; i < rounds; i += 1)
    buildPushRequest(
      vapid,
      one,
      { title: 'New message', body: 'You have a new message.', url: '/chats/1', badge: 3, kind: 'message' },
      { ttl: 86400, urgency: 'high', topic: 'message' },
    );
  const perRequestMs = (performance.now() - started) / rounds;

  await db.transaction(async (tx) => {
    for (const id of members) {
      for (let e = 0; e < EVENTS; e += 1)
        await recordNotification(tx, { userId: id, kind: e % 2 === 0 ? 'message' : 'like', fromUserId: sender });
    }
  });
  const sent: PushRequest[] = [];
  started = performance.now();
  const result = await processNotifications({
    db,
    logger: createLogger('silent'),
    vapid: async () => vapid,
    transport: async (req) => {
      sent.push(req);
      return { status: 201 };
    },
    publicUrl: 'http://localhost:3000',
    kickOutbox: () => {},
  });
  const ms = performance.now() - started;
  process.stdout.write(
    [
      `push bench: ${members.length} members with a subscription, ${EVENTS} events each (${members.length * EVENTS} events)`,
      `  one encrypted + signed request (web-push): ${perRequestMs.toFixed(2)} ms`,
      `  burst worked off in ${ms.toFixed(0)} ms: ${result.pushed} pushes (one per member and kind), ${sent.length} requests, ${((members.length * EVENTS) / (ms / 1000)).toFixed(0)} events/s`,
      '',
    ].join('\n'),
  );
  await db.close();
  await rm(dir, { recursive: true, force: true });
}

void main();
