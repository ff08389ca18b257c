import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { parseConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { copyMedia, createDiskStore } from '../../lib/media-store';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, TEST_BACKEND_SECRET, type TestContext } from '../../test/context';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../../test/local-s3';
import { grantCredits } from '../credits/ledger';
import { sql } from '../../lib/db';

/**
 * Photos in an S3-compatible bucket (a local s3rver): two backends without a shared folder serve each other's photos,
 * nothing is written under DATA_DIR/media, no credential reaches a log line, the configuration is checked, and an
 * existing DATA_DIR/media is copied into a bucket (scripts/media-to-s3.ts).
 */

const run = promisify(execFile);
const jpeg = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const bytes = (r: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('two backends on one bucket, without a shared folder', () => {
  let ctx: TestContext;
  let otherDataDir: string;
  let other: ReturnType<typeof createApp>;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    ctx = await createTestContext({ members: 20, media: 's3', logStream });
    // The second backend: the same database, its own DATA_DIR and its own client of the bucket.
    otherDataDir = await mkdtemp(path.join(tmpdir(), 'second-backend-'));
    other = createApp({
      db: ctx.db,
      logger: createLogger('info', logStream),
      media: ctx.s3?.store() ?? ctx.media,
      dataDir: otherDataDir,
      outbox: { kick: () => undefined },
      publicUrl: 'http://localhost:3000',
      backendSecret: TEST_BACKEND_SECRET,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(otherDataDir, { recursive: true, force: true });
  });

  it('When a member uploads a photo on one backend, then it lands in the bucket (nothing under DATA_DIR/media) and the other backend serves it through its signed URL, and back', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    await ctx.db.query(sql`DELETE FROM photos WHERE user_id = (SELECT id FROM users WHERE email = ${DEMO_LOGINS.premium})`);
    const first = await request(ctx.app)
      .post('/api/photos.php')
      .set('cookie', premium)
      .attach('photo', await jpeg('#a33'), 'a.jpg');
    expect(first.status).toBe(201);
    const second = await request(other)
      .post('/api/photos.php')
      .set('cookie', premium)
      .attach('photo', await jpeg('#33a'), 'b.jpg');
    expect(second.status).toBe(201);
    const [fromFirst, fromSecond] = [first.body.photos[0].match_path as string, second.body.photos[1].match_path as string];

    const viaOther = await request(other).get(`/media/${fromFirst}`).buffer(true).parse(bytes);
    const viaFirst = await request(ctx.app).get(`/media/${fromSecond}`).buffer(true).parse(bytes);
    expect([viaOther.status, viaFirst.status]).toEqual([200, 200]);
    expect((await sharp(viaOther.body as Buffer).stats()).channels[0]?.mean).toBeGreaterThan(120);
    expect((await sharp(viaFirst.body as Buffer).stats()).channels[2]?.mean).toBeGreaterThan(120);
    // The same object from either backend, with the same validators: a browser's cached copy stays good.
    const again = await request(ctx.app).get(`/media/${fromFirst}`).buffer(true).parse(bytes);
    expect((again.body as Buffer).equals(viaOther.body as Buffer)).toBe(true);
    expect(again.headers.etag).toBe(viaOther.headers.etag);
    const revalidated = await request(other)
      .get(`/media/${fromFirst}`)
      .set('if-none-match', viaOther.headers.etag as string);
    expect(revalidated.status).toBe(304);

    const key = fromFirst.split('/').slice(3).join('/');
    expect(await ctx.media.exists(key)).toBe(true);
    expect(existsSync(ctx.mediaDir)).toBe(false);
    expect(existsSync(path.join(otherDataDir, 'media'))).toBe(false);
  });

  it('When a member sends a photo message through one backend, then the recipient gets it from the other, and nobody else does', async () => {
    const [sender, recipient, stranger] = (
      await ctx.db.query<{ id: number }>(
        sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email LIKE 'member%'
           AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
           AND NOT EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.user_id = u.id)
         ORDER BY u.id LIMIT 3`,
      )
    ).map((r) => r.id) as [number, number, number];
    const [site] = await ctx.db.query<{ photo_credits: number }>(
      sql`SELECT photo_credits FROM sites WHERE id = (SELECT site_id FROM users WHERE id = ${sender})`,
    );
    await ctx.db.transaction((tx) =>
      grantCredits(tx, { userId: sender, credits: site?.photo_credits ?? 0, kind: 'promo', reason: 'bonus' }),
    );
    const sent = await request(ctx.app)
      .post('/api/photo-message.php')
      .set('cookie', await loginAsMember(ctx, sender, { free: true }))
      .field('profile_id', String(recipient))
      .attach('photo', await jpeg('#3a3'), { filename: 'p.jpg', contentType: 'image/jpeg' });
    expect(sent.status).toBe(201);
    const url = sent.body.message.photo.match_path as string;
    const seen = await request(other)
      .get(`/media/${url}`)
      .set('cookie', await loginAsMember(ctx, recipient, { free: true }));
    expect(seen.status).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, max-age=3600');
    const refused = await request(other)
      .get(`/media/${url}`)
      .set('cookie', await loginAsMember(ctx, stranger, { free: true }));
    expect(refused.status).toBe(404);
  });

  it('When the backends work with the bucket, fail on it and answer 503, then no credential of the S3 configuration is in any log line', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    await ctx.s3?.stop();
    try {
      const res = await request(ctx.app)
        .post('/api/photos.php')
        .set('cookie', premium)
        .attach('photo', await jpeg('#aa3'), 'c.jpg');
      expect(res.status).toBe(503);
    } finally {
      await ctx.s3?.start();
    }
    const log = logLines.join('');
    expect(log).toContain('media store unavailable (put');
    expect(log).not.toContain(LOCAL_S3_CREDENTIALS.secretAccessKey);
    expect(log).not.toContain('AWS4-HMAC-SHA256');
    expect(log).not.toMatch(/X-Amz-Signature|x-amz-security-token/i);
  });
});

describe('S3 configuration', () => {
  const base = { DATA_DIR: './var' };

  it('When S3_BUCKET is set with a region or an endpoint, then it is accepted; without either, or with half a key pair, or a bad value, then the backend refuses to start naming the variable', () => {
    const ok = parseConfig({ ...base, S3_BUCKET: 'photos', AWS_REGION: 'eu-central-1' });
    expect(ok.ok && ok.config.S3_BUCKET).toBe('photos');
    const minio = parseConfig({
      ...base,
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'minio',
      AWS_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(minio.ok && minio.config.S3_FORCE_PATH_STYLE).toBe(true);
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'photos' }, /S3_BUCKET needs AWS_REGION .* or S3_ENDPOINT/],
      [
        { S3_BUCKET: 'photos', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'only-the-id' },
        /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/,
      ],
      [{ S3_ENDPOINT: 'http://minio:9000' }, /need S3_BUCKET/],
      [{ S3_BUCKET: 'Photos_Bucket', AWS_REGION: 'eu-west-1' }, /S3_BUCKET must be a bucket name/],
      [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http/],
      [{ S3_BUCKET: 'photos', AWS_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'perhaps' }, /S3_FORCE_PATH_STYLE must be true\/false/],
    ];
    for (const [env, message] of refused) {
      const parsed = parseConfig({ ...base, ...env });
      expect(parsed.ok, JSON.stringify(env)).toBe(false);
      if (!parsed.ok) {
        expect(parsed.message).toMatch(message);
        expect(parsed.message).not.toContain('minio-secret');
      }
    }
    // Without S3_BUCKET the disk stays the store, whatever AWS variables the environment has.
    const disk = parseConfig({ ...base, AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'id-of-another-tool' });
    expect(disk.ok && disk.config.S3_BUCKET).toBeUndefined();
  });
});

describe('copying DATA_DIR/media into a bucket', () => {
  let s3: LocalS3;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startLocalS3('copied');
    dataDir = await mkdtemp(path.join(tmpdir(), 'media-to-s3-'));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('When scripts/media-to-s3.ts runs twice, then every file of DATA_DIR/media is in the bucket with the same bytes, and the second run copies nothing', async () => {
    const disk = createDiskStore(path.join(dataDir, 'media'));
    const files: Record<string, Buffer> = {
      'avatars/avatar-01.jpg': await jpeg('#111'),
      [`u/ab/ab${'1'.repeat(30)}-full.jpg`]: await jpeg('#222'),
      [`u/ab/ab${'1'.repeat(30)}-blur.jpg`]: await jpeg('#333'),
      [`chat/cd/cd${'2'.repeat(30)}-thumb.jpg`]: await jpeg('#444'),
    };
    for (const [key, body] of Object.entries(files)) await disk.put(key, body);
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    };
    const script = path.resolve('scripts/media-to-s3.ts');
    const first = await run(process.execPath, ['--import', 'tsx', script], { env });
    expect(first.stdout).toMatch(/4 copied, 0 already in s3:\/\/copied/);
    expect(first.stdout + first.stderr).not.toContain(LOCAL_S3_CREDENTIALS.secretAccessKey);
    const bucket = s3.store();
    for (const [key, body] of Object.entries(files)) {
      const object = await bucket.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body), key).toBe(true);
    }
    expect(await copyMedia(disk, bucket)).toEqual({ copied: 0, skipped: 4 });
  });
});
