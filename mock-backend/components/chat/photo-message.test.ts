import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, MEDIA_STORES, type MediaStoreKind, type TestContext } from '../../test/context';
import { readEventStream } from '../../test/sse';
import { grantCredits, ledgerInvariantViolations } from '../credits/ledger';
import { sql } from '../../lib/db';

let ctx: TestContext;
let server: http.Server;
let base: string;
let others: number[] = [];
let photoCredits: number;

const loginAs = (id: number) => loginAsMember(ctx, id, { free: true });

const creditsOf = async (id: number) =>
  (await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${id}`))[0]?.credits as number;
const grant = (userId: number, credits: number) =>
  ctx.db.transaction((tx) => grantCredits(tx, { userId, credits, kind: 'promo', reason: 'bonus' }));
const photoRows = async (senderId: number) =>
  ctx.db.query<{ photo_filename: string }>(sql`SELECT photo_filename FROM messages WHERE sender_id = ${senderId} AND kind = 'photo'`);

/** Every photo-message file in the media store (the disk folder or the bucket). */
async function chatFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of ctx.media.list('chat/')) keys.push(object.key);
  return keys.sort();
}

const gpsJpeg = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: '#c63' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'sender-secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();

function sendPhoto(cookie: string, profileId: number, file: Buffer, opts: { text?: string; key?: string } = {}) {
  let r = request(ctx.app).post('/api/photo-message.php').set('cookie', cookie).field('profile_id', String(profileId));
  if (opts.text !== undefined) r = r.field('text', opts.text);
  r = r.attach('photo', file, { filename: 'holiday-gps.jpg', contentType: 'image/jpeg' });
  return opts.key ? r.set('Idempotency-Key', opts.key) : r;
}

function fetchMedia(urlPath: string, cookie?: string) {
  const r = request(ctx.app).get(`/media/${urlPath}`);
  return (cookie ? r.set('cookie', cookie) : r).buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

type StreamedMessage = { kind: string; photo: { match_path: string } | null };

/** Opens a member's event stream on the listening server; `event` answers the first matching `message` event. */
async function openStream(cookie: string, match: (data: StreamedMessage) => boolean) {
  let found: (m: StreamedMessage) => void = () => undefined;
  const event = new Promise<StreamedMessage>((resolve) => {
    found = resolve;
  });
  const req = http.get(`${base}/api/events.php`, { headers: { cookie, accept: 'text/event-stream' } });
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      readEventStream(res, {
        onEvent: ({ event: name, data }) => {
          if (name !== 'message' || !data) return;
          const parsed = JSON.parse(data) as StreamedMessage;
          if (match(parsed)) found(parsed);
        },
      });
      res.on('error', () => undefined);
      resolve();
    });
  });
  return { event, close: () => req.destroy() };
}

describe.each(MEDIA_STORES)('photo messages with the %s store', (store: MediaStoreKind) => {
  beforeAll(async () => {
    ctx = await createTestContext({ members: 24, media: store });
    const rows = await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
         AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
         AND NOT EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.user_id = u.id)
       ORDER BY u.id LIMIT 10`,
    );
    others = rows.map((r) => r.id);
    const [site] = await ctx.db.query<{ photo_credits: number }>(
      sql`SELECT photo_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${others[0]})`,
    );
    photoCredits = site?.photo_credits ?? 0;
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ctx?.close();
  });

  describe('photo messages', () => {
    it('When a member sends a photo with GPS EXIF, then it costs photo_credits, is re-encoded without EXIF, streamed and listed to the recipient, and served to the two members only', async () => {
      expect(photoCredits).toBeGreaterThan(0);
      const [aId, bId, cId] = others as [number, number, number];
      const a = await loginAs(aId);
      const b = await loginAs(bId);
      const c = await loginAs(cId);
      await grant(aId, photoCredits * 3);
      const before = await creditsOf(aId);
      const original = await gpsJpeg();
      expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('sender-secret');

      const stream = await openStream(b, (m) => m.kind === 'photo');
      const sent = await sendPhoto(a, bId, original, { text: '  Look at this  ' });
      expect(sent.status).toBe(201);
      expect(sent.body.message).toMatchObject({ kind: 'photo', text: 'Look at this', mine: true, held: false });
      expect(sent.body.message.photo.match_path).toMatch(/^s\/\d{10}\/[\w-]{43}\/chat\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/);
      expect(sent.body.message.photo.thumb_filename).toMatch(/-thumb\.jpg$/);
      expect(await creditsOf(aId)).toBe(before - photoCredits);
      const [hold] = await ctx.db.query<{ status: string; reason: string }>(
        sql`SELECT status, reason FROM credit_reservations WHERE user_id = ${aId} AND reason = 'photo_message'`,
      );
      expect(hold).toEqual({ status: 'posted', reason: 'photo_message' });

      const streamed = await stream.event;
      stream.close();
      expect(streamed.photo?.match_path).toMatch(/\/chat\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/);

      const view = await request(ctx.app).get('/api/conversation.php').query({ profile_id: aId }).set('cookie', b);
      const message = view.body.messages.at(-1);
      expect(message).toMatchObject({ kind: 'photo', text: 'Look at this', mine: false });

      const served = await fetchMedia(message.photo.match_path, b);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toContain('private');
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect((served.body as Buffer).toString('latin1')).not.toContain('sender-secret');
      expect((await fetchMedia(message.photo.thumb_filename, a)).status).toBe(200);

      // A third member with the URL, a visitor, and a tampered signature: refused without the photo.
      const third = await fetchMedia(message.photo.match_path, c);
      expect(third.status).toBe(404);
      expect((third.body as Buffer).toString('latin1')).not.toContain('JFIF');
      expect((await fetchMedia(message.photo.match_path)).status).toBe(404);
      // The signature's first character changed (to another one whatever it was).
      const tampered = (message.photo.match_path as string).replace(
        /^(s\/\d{10}\/)(.)/,
        (_m, p: string, c: string) => `${p}${c === 'A' ? 'B' : 'A'}`,
      );
      expect((await fetchMedia(tampered, b)).status).toBe(403);
      // Nor can a third member see the conversation that would name it.
      expect(
        (await request(ctx.app).get('/api/conversation.php').query({ conversation: message.conversation }).set('cookie', c)).status,
      ).toBe(404);
      expect(await ledgerInvariantViolations(ctx.db, [aId])).toEqual([]);
    });

    it('When a photo message is repeated with the same Idempotency-Key, then it is stored and charged once', async () => {
      const [aId, bId] = others as [number, number];
      const a = await loginAs(aId);
      await grant(aId, photoCredits * 2);
      const before = await creditsOf(aId);
      const rowsBefore = (await photoRows(aId)).length;
      const file = await gpsJpeg();
      const first = await sendPhoto(a, bId, file, { key: 'photo-key-1' });
      const again = await sendPhoto(a, bId, file, { key: 'photo-key-1' });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.message.id).toBe(first.body.message.id);
      expect(again.body.message.photo.match_path).toMatch(/^s\/\d{10}\//);
      expect(await creditsOf(aId)).toBe(before - photoCredits);
      expect((await photoRows(aId)).length).toBe(rowsBefore + 1);
    });

    it('When the upload is not an image, then 422 photo_invalid, the hold is voided, and no row and no file are left', async () => {
      const [, , , dId, eId] = others as [number, number, number, number, number];
      const d = await loginAs(dId);
      await grant(dId, photoCredits);
      const before = await creditsOf(dId);
      const filesBefore = await chatFiles();
      const script = Buffer.from('<html><script>alert(1)</script></html>');
      const res = await sendPhoto(d, eId, script).set('accept-language', 'nl');
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('photo_invalid');
      expect(res.body.error.message).toMatch(/^Dit bestand is geen bruikbare foto/);
      expect(await creditsOf(dId)).toBe(before);
      const holds = await ctx.db.query<{ status: string }>(sql`SELECT status FROM credit_reservations WHERE user_id = ${dId}`);
      expect(holds.map((h) => h.status)).toEqual(['voided']);
      expect(await photoRows(dId)).toEqual([]);
      expect(await ctx.db.query(sql`SELECT 1 FROM conversation_members WHERE user_id = ${dId}`)).toEqual([]);
      expect(await chatFiles()).toEqual(filesBefore);
      expect(await ledgerInvariantViolations(ctx.db, [dId])).toEqual([]);
    });

    it('When the rules of text messages are broken (visitor, self, short credits, not activated, blocked, too long caption), then the send is refused and nothing is held', async () => {
      const [aId, , , , , fId, gId, hId] = others as [number, number, number, number, number, number, number, number];
      const file = await gpsJpeg();
      expect(
        (await request(ctx.app).post('/api/photo-message.php').field('profile_id', String(aId)).attach('photo', file, 'a.jpg')).status,
      ).toBe(403);
      const f = await loginAs(fId);
      const self = await sendPhoto(f, fId, file);
      expect(self.status).toBe(422);
      expect(self.body.error.code).toBe('message_self');
      await ctx.db.query(sql`UPDATE users SET credits = 0 WHERE id = ${fId}`);
      const poor = await sendPhoto(f, gId, file);
      expect(poor.status).toBe(402);
      expect(poor.body.error.code).toBe('insufficient_credits');
      await grant(fId, photoCredits * 2);
      const long = await sendPhoto(f, gId, file, { text: 'x'.repeat(1001) });
      expect(long.status).toBe(422);
      expect(long.body.error.code).toBe('message_too_long');
      await ctx.db.query(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${gId}, ${fId})`);
      expect((await sendPhoto(f, gId, file)).status).toBe(404);
      await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed' WHERE id = ${fId}`);
      const held = await sendPhoto(f, hId, file);
      expect(held.status).toBe(403);
      expect(held.body.error.code).toBe('account_not_activated');
      await ctx.db.query(sql`UPDATE users SET status = 'active' WHERE id = ${fId}`);
      const missing = await request(ctx.app)
        .post('/api/photo-message.php')
        .set('cookie', f)
        .field('profile_id', String(hId))
        .field('text', 'no photo');
      expect(missing.status).toBe(400);
      expect(await ctx.db.query(sql`SELECT 1 FROM credit_reservations WHERE user_id = ${fId}`)).toEqual([]);
      expect(await photoRows(fId)).toEqual([]);
    });

    it.runIf(store === 's3')(
      "When the bucket cannot be reached, then 503 media_store_unavailable in the sender's language, the hold is voided, no credit is taken, and no row and no file are left",
      async () => {
        const [, , , , , , , , iId, jId] = others as number[] as [
          number,
          number,
          number,
          number,
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        const i = await loginAs(iId);
        await grant(iId, photoCredits);
        const before = await creditsOf(iId);
        const filesBefore = await chatFiles();
        await ctx.s3?.stop();
        let res;
        try {
          res = await sendPhoto(i, jId, await gpsJpeg(), { key: '7b2e1d4f-2222-4000-8000-00000000000a' }).set('accept-language', 'es');
        } finally {
          await ctx.s3?.start();
        }
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('media_store_unavailable');
        expect(res.body.error.message).toMatch(/^Ahora mismo no se pueden guardar ni mostrar fotos/);
        expect(await creditsOf(iId)).toBe(before);
        const holds = await ctx.db.query<{ status: string }>(sql`SELECT status FROM credit_reservations WHERE user_id = ${iId}`);
        expect(holds.map((h) => h.status)).toEqual(['voided']);
        expect(await photoRows(iId)).toEqual([]);
        expect(await ctx.db.query(sql`SELECT 1 FROM conversation_members WHERE user_id = ${iId}`)).toEqual([]);
        expect(await chatFiles()).toEqual(filesBefore);
        expect(await ledgerInvariantViolations(ctx.db, [iId])).toEqual([]);
        // Back up: the same send (same key) goes through and is charged once.
        const again = await sendPhoto(i, jId, await gpsJpeg(), { key: '7b2e1d4f-2222-4000-8000-00000000000a' });
        expect(again.status).toBe(201);
        expect(await creditsOf(iId)).toBe(before - photoCredits);
        expect(await photoRows(iId)).toHaveLength(1);
      },
    );
  });
});
