import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_SHARE_LIMIT, PRIVATE_PHOTO_LIMIT } from '../../../src/shared/constants';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';

let ctx: TestContext;
/** The owner of the album (premium), the member he shares it with (free), and a member he does not share it with. */
let owner: string;
let viewer: string;
let stranger: string;
let ownerId: number;
let viewerId: number;
let publicId: number;
let privateId: number;

async function idOf(email: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return row?.id as number;
}

const jpeg = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const album = (cookie: string, id: number | string) => request(ctx.app).get(`/api/album.php?id=${id}`).set('cookie', cookie);
const profile = (cookie: string, id: number) => request(ctx.app).get(`/api/profile.php?id=${id}`).set('cookie', cookie);
const share = (cookie: string, id: number | string) => request(ctx.app).post('/api/album-share.php').set('cookie', cookie).send({ id });
const unshare = (cookie: string, id: number) => request(ctx.app).delete(`/api/album-share.php?id=${id}`).set('cookie', cookie);
const setPrivate = (cookie: string, id: number, value: boolean) =>
  request(ctx.app).put('/api/photo-private.php').set('cookie', cookie).send({ id, private: value });

describe('private albums', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ members: ALBUM_SHARE_LIMIT + 5 });
    owner = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    viewer = await loginCookie(ctx.app, DEMO_LOGINS.free);
    // A seeded member (no moderator) with the demo password.
    const [other] = await ctx.db.query<{
      email: string;
    }>(sql`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = ${DEMO_LOGINS.free})
       WHERE id = (SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
                   WHERE u.status = 'active' AND p.status = 'active' AND u.deleted_at IS NULL AND u.email NOT LIKE '%@demo.test'
                     AND u.role = 'member' ORDER BY u.id LIMIT 1)
       RETURNING email`);
    stranger = await loginCookie(ctx.app, other?.email ?? '');
    ownerId = await idOf(DEMO_LOGINS.premium);
    viewerId = await idOf(DEMO_LOGINS.free);
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${ownerId}`);
    for (const colour of ['#c33', '#3c3']) {
      const res = await request(ctx.app)
        .post('/api/photos.php')
        .set('cookie', owner)
        .attach('photo', await jpeg(colour), { filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(201);
    }
    const photos = await ctx.db.query<{ id: number }>(sql`SELECT id FROM photos WHERE user_id = ${ownerId} ORDER BY position, id`);
    [publicId, privateId] = photos.map((p) => p.id) as [number, number];
    // Both pass moderation (private photos are moderated like the others).
    await ctx.db.query(sql`UPDATE photos SET status = 'approved' WHERE user_id = ${ownerId}`);
  });
  afterAll(() => ctx?.close());

  it('When the owner makes his main photo private, then the main flag moves to his public photo and a private one cannot be made main', async () => {
    const res = await setPrivate(owner, publicId, true);
    expect(res.status).toBe(200);
    const mine = res.body.photos as Array<{ id: number; is_main: boolean; private: boolean }>;
    expect(mine.find((p) => p.id === publicId)).toMatchObject({ private: true, is_main: false });
    expect(mine.find((p) => p.id === privateId)).toMatchObject({ private: false, is_main: true });
    const main = await request(ctx.app).put('/api/photos.php').set('cookie', owner).set('accept-language', 'de').send({ id: publicId });
    expect(main.status).toBe(422);
    expect(main.body.error).toMatchObject({ code: 'photo_private_not_main', message: 'Ein privates Foto kann nicht dein Hauptfoto sein.' });
    // Back to the layout the other tests use: the first photo public and main, the second private.
    expect((await setPrivate(owner, publicId, false)).status).toBe(200);
    expect((await request(ctx.app).put('/api/photos.php').set('cookie', owner).send({ id: publicId })).status).toBe(200);
    const second = await setPrivate(owner, privateId, true);
    expect(second.body.photos.find((p: { id: number }) => p.id === privateId)).toMatchObject({ private: true, is_main: false });
  });

  it('When another member opens the profile or a members list, then the private photo is nowhere, only its count', async () => {
    const res = await profile(viewer, ownerId);
    expect(res.status).toBe(200);
    const ids = (res.body.profile.images as Array<{ id: number }>).map((i) => i.id);
    expect(ids).toContain(publicId);
    expect(ids).not.toContain(privateId);
    expect(res.body.profile.main_image.id).toBe(publicId);
    expect(res.body.profile.private_album).toEqual({ count: 1, shared_with_me: false, shared_by_me: false });
    expect(JSON.stringify(res.body)).not.toContain(String((await storedName(privateId)).split('/').pop()));

    const list = await request(ctx.app).get('/api/members.php?limit=60').set('cookie', viewer);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(String((await storedName(privateId)).split('/').pop()));
    // Marking the only public photo private leaves him without a main photo rather than show a private one.
    expect((await setPrivate(owner, publicId, true)).status).toBe(200);
    expect((await profile(viewer, ownerId)).body.profile.main_image).toBeNull();
    expect((await setPrivate(owner, publicId, false)).status).toBe(200);
  });

  it('When the album is not shared, then album.php refuses with 403 and the media URL of the photo answers 404', async () => {
    const res = await album(viewer, ownerId);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('album_not_shared');
    const own = await album(owner, ownerId);
    expect(own.status).toBe(200);
    const path = own.body.photos[0].match_path as string;
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', viewer)).status).toBe(404);
    expect((await request(ctx.app).get(`/media/${path}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', owner)).status).toBe(200);
  });

  it('When the owner shares, then the viewer gets the album with URLs signed for at most 20 minutes, and the owner lists him', async () => {
    const res = await share(owner, viewerId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shared: true });
    expect((await share(owner, viewerId)).status).toBe(200);

    const got = await album(viewer, ownerId);
    expect(got.status).toBe(200);
    expect(got.body.owner_id).toBe(ownerId);
    expect(got.body.photos.map((p: { id: number }) => p.id)).toEqual([privateId]);
    const path = got.body.photos[0].match_path as string;
    const match = /^s\/(\d{10})\/[\w-]{43}\/u\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/.exec(path);
    expect(match).not.toBeNull();
    const expiresIn = Number(match?.[1]) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(600 - 5);
    expect(expiresIn).toBeLessThanOrEqual(1200);
    const served = await request(ctx.app).get(`/media/${path}`).set('cookie', viewer);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    // Another member with the same URL, or nobody: as if it did not exist.
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', stranger)).status).toBe(404);

    expect((await profile(viewer, ownerId)).body.profile.private_album).toEqual({ count: 1, shared_with_me: true, shared_by_me: false });
    expect((await profile(owner, viewerId)).body.profile.private_album).toMatchObject({ shared_by_me: true });
    const list = await request(ctx.app).get('/api/album-shares.php').set('cookie', owner);
    expect(list.status).toBe(200);
    expect(list.body.limit).toBe(ALBUM_SHARE_LIMIT);
    expect(list.body.shares).toEqual([expect.objectContaining({ id: viewerId })]);
    expect((await request(ctx.app).get('/api/album-shares.php').set('cookie', viewer)).body.shares).toEqual([]);
  });

  it('When the list of shares is read, then each member comes with his approved main photo, signed, or null without one', async () => {
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${viewerId}`);
    const none = await request(ctx.app).get('/api/album-shares.php').set('cookie', owner);
    expect(none.body.shares).toEqual([{ id: viewerId, name: expect.any(String), shared_at: expect.any(String), main_image: null }]);
    const up = await request(ctx.app)
      .post('/api/photos.php')
      .set('cookie', viewer)
      .attach('photo', await jpeg('#33c'), { filename: 'v.jpg', contentType: 'image/jpeg' });
    expect(up.status).toBe(201);
    // Awaiting moderation: not shown yet.
    expect((await request(ctx.app).get('/api/album-shares.php').set('cookie', owner)).body.shares[0].main_image).toBeNull();
    await ctx.db.query(sql`UPDATE photos SET status = 'approved' WHERE user_id = ${viewerId}`);
    const [main] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM photos WHERE user_id = ${viewerId} AND is_main`);
    const shown = (await request(ctx.app).get('/api/album-shares.php').set('cookie', owner)).body.shares[0].main_image;
    expect(shown).toMatchObject({ id: main?.id, status: 'approved' });
    expect(shown.match_path).toMatch(/^s\/\d{10}\/[\w-]{43}\//);
  });

  it('When either member opens their conversation, then it says what the chat needs of both albums, and follows a share and its taking back', async () => {
    const open = (cookie: string, id: number) =>
      request(ctx.app).get('/api/conversation.php').query({ profile_id: id }).set('cookie', cookie);
    // The owner (one approved private photo) shares with the viewer (none of his own).
    const mine = await open(owner, viewerId);
    expect(mine.status).toBe(200);
    expect(mine.body.private_album).toEqual({ own_count: 1, count: 0, shared_with_me: false, shared_by_me: true });
    const theirs = await open(viewer, ownerId);
    expect(theirs.body.private_album).toEqual({ own_count: 0, count: 1, shared_with_me: true, shared_by_me: false });
    // Paging back carries messages only.
    const older = await request(ctx.app).get('/api/conversation.php').query({ profile_id: ownerId, before: 5 }).set('cookie', viewer);
    expect(older.status).toBe(200);
    expect(older.body.private_album).toBeUndefined();

    expect((await unshare(owner, viewerId)).status).toBe(200);
    expect((await open(viewer, ownerId)).body.private_album).toMatchObject({ count: 1, shared_with_me: false });
    expect((await open(owner, viewerId)).body.private_album).toMatchObject({ own_count: 1, shared_by_me: false });
    // A private photo still awaiting moderation is no photo of the album yet.
    await ctx.db.query(sql`UPDATE photos SET status = 'pending' WHERE id = ${privateId}`);
    expect((await open(owner, viewerId)).body.private_album).toMatchObject({ own_count: 0 });
    await ctx.db.query(sql`UPDATE photos SET status = 'approved' WHERE id = ${privateId}`);
    // A suspended partner: nothing to share with him, so no album in the answer.
    await ctx.db.query(sql`UPDATE users SET suspended_until = now() + interval '1 day' WHERE id = ${viewerId}`);
    const suspended = await open(owner, viewerId);
    expect(suspended.body.partner_available).toBe(false);
    expect(suspended.body.private_album).toBeUndefined();
    await ctx.db.query(sql`UPDATE users SET suspended_until = NULL WHERE id = ${viewerId}`);
    expect((await share(owner, viewerId)).status).toBe(200);
  });

  it('When the owner takes the album back, then album.php and the URL he had refuse at once', async () => {
    const path = (await album(viewer, ownerId)).body.photos[0].match_path as string;
    const res = await unshare(owner, viewerId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shared: false });
    expect((await album(viewer, ownerId)).status).toBe(403);
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', viewer)).status).toBe(404);
    expect((await unshare(owner, viewerId)).status).toBe(200);
  });

  it('When either member blocks the other, then the share is gone and the album is 404 like the profile', async () => {
    expect((await share(owner, viewerId)).status).toBe(200);
    expect((await request(ctx.app).post('/api/block.php').set('cookie', viewer).send({ id: ownerId })).status).toBe(200);
    expect((await album(viewer, ownerId)).status).toBe(404);
    expect((await share(owner, viewerId)).status).toBe(404);
    const [row] = await ctx.db.query(sql`SELECT 1 FROM album_shares WHERE owner_id = ${ownerId} AND viewer_id = ${viewerId}`);
    expect(row).toBeUndefined();
    expect((await request(ctx.app).delete('/api/block.php').set('cookie', viewer).send({ id: ownerId })).status).toBe(200);
    expect((await album(viewer, ownerId)).status).toBe(403);
  });

  it('When the owner is suspended, then a viewer he shared with loses the album at the next read', async () => {
    expect((await share(owner, viewerId)).status).toBe(200);
    await ctx.db.query(sql`UPDATE users SET suspended_until = now() + interval '1 day' WHERE id = ${ownerId}`);
    expect((await album(viewer, ownerId)).status).toBe(404);
    await ctx.db.query(sql`UPDATE users SET suspended_until = NULL WHERE id = ${ownerId}`);
    expect((await album(viewer, ownerId)).status).toBe(200);
  });

  it('When the input is wrong or the member unknown, then 4xx with a localized message and nothing stored', async () => {
    expect((await album(viewer, 'abc')).status).toBe(400);
    expect((await album(viewer, 2147480000)).status).toBe(404);
    expect((await share(owner, 'abc')).status).toBe(400);
    expect((await share(owner, 2147480000)).status).toBe(404);
    const self = await share(owner, ownerId).set('accept-language', 'nl');
    expect(self.status).toBe(422);
    expect(self.body.error).toMatchObject({ code: 'album_share_self', message: 'Je kunt je privéalbum niet met jezelf delen.' });
    expect((await request(ctx.app).get(`/api/album.php?id=${ownerId}`)).status).toBe(403);
    expect((await request(ctx.app).post('/api/album-share.php').send({ id: viewerId })).status).toBe(403);
    // Another member's photo is not his to mark.
    expect((await setPrivate(viewer, privateId, false)).status).toBe(404);
  });

  it(`When he marks more than ${PRIVATE_PHOTO_LIMIT} photos private, then 422 private_album_full`, async () => {
    await ctx.db.query(sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status, private, position)
       SELECT ${ownerId}, 'avatars/x.jpg', 'avatars/x-thumb.jpg', 'avatars/x-blur.jpg', 'approved', true, 100 + g
       FROM generate_series(1, ${PRIVATE_PHOTO_LIMIT - 1}) g`);
    const res = await setPrivate(owner, publicId, true).set('accept-language', 'fr');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'private_album_full', params: { limit: PRIVATE_PHOTO_LIMIT } });
    expect(res.body.error.message).toContain('12 photos');
    const [row] = await ctx.db.query<{ private: boolean; is_main: boolean }>(
      sql`SELECT private, is_main FROM photos WHERE id = ${publicId}`,
    );
    expect(row).toEqual({ private: false, is_main: true });
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${ownerId} AND position > 100`);
  });

  it(`When he shares with ${ALBUM_SHARE_LIMIT} members, then the next share is 422 album_share_limit`, async () => {
    await ctx.db.query(sql`INSERT INTO album_shares (owner_id, viewer_id)
       SELECT ${ownerId}, id FROM users WHERE id NOT IN (${ownerId}, ${viewerId}) ORDER BY id LIMIT ${ALBUM_SHARE_LIMIT - 1}
       ON CONFLICT DO NOTHING`);
    const [{ n } = { n: 0 }] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM album_shares WHERE owner_id = ${ownerId}`,
    );
    expect(n).toBe(ALBUM_SHARE_LIMIT);
    const [other] = await ctx.db.query<{ id: number }>(sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.status = 'active' AND u.deleted_at IS NULL AND p.status = 'active' AND u.id <> ${ownerId}
         AND NOT EXISTS (SELECT 1 FROM album_shares s WHERE s.owner_id = ${ownerId} AND s.viewer_id = u.id) LIMIT 1`);
    if (!other) throw new Error('no member left to share with');
    await ctx.db.query(sql`DELETE FROM album_shares WHERE owner_id = ${ownerId} AND viewer_id = ${viewerId}`);
    await ctx.db.query(sql`INSERT INTO album_shares (owner_id, viewer_id) VALUES (${ownerId}, ${viewerId})`);
    const res = await share(owner, other.id);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'album_share_limit', params: { limit: ALBUM_SHARE_LIMIT } });
    // Sharing again with a member already shared with is no new share.
    expect((await share(owner, viewerId)).status).toBe(200);
  });
});

async function storedName(photoId: number): Promise<string> {
  const [row] = await ctx.db.query<{ filename: string }>(sql`SELECT filename FROM photos WHERE id = ${photoId}`);
  return row?.filename ?? '';
}
