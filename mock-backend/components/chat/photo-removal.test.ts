import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createLogger } from '../../lib/logger';
import { createTestContext, loginAsMember, MEDIA_STORES, type MediaStoreKind, type TestContext } from '../../test/context';
import { purgeDeletedAccounts } from '../../use-cases/purge-deleted-accounts';
import { grantCredits } from '../credits/ledger';
import { sweepOrphanChatPhotos, thumbOf } from '../media/chat-photos';
import { sql } from '../../lib/db';

/**
 * Files of photo messages go with their rows (chat removal by both members, a block, the purge of an account), after
 * the commit; the chat-photo sweep deletes files that no row names. On PGlite and on PostgreSQL (project `postgres`),
 * each with the disk store and with the S3 store (a local S3-compatible server).
 */

let ctx: TestContext;
let members: number[] = [];
let photoCredits: number;
const silent = createLogger('silent');

const loginAs = (id: number) => loginAsMember(ctx, id, { free: true });
const stored = (file: string) => ctx.media.exists(file);

async function sendPhoto(fromId: number, toId: number): Promise<{ full: string; conversation: number; matchPath: string }> {
  await ctx.db.transaction((tx) => grantCredits(tx, { userId: fromId, credits: photoCredits, kind: 'promo', reason: 'bonus' }));
  const file = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  const res = await request(ctx.app)
    .post('/api/photo-message.php')
    .set('cookie', await loginAs(fromId))
    .field('profile_id', String(toId))
    .attach('photo', file, { filename: 'p.jpg', contentType: 'image/jpeg' });
  expect(res.status).toBe(201);
  const [row] = await ctx.db.query<{ photo_filename: string; conversation_id: number }>(
    sql`SELECT photo_filename, conversation_id FROM messages WHERE id = ${res.body.message.id}`,
  );
  if (!row) throw new Error('no message row');
  expect(await stored(row.photo_filename)).toBe(true);
  expect(await stored(thumbOf(row.photo_filename))).toBe(true);
  return { full: row.photo_filename, conversation: row.conversation_id, matchPath: res.body.message.photo.match_path as string };
}

const removeChat = async (userId: number, conversation: number) =>
  request(ctx.app)
    .delete('/api/chat.php')
    .set('cookie', await loginAs(userId))
    .send({ conversation });
const rowOf = (full: string) => ctx.db.query(sql`SELECT 1 FROM messages WHERE photo_filename = ${full}`);

