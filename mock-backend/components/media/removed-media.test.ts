import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { openStream } from '../../test/sse';
import { grantCredits } from '../credits/ledger';
import { lazySigner, type MediaSigner } from '../photos/index';
import { moderatorCookie } from '../safety/fixtures';

/**
 * Removed means gone: a photo message or a profile photo that a moderator removed (and a profile photo its member
 * deleted) is refused at every URL it ever had — full, thumb and blurred variant, URLs signed before the removal
 * included — exactly like a file that never existed, and no answer names it any more. The conversation keeps the
 * message's place with `removed_at` set and no photo (the app shows "This photo was removed").
 */

let ctx: TestContext;
let signer: MediaSigner;
let moderator: string;
let premium: string;
let server: Server;
let members: number[] = [];

const jpeg = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const loginAs = (id: number) => loginAsMember(ctx, id, { free: true });
const media = (url: string, cookie?: string) => {
  const req = request(ctx.app).get(`/media/${url}`);
  return cookie ? req.set('cookie', cookie) : req;
};
/** The answer to a signed URL of a file that never existed: what every removed file must answer too. */
const neverExisted = async (path: string, cookie?: string) => {
  const res = await media(signer.sign(path), cookie);
  return { status: res.status, body: res.body as unknown };
};
/** The random name of a stored file (u/ab/<name>-full.jpg): an answer that contains it names the file. */
const nameOf = (stored: string) => /([0-9a-f]{32})-[a-z]+\.jpg$/.exec(stored)?.[1] ?? stored;
/** Every signed URL of the file in an answer. */
const urlsIn = (body: unknown, name: string) =>
  (JSON.stringify(body).match(/s\/\d{10}\/[A-Za-z0-9_-]{43}\/[a-z0-9/_-]+\.jpg/g) ?? []).filter((u) => u.includes(name));

const decide = (body: Record<string, unknown>) =>
  request(ctx.app)
    .post('/api/report-decision.php')
    .set('cookie', moderator)
    .send({ reports: [], action: 'remove_content', rule: 'other', facts: 'Not allowed here.', ...body });

beforeAll(async () => {
  ctx = await createTestContext({ members: 20 });
  signer = await lazySigner(ctx.db)();
  moderator = await moderatorCookie(ctx);
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  members = (
    await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%' AND u.role = 'member'
         AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
         AND NOT EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.user_id = u.id)
       ORDER BY u.id LIMIT 6`,
    )
  ).map((r) => r.id);
  server = ctx.app.listen(0);
});
afterAll(async () => {
  server?.close();
  await ctx?.close();
});

describe('a photo message a moderator removed', () => {
  it('When a moderator removes a photo message, then its full and thumb URLs (signed before) answer like a file that never existed, for both members, and no answer names it; the conversation shows its place as removed', async () => {
    const [aId, bId] = members as [number, number];
    const [site] = await ctx.db.query<{ photo_credits: number }>(
      sql`SELECT photo_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${aId})`,
    );
    await ctx.db.transaction((tx) => grantCredits(tx, { userId: aId, credits: site?.photo_credits ?? 0, kind: 'promo', reason: 'bonus' }));
    const [a, b] = [await loginAs(aId), await loginAs(bId)];
    const sent = await request(ctx.app)
      .post('/api/photo-message.php')
      .set('cookie', a)
      .field('profile_id', String(bId))
      .field('text', 'look')
      .attach('photo', await jpeg('#c33'), { filename: 'p.jpg', contentType: 'image/jpeg' });
    expect(sent.status).toBe(201);
    const message = sent.body.message as { id: number; conversation: number; seq: number; photo: { match_path: string } };
    const [row] = await ctx.db.query<{ photo_filename: string }>(sql`SELECT photo_filename FROM messages WHERE id = ${message.id}`);
    const name = nameOf(row?.photo_filename ?? '');
    const view = await request(ctx.app).get('/api/conversation.php').query({ conversation: message.conversation }).set('cookie', b);
    // Every URL it had: those of the send's answer and of the conversation (full and thumb).
    const urls = [...new Set([...urlsIn(sent.body, name), ...urlsIn(view.body, name)])];
    expect(urls.some((u) => u.endsWith('-thumb.jpg')) && urls.some((u) => u.endsWith('-full.jpg'))).toBe(true);
    for (const url of urls) expect((await media(url, b)).status, url).toBe(200);

    expect((await decide({ member: aId, content: { kind: 'message', id: message.id } })).status).toBe(201);

    const unknown = await neverExisted(`chat/00/${'0'.repeat(32)}-full.jpg`, b);
    expect(unknown.status).toBe(404);
    for (const url of urls) {
      for (const cookie of [a, b, undefined]) {
        const res = await media(url, cookie);
        expect({ status: res.status, body: res.body as unknown }, url).toEqual(unknown);
      }
    }
    for (const cookie of [a, b]) {
      const conversation = await request(ctx.app)
        .get('/api/conversation.php')
        .query({ conversation: message.conversation })
        .set('cookie', cookie);
      expect(conversation.status).toBe(200);
      const shown = (conversation.body.messages as { id: number }[]).find((m) => m.id === message.id);
      expect(shown).toMatchObject({ kind: 'photo', photo: null, text: '', removed_at: expect.any(String) });
      expect(JSON.stringify(conversation.body)).not.toContain(name);
      const chats = await request(ctx.app).get('/api/chats.php').set('cookie', cookie);
      expect(chats.status).toBe(200);
      expect(JSON.stringify(chats.body)).not.toContain(name);
      expect(chats.body.chats.find((c: { conversation: number }) => c.conversation === message.conversation)?.last_message).toBeNull();
    }
    // A stream that catches up from before the message gets it without its photo too.
    const stream = openStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, b, {
      'last-event-id': String(message.seq - 1),
    });
    try {
      expect(await stream.ready).toBe(200);
      const event = await stream.waitFor((e) => e.event === 'message' && (e.data as { id: number }).id === message.id);
      expect(event.data).toMatchObject({ photo: null, text: '', removed_at: expect.any(String) });
      expect(JSON.stringify(stream.events)).not.toContain(name);
    } finally {
      stream.close();
    }
  });
});

describe('a profile photo that is removed', () => {
  /** A member's new photo (his only one), approved and main; answers its id and its stored full variant. */
  async function approvedPhoto(memberId: number, cookie: string): Promise<{ id: number; full: string }> {
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${memberId}`);
    const res = await request(ctx.app)
      .post('/api/photos.php')
      .set('cookie', cookie)
      .attach('photo', await jpeg('#3c3'), 'a.jpg');
    expect(res.status).toBe(201);
    const [row] = await ctx.db.query<{ id: number; filename: string }>(
      sql`SELECT id, filename FROM photos WHERE user_id = ${memberId} ORDER BY id DESC LIMIT 1`,
    );
    await ctx.db.query(sql`UPDATE photos SET status = 'approved', is_main = true WHERE id = ${row?.id}`);
    return { id: row?.id ?? 0, full: row?.filename ?? '' };
  }
  const variants = (full: string) => [full, full.replace('-full.jpg', '-thumb.jpg'), full.replace('-full.jpg', '-blur.jpg')];
  /** Every answer that shows another member's photo: his profile, the likes, the chat list. */
  const answersAbout = async (memberId: number, viewer: string) =>
    Promise.all([
      request(ctx.app).get('/api/profile.php').query({ id: memberId }).set('cookie', viewer),
      request(ctx.app).get('/api/likes.php').set('cookie', viewer),
      request(ctx.app).get('/api/members.php').query({ limit: 50 }).set('cookie', viewer),
    ]);

  it('When a moderator removes a profile photo, then every URL of it (full, thumb, blurred; signed before) answers like a file that never existed, to anyone but a moderator, and no answer names it', async () => {
    const cId = members[2] as number;
    const c = await loginAs(cId);
    const photo = await approvedPhoto(cId, c);
    const name = nameOf(photo.full);
    await request(ctx.app).post('/api/like.php').set('cookie', premium).send({ profile_id: cId }).expect(200);
    const before = await answersAbout(cId, premium);
    expect(JSON.stringify(before[0].body)).toContain(name);
    expect(JSON.stringify(before[1].body)).toContain(name);
    const urls = [...new Set([...before.flatMap((r) => urlsIn(r.body, name)), ...variants(photo.full).map((f) => signer.sign(f))])];
    for (const url of urls) expect((await media(url)).status, url).toBe(200);

    expect((await decide({ member: cId, content: { kind: 'photo', id: photo.id } })).status).toBe(201);

    const unknown = await neverExisted(`u/00/${'0'.repeat(32)}-thumb.jpg`);
    expect(unknown.status).toBe(404);
    for (const url of urls) {
      for (const cookie of [undefined, premium, c]) {
        const res = await media(url, cookie);
        expect({ status: res.status, body: res.body as unknown }, url).toEqual(unknown);
      }
      // The moderator still sees what he removed (a case, an appeal), and only his browser may keep it.
      const seen = await media(url, moderator);
      expect(seen.status, url).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, max-age=3600');
    }
    for (const res of await answersAbout(cId, premium)) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(name);
    }
    const own = await request(ctx.app).get('/api/my-profile.php').set('cookie', c);
    expect(JSON.stringify(own.body)).not.toContain(name);
  });

  it('When a member deletes his photo, then its URLs answer like a file that never existed, even while the store still holds the file', async () => {
    const dId = members[3] as number;
    const d = await loginAs(dId);
    const photo = await approvedPhoto(dId, d);
    const urls = variants(photo.full).map((f) => signer.sign(f));
    expect((await media(urls[0] as string)).status).toBe(200);
    await request(ctx.app).delete('/api/photos.php').set('cookie', d).send({ id: photo.id }).expect(200);
    // A deletion the store did not carry out: the file is there, no row names it.
    await ctx.media.put(photo.full, await jpeg('#33c'));
    const unknown = await neverExisted(`u/00/${'0'.repeat(32)}-full.jpg`);
    for (const url of urls) {
      const res = await media(url, d);
      expect({ status: res.status, body: res.body as unknown }, url).toEqual(unknown);
    }
  });
});