describe.each(MEDIA_STORES)('photo-message files with the %s store', (store: MediaStoreKind) => {
  beforeAll(async () => {
    ctx = await createTestContext({ members: 24, media: store });
    const rows = await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
         AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
         AND NOT EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.user_id = u.id)
       ORDER BY u.id LIMIT 14`,
    );
    members = rows.map((r) => r.id);
    const [site] = await ctx.db.query<{ photo_credits: number }>(
      sql`SELECT photo_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${members[0]})`,
    );
    photoCredits = site?.photo_credits ?? 0;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('When one member removes the chat, then the other still sees the photo and the file stays; when both have, then the row and the files are gone', async () => {
    const [aId, bId] = members as [number, number];
    const photo = await sendPhoto(aId, bId);
    const answer = await sendPhoto(bId, aId);

    expect((await removeChat(aId, photo.conversation)).status).toBe(200);
    expect(await stored(photo.full)).toBe(true);
    expect(await stored(answer.full)).toBe(true);
    // The other member's copy of the chat is untouched: he still gets the photo.
    const media = await request(ctx.app)
      .get(`/media/${photo.matchPath}`)
      .set('cookie', await loginAs(bId));
    expect(media.status).toBe(200);
    const view = await request(ctx.app)
      .get('/api/conversation.php')
      .query({ conversation: photo.conversation })
      .set('cookie', await loginAs(bId));
    expect(view.body.messages.filter((m: { kind: string }) => m.kind === 'photo')).toHaveLength(2);

    // A new photo after A's removal: A sees it again (the chat came back), so it survives B's removal below.
    const later = await sendPhoto(bId, aId);
    expect((await removeChat(bId, photo.conversation)).status).toBe(200);
    for (const full of [photo.full, answer.full]) {
      expect(await stored(full), full).toBe(false);
      expect(await stored(thumbOf(full)), full).toBe(false);
      expect(await rowOf(full)).toEqual([]);
    }
    expect(await stored(later.full)).toBe(true);
    expect(await rowOf(later.full)).toHaveLength(1);
    // A removes it again: now neither can reach the last one either.
    expect((await removeChat(aId, photo.conversation)).status).toBe(200);
    expect(await stored(later.full)).toBe(false);
    expect(await stored(thumbOf(later.full))).toBe(false);
  });

  it('When a member blocks another, then the photo files of their chats are gone with the chats', async () => {
    const [, , cId, dId] = members as [number, number, number, number];
    const sent = await sendPhoto(cId, dId);
    const received = await sendPhoto(dId, cId);
    const block = await request(ctx.app)
      .post('/api/block.php')
      .set('cookie', await loginAs(dId))
      .send({ id: cId });
    expect(block.status).toBe(200);
    for (const full of [sent.full, received.full]) {
      expect(await stored(full)).toBe(false);
      expect(await stored(thumbOf(full))).toBe(false);
      expect(await rowOf(full)).toEqual([]);
    }
  });

  it('When an account is purged, then the files of the photos it sent are gone, and those it received stay with their rows', async () => {
    const [, , , , eId, fId] = members as [number, number, number, number, number, number];
    const sent = await sendPhoto(eId, fId);
    const received = await sendPhoto(fId, eId);
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() - interval '15 days' WHERE id = ${eId}`);
    expect(await purgeDeletedAccounts(ctx.db, silent, ctx.media)).toBeGreaterThanOrEqual(1);
    expect(await stored(sent.full)).toBe(false);
    expect(await stored(thumbOf(sent.full))).toBe(false);
    expect(await rowOf(sent.full)).toEqual([]);
    expect(await rowOf(received.full)).toHaveLength(1);
    expect(await stored(received.full)).toBe(true);
  });

  it.runIf(store === 'disk')(
    'When a file cannot be deleted, then the removal stands (answered, rows gone) and nothing else is touched',
    async () => {
      const [, , , , , , gId, hId] = members as [number, number, number, number, number, number, number, number];
      const photo = await sendPhoto(gId, hId);
      // A directory in place of the thumb: its unlink fails (also for root).
      await unlink(path.join(ctx.mediaDir, thumbOf(photo.full)));
      await mkdir(path.join(ctx.mediaDir, thumbOf(photo.full)));
      expect((await removeChat(gId, photo.conversation)).status).toBe(200);
      expect((await removeChat(hId, photo.conversation)).status).toBe(200);
      expect(await rowOf(photo.full)).toEqual([]);
      expect(await stored(photo.full)).toBe(false);
      expect(existsSync(path.join(ctx.mediaDir, thumbOf(photo.full)))).toBe(true);
      expect(
        (
          await request(ctx.app)
            .get('/api/chats.php')
            .set('cookie', await loginAs(gId))
        ).body.chats,
      ).toEqual([]);
      await rm(path.join(ctx.mediaDir, thumbOf(photo.full)), { recursive: true });
    },
  );

  it.runIf(store === 'disk')(
    'When the sweep runs, then it deletes old files that no row names, and never a live file, a new file, an unknown name or what a link points to',
    async () => {
      const [iId, jId] = members.slice(8) as [number, number];
      const live = await sendPhoto(iId, jId);
      const hour = 3600;
      const old = new Date(Date.now() - 2 * hour * 1000);
      const write = async (file: string, age: Date | null) => {
        await mkdir(path.dirname(path.join(ctx.mediaDir, file)), { recursive: true });
        await writeFile(path.join(ctx.mediaDir, file), 'x');
        if (age) await utimes(path.join(ctx.mediaDir, file), age, age);
      };
      // A crash between a commit and the unlink: both variants, no row.
      const orphan = 'chat/ab/ab' + '0'.repeat(30) + '-full.jpg';
      await write(orphan, old);
      await write(thumbOf(orphan), old);
      // A send in progress (files stored, row not yet committed).
      const fresh = 'chat/ab/ab' + '1'.repeat(30) + '-full.jpg';
      await write(fresh, null);
      // Not a chat photo name.
      const other = 'chat/ab/notes.txt';
      await write(other, old);
      // A link with a chat photo name, pointing outside the photo folder.
      const outside = await mkdtemp(path.join(os.tmpdir(), 'sweep-outside-'));
      await writeFile(path.join(outside, 'target.jpg'), 'keep');
      const link = 'chat/ab/ab' + '2'.repeat(30) + '-full.jpg';
      await symlink(path.join(outside, 'target.jpg'), path.join(ctx.mediaDir, link));
      // …and a photo folder that is a link to the outside (a folder name no stored photo uses yet: names are random).
      const linkDir =
        Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0')).find(
          (d) => !existsSync(path.join(ctx.mediaDir, 'chat', d)),
        ) ?? 'zz';
      await symlink(outside, path.join(ctx.mediaDir, 'chat', linkDir));
      await writeFile(path.join(outside, linkDir + '3'.repeat(30) + '-full.jpg'), 'keep');
      await utimes(path.join(outside, linkDir + '3'.repeat(30) + '-full.jpg'), old, old);
      // The live photo's files are old too.
      await utimes(path.join(ctx.mediaDir, live.full), old, old);
      await utimes(path.join(ctx.mediaDir, thumbOf(live.full)), old, old);

      expect(await sweepOrphanChatPhotos(ctx.db, ctx.media, silent)).toBe(2);
      expect(await stored(orphan)).toBe(false);
      expect(await stored(thumbOf(orphan))).toBe(false);
      expect(await stored(live.full)).toBe(true);
      expect(await stored(thumbOf(live.full))).toBe(true);
      expect(await stored(fresh)).toBe(true);
      expect(await stored(other)).toBe(true);
      expect(existsSync(path.join(outside, 'target.jpg'))).toBe(true);
      expect(existsSync(path.join(outside, linkDir + '3'.repeat(30) + '-full.jpg'))).toBe(true);
      // The fresh one goes once it is old enough and still has no row.
      expect(await sweepOrphanChatPhotos(ctx.db, ctx.media, silent, { now: Date.now() + 2 * hour * 1000 })).toBe(1);
      expect(await stored(fresh)).toBe(false);
      expect(await stored(live.full)).toBe(true);
      await rm(outside, { recursive: true });
      await unlink(path.join(ctx.mediaDir, link));
      await unlink(path.join(ctx.mediaDir, 'chat', linkDir));
    },
  );

  it("When the sweep runs, then it deletes the store's old objects that no row names, and never a live one, a new one or an unknown name", async () => {
    const [kId, lId] = members.slice(10) as [number, number];
    const live = await sendPhoto(kId, lId);
    const hour = 3600;
    const later = Date.now() + 2 * hour * 1000;
    const orphan = 'chat/cd/cd' + '4'.repeat(30) + '-full.jpg';
    await ctx.media.put(orphan, Buffer.from('x'));
    await ctx.media.put(thumbOf(orphan), Buffer.from('x'));
    const other = 'chat/cd/notes.txt';
    await ctx.media.put(other, Buffer.from('x'));
    // Just stored: within the grace period, so a send in progress keeps its files.
    expect(await sweepOrphanChatPhotos(ctx.db, ctx.media, silent)).toBe(0);
    expect(await stored(orphan)).toBe(true);
    // An hour on, the orphan goes (both variants); the live photo and the unknown name stay.
    expect(await sweepOrphanChatPhotos(ctx.db, ctx.media, silent, { now: later })).toBe(2);
    expect(await stored(orphan)).toBe(false);
    expect(await stored(thumbOf(orphan))).toBe(false);
    expect(await stored(live.full)).toBe(true);
    expect(await stored(thumbOf(live.full))).toBe(true);
    expect(await stored(other)).toBe(true);
    await ctx.media.remove(other);
  });

  it.runIf(store === 's3')(
    'When the store is down during a removal, then the removal stands and the sweep deletes the files once it is back',
    async () => {
      const [mId, nId] = members.slice(12) as [number, number];
      const photo = await sendPhoto(mId, nId);
      await ctx.s3?.stop();
      try {
        expect((await removeChat(mId, photo.conversation)).status).toBe(200);
        expect((await removeChat(nId, photo.conversation)).status).toBe(200);
        expect(await rowOf(photo.full)).toEqual([]);
        // While it is down, the sweep fails as a whole (the job runs again) and deletes nothing.
        await expect(sweepOrphanChatPhotos(ctx.db, ctx.media, silent)).rejects.toThrow(/media store unavailable/);
      } finally {
        await ctx.s3?.start();
      }
      expect(await stored(photo.full)).toBe(true);
      expect(await sweepOrphanChatPhotos(ctx.db, ctx.media, silent, { now: Date.now() + 2 * 3600 * 1000 })).toBe(2);
      expect(await stored(photo.full)).toBe(false);
      expect(await stored(thumbOf(photo.full))).toBe(false);
    },
  );
});
