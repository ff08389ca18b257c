import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_POSES } from '../../../src/shared/verification';
import { sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { openStream } from '../../test/sse';
import { unzip } from '../../test/zip';
import { DEMO_LOGINS } from '../../seed/seed';
import { processDataExports } from '../safety/index';
import { purgeDeletedAccounts } from '../../use-cases/purge-deleted-accounts';
import { purgeSelfies, sweepOrphanSelfies } from './index';

/**
 * Verified members end to end over the API: asking and the pose, the selfie with the photos' upload defences, who sees
 * it, the moderators' queue and decisions (approval, refusal with its statement, the conflicts), the badge on every
 * answer and the search filter, the badge dropping with a new main photo, the daily limit, the data export and the
 * retention purge, and what the badge changes in the trust rules.
 */

let ctx: TestContext;
let moderator: string;
let moderatorId: number;
const logger = createLogger('silent');

const jpeg = (colour: string, opts: { exif?: boolean } = {}) => {
  const image = sharp({ create: { width: 96, height: 72, channels: 3, background: colour } });
  return (opts.exif ? image.withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner', Make: 'PhoneMaker' } } }) : image)
    .jpeg()
    .toBuffer();
};

const bytes = (r: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

interface Member {
  id: number;
  cookie: string;
  email: string;
}

const used = new Set<number>();
/** A seeded ordinary member not used by another test and not among the demo's verified ones, logged in, with no photo. */
async function member(): Promise<Member> {
  const [row] = await ctx.db.query<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.email NOT LIKE '%@demo.test' AND u.role = 'member' AND u.status = 'active' AND NOT p.fictional
          AND NOT p.invisible AND p.status = 'active' AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
          AND u.id <> ALL(${[...used]}::int[]) AND NOT EXISTS (SELECT 1 FROM verification_requests v WHERE v.user_id = u.id)
        ORDER BY u.id LIMIT 1`,
  );
  if (!row) throw new Error('not enough seeded members');
  used.add(row.id);
  await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${row.id}`);
  return { id: row.id, email: row.email, cookie: await loginAsMember(ctx, row.id, { free: true }) };
}

/** Uploads a photo as the member and has the moderator approve it; answers its id. */
async function approvedPhoto(m: Member, colour: string): Promise<number> {
  const up = await request(ctx.app)
    .post('/api/photos.php')
    .set('cookie', m.cookie)
    .attach('photo', await jpeg(colour), 'p.jpg');
  expect(up.status).toBe(201);
  const id = Math.max(...(up.body.photos as { id: number }[]).map((p) => p.id));
  await request(ctx.app).put('/api/moderation.php').set('cookie', moderator).send({ photo: id, decision: 'approve' }).expect(200);
  return id;
}

const state = (m: Member) => request(ctx.app).get('/api/verification.php').set('cookie', m.cookie);
const start = (m: Member, lang = 'en') =>
  request(ctx.app).post('/api/verification.php').set('cookie', m.cookie).set('accept-language', lang);
const selfie = async (m: Member, file?: Buffer, lang = 'en') =>
  request(ctx.app)
    .post('/api/verification-selfie.php')
    .set('cookie', m.cookie)
    .set('accept-language', lang)
    .attach('photo', file ?? (await jpeg('#c96')), { filename: 'selfie.jpg', contentType: 'image/jpeg' });
const queue = (cookie = moderator) => request(ctx.app).get('/api/verification-queue.php').set('cookie', cookie);
const decide = (body: Record<string, unknown>, cookie = moderator, lang = 'en') =>
  request(ctx.app).post('/api/verification-decision.php').set('cookie', cookie).set('accept-language', lang).send(body);
const profileOf = async (id: number, viewer: Member) =>
  (await request(ctx.app).get('/api/profile.php').query({ id }).set('cookie', viewer.cookie).expect(200)).body.profile as {
    verified?: boolean;
  };
const searchVerified = async (viewer: Member) =>
  (await request(ctx.app).get('/api/members.php').query({ verified: true, limit: 60 }).set('cookie', viewer.cookie).expect(200)).body
    .profiles as { id: number; verified: boolean }[];

/** Asks, sends a selfie and answers the pending request's id. */
async function pendingRequest(m: Member): Promise<number> {
  expect((await start(m)).status).toBeLessThan(300);
  const sent = await selfie(m);
  expect(sent.status).toBe(201);
  const [row] = await ctx.db.query<{ id: number }>(
    sql`SELECT id FROM verification_requests WHERE user_id = ${m.id} AND status = 'pending'`,
  );
  return row?.id as number;
}

const requestRows = (userId: number) =>
  ctx.db.query<{ status: string; selfie: string | null; reason: string | null; moderator_id: number | null }>(
    sql`SELECT status, selfie, reason, moderator_id FROM verification_requests WHERE user_id = ${userId} ORDER BY id`,
  );

beforeAll(async () => {
  ctx = await createTestContext({ members: 46 });
  moderator = await loginCookie(ctx.app, DEMO_LOGINS.moderator);
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.moderator}`);
  moderatorId = row?.id as number;
});
afterAll(() => ctx?.close());

describe('the demo', () => {
  it('When the demo is seeded, then a few members are verified and one selfie waits in the moderator’s queue with its pose and photos', async () => {
    const viewer = await member();
    const found = await searchVerified(viewer);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.every((p) => p.verified)).toBe(true);
    const waiting = (await queue()).body.requests as { selfie: { match_path: string }; photos: unknown[]; pose: string }[];
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.photos.length).toBeGreaterThan(0);
    const selfie = await request(ctx.app)
      .get(`/media/${waiting[0]?.selfie.match_path ?? ''}`)
      .set('cookie', moderator);
    expect(selfie.status).toBe(200);
  });
});

describe('asking for verification', () => {
  it('When a member without an approved photo asks, then 422 verification_no_photo in his language and no request is stored', async () => {
    const m = await member();
    const res = await start(m, 'nl');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('verification_no_photo');
    expect(res.body.error.message).toContain('Voeg eerst een foto toe');
    expect(await requestRows(m.id)).toEqual([]);
  });

  it('When a member has no approved photo, then his verification says so and lists his photos that wait for a moderator (his own only); once one is approved he may start', async () => {
    const m = await member();
    expect((await state(m)).body).toMatchObject({ status: 'none', approved_photos: 0, waiting_photos: [] });
    const up = await request(ctx.app)
      .post('/api/photos.php')
      .set('cookie', m.cookie)
      .attach('photo', await jpeg('#3a9'), 'p.jpg');
    expect(up.status).toBe(201);
    const waiting = Math.max(...(up.body.photos as { id: number }[]).map((p) => p.id));
    const before = (await state(m)).body as {
      approved_photos: number;
      waiting_photos: { id: number; status: string; thumb_filename: string }[];
    };
    expect(before.approved_photos).toBe(0);
    expect(before.waiting_photos).toEqual([expect.objectContaining({ id: waiting, status: 'pending' })]);
    // Its thumbnail opens for him (signed), as on his profile.
    expect(
      (
        await request(ctx.app)
          .get(`/media/${before.waiting_photos[0]?.thumb_filename ?? ''}`)
          .set('cookie', m.cookie)
      ).status,
    ).toBe(200);
    // The backend keeps refusing to start meanwhile.
    expect((await start(m)).body.error.code).toBe('verification_no_photo');
    await request(ctx.app).put('/api/moderation.php').set('cookie', moderator).send({ photo: waiting, decision: 'approve' }).expect(200);
    expect((await state(m)).body).toMatchObject({ approved_photos: 1, waiting_photos: [] });
    expect((await start(m)).status).toBe(201);
  });

  it('When a member asks, then he gets one of the poses, and asking again while it waits gives the same pose', async () => {
    const m = await member();
    await approvedPhoto(m, '#a33');
    expect((await state(m)).body).toMatchObject({ status: 'none', verified: false, lapsed: false, pose: null, selfies_left: 3 });
    const first = await start(m);
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('posed');
    expect(VERIFICATION_POSES).toContain(first.body.pose);
    const again = await start(m);
    expect(again.status).toBe(200);
    expect(again.body.pose).toBe(first.body.pose);
    expect(await requestRows(m.id)).toHaveLength(1);
  });

  it('When a selfie is sent before a pose was asked for, then 409 verification_not_started and nothing is stored', async () => {
    const m = await member();
    const res = await selfie(m);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('verification_not_started');
    expect(await requestRows(m.id)).toEqual([]);
  });
});

describe('the selfie', () => {
  it('When the file is no image, then 422 photo_invalid in his language, the request still waits for a selfie and no file is kept', async () => {
    const m = await member();
    await approvedPhoto(m, '#3a3');
    await start(m);
    const res = await selfie(m, Buffer.from('<?php echo "not a photo"; ?>'), 'de');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('photo_invalid');
    expect(res.body.error.message).toContain('Foto');
    expect(await requestRows(m.id)).toMatchObject([{ status: 'posed', selfie: null }]);
  });

  it('When a member sends a selfie with camera metadata, then it is stored re-encoded without it, waits for a moderator, and only he and moderators can open it', async () => {
    const m = await member();
    await approvedPhoto(m, '#33a');
    await start(m);
    const res = await selfie(m, await jpeg('#c96', { exif: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', selfies_left: 2, selfie: { status: 'pending' } });
    const url = `/media/${res.body.selfie.match_path as string}`;
    expect(url).toMatch(/^\/media\/s\/\d{10}\/[\w-]{43}\/verify\/[0-9a-f]{2}\/[0-9a-f]{32}-full\.jpg$/);

    const own = await request(ctx.app).get(url).set('cookie', m.cookie).buffer(true).parse(bytes);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(own.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect((own.body as Buffer).includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const other = await member();
    expect((await request(ctx.app).get(url).set('cookie', other.cookie)).status).toBe(404);
    expect((await request(ctx.app).get(url)).status).toBe(404);
    expect((await request(ctx.app).get(url).set('cookie', moderator)).status).toBe(200);
  });
});

describe('the moderators’ review', () => {
  it('When a selfie waits, then the queue shows it with the pose and the member’s approved photos, never to members, and never his own to a moderator', async () => {
    const m = await member();
    const photo = await approvedPhoto(m, '#a3a');
    const id = await pendingRequest(m);
    const res = await queue();
    expect(res.status).toBe(200);
    const item = (res.body.requests as { id: number }[]).find((r) => r.id === id);
    expect(item).toMatchObject({
      member: { id: m.id },
      pose: expect.stringMatching(new RegExp(`^(${VERIFICATION_POSES.join('|')})$`)),
      selfie: { status: 'pending' },
      photos: [{ id: photo }],
      conflict_of_interest: false,
    });
    const forbidden = await queue(m.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');

    // A moderator's own request is left out of his queue and refused if he decides it anyway.
    const mod = await member();
    await approvedPhoto(mod, '#aa3');
    const ownId = await pendingRequest(mod);
    await ctx.db.query(sql`UPDATE users SET role = 'moderator' WHERE id = ${mod.id}`);
    expect((await queue(mod.cookie)).body.requests.map((r: { id: number }) => r.id)).not.toContain(ownId);
    const own = await decide({ request: ownId, decision: 'approve' }, mod.cookie, 'fr');
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('own_case');
    expect(own.body.error.message).toContain('modérateur');
    expect(await requestRows(mod.id)).toMatchObject([{ status: 'pending' }]);
  });

  it('When the moderator has a conversation with the member, then the queue marks it, his decision is 403 conflict_of_interest in his language and nothing changes', async () => {
    const m = await member();
    await approvedPhoto(m, '#3aa');
    const id = await pendingRequest(m);
    const [site] = await ctx.db.query<{ site_id: number }>(sql`SELECT site_id FROM users WHERE id = ${m.id}`);
    const [conv] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO conversations (site_id, last_message_at) VALUES (${site?.site_id}, now()) RETURNING id`,
    );
    await ctx.db.query(
      sql`INSERT INTO conversation_members (conversation_id, user_id) VALUES (${conv?.id}, ${m.id}), (${conv?.id}, ${moderatorId})`,
    );
    const item = (await queue()).body.requests.find((r: { id: number }) => r.id === id);
    expect(item.conflict_of_interest).toBe(true);
    const res = await decide({ request: id, decision: 'approve' }, moderator, 'nl');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('conflict_of_interest');
    expect(res.body.error.message).toContain('andere moderator');
    expect(await requestRows(m.id)).toMatchObject([{ status: 'pending', moderator_id: null }]);
    expect((await state(m)).body.verified).toBe(false);
  });

  it('When a moderator approves, then the member shows the badge on his profile and cards, his open pages hear it, "verified only" finds him, and a second decision is 409', async () => {
    const m = await member();
    const viewer = await member();
    await approvedPhoto(m, '#963');
    const id = await pendingRequest(m);
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: false });
    expect((await searchVerified(viewer)).map((p) => p.id)).not.toContain(m.id);
    const live = openStream(ctx.appUrl, m.cookie);
    expect(await live.ready).toBe(200);

    expect((await decide({ request: id, decision: 'approve' })).status).toBe(200);
    // His open pages hear it (they reload his verification and profile: the badge shows without a reload).
    expect((await live.waitFor((e) => e.event === 'verification')).data).toEqual({ status: 'approved' });
    live.close();
    expect(await requestRows(m.id)).toMatchObject([{ status: 'approved', moderator_id: moderatorId, reason: null }]);
    expect((await state(m)).body).toMatchObject({ status: 'approved', verified: true, lapsed: false, selfie: { status: 'approved' } });
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: true });
    const found = await searchVerified(viewer);
    expect(found.find((p) => p.id === m.id)).toMatchObject({ verified: true });
    expect(found.every((p) => p.verified)).toBe(true);
    // Without the filter he is still a card among the others, with his badge.
    const all = (await request(ctx.app).get('/api/members.php').query({ limit: 60 }).set('cookie', viewer.cookie)).body.profiles as {
      id: number;
      verified: boolean;
    }[];
    expect(all.some((p) => !p.verified)).toBe(true);

    const again = await decide({ request: id, decision: 'refuse', reason: 'pose_wrong' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('verification_decided');
    const restart = await start(m);
    expect(restart.status).toBe(409);
    expect(restart.body.error.code).toBe('already_verified');
  });

  it('When a moderator refuses, then the member reads the reason, his open pages hear it once, he gets the statement of reasons by mail in his language, and may try again with a new request', async () => {
    const m = await member();
    await ctx.db.query(sql`UPDATE users SET language = 'nl' WHERE id = ${m.id}`);
    await approvedPhoto(m, '#639');
    const id = await pendingRequest(m);
    const missing = await decide({ request: id, decision: 'refuse' });
    expect(missing.status).toBe(422);
    expect(await requestRows(m.id)).toMatchObject([{ status: 'pending' }]);
    const live = openStream(ctx.appUrl, m.cookie);
    expect(await live.ready).toBe(200);

    expect((await decide({ request: id, decision: 'refuse', reason: 'photo_of_photo' })).status).toBe(200);
    expect((await live.waitFor((e) => e.event === 'verification')).data).toEqual({ status: 'refused' });
    expect(live.events.filter((e) => e.event === 'verification')).toHaveLength(1);
    live.close();
    expect((await state(m)).body).toMatchObject({ status: 'refused', verified: false, reason: 'photo_of_photo', selfies_left: 2 });
    const [mail] = await ctx.db.query<{ subject: string; text_body: string }>(
      sql`SELECT subject, text_body FROM mail_outbox WHERE topic = 'verification_refused' AND to_address = ${m.email}`,
    );
    expect(mail?.subject).toContain('Je verificatie op');
    expect(mail?.text_body).toContain('De selfie is een foto van een foto of van een scherm');
    expect(mail?.text_body).toContain('Een mens heeft dit besluit genomen');
    expect(mail?.text_body).toContain('30 dagen');
    expect(mail?.text_body).toContain('/verification');

    const retry = await start(m);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ status: 'posed', reason: null });
    expect(await requestRows(m.id)).toHaveLength(2);
  });

  it('When a member sent three selfies within a day, then the fourth is 429 verification_daily in his language with Retry-After and nothing is stored', async () => {
    const m = await member();
    await approvedPhoto(m, '#336');
    for (let i = 0; i < 3; i++) {
      const id = await pendingRequest(m);
      expect((await decide({ request: id, decision: 'refuse', reason: 'face_not_visible' })).status).toBe(200);
    }
    expect((await start(m)).status).toBe(201);
    const res = await selfie(m, undefined, 'de');
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('verification_daily');
    expect(res.body.error.message).toContain('3 Selfies pro Tag');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await state(m)).body).toMatchObject({ status: 'posed', selfies_left: 0, next_selfie_at: expect.any(String) });
    expect((await requestRows(m.id)).filter((r) => r.status === 'pending')).toEqual([]);
  });
});

describe('the badge and the main photo', () => {
  it('When a verified member makes a photo no moderator matched his main photo, then the badge goes, he is told why, and making the matched one main again brings it back', async () => {
    const m = await member();
    const viewer = await member();
    const matched = await approvedPhoto(m, '#393');
    const id = await pendingRequest(m);
    await decide({ request: id, decision: 'approve' }).expect(200);
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: true });

    const newer = await approvedPhoto(m, '#939');
    expect((await state(m)).body.verified).toBe(true);
    await request(ctx.app).put('/api/photos.php').set('cookie', m.cookie).send({ id: newer }).expect(200);
    expect((await state(m)).body).toMatchObject({ status: 'approved', verified: false, lapsed: true });
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: false });
    expect((await searchVerified(viewer)).map((p) => p.id)).not.toContain(m.id);

    await request(ctx.app).put('/api/photos.php').set('cookie', m.cookie).send({ id: matched }).expect(200);
    expect((await state(m)).body).toMatchObject({ verified: true, lapsed: false });
  });

  it('When a photo is approved after the selfie was sent and he makes it his main photo, then the queue never showed it, the approval does not mark it and he carries no badge until a later verification shows it', async () => {
    const m = await member();
    const viewer = await member();
    const shown = await approvedPhoto(m, '#933');
    const id = await pendingRequest(m);
    // Approved in the ordinary photo queue while the selfie waits, and made his main photo.
    const later = await approvedPhoto(m, '#399');
    await request(ctx.app).put('/api/photos.php').set('cookie', m.cookie).send({ id: later }).expect(200);
    const item = (await queue()).body.requests.find((r: { id: number }) => r.id === id) as { photos: { id: number }[] };
    expect(item.photos.map((p) => p.id)).toEqual([shown]);

    await decide({ request: id, decision: 'approve' }).expect(200);
    const marked = await ctx.db.query<{ id: number }>(sql`SELECT id FROM photos WHERE user_id = ${m.id} AND verified_by = ${id}`);
    expect(marked.map((r) => r.id)).toEqual([shown]);
    expect((await state(m)).body).toMatchObject({ status: 'approved', verified: false, lapsed: true });
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: false });
    expect((await searchVerified(viewer)).map((p) => p.id)).not.toContain(m.id);

    // A later verification shows the new main photo; its approval brings the badge.
    const again = await pendingRequest(m);
    const next = (await queue()).body.requests.find((r: { id: number }) => r.id === again) as { photos: { id: number }[] };
    expect(next.photos.map((p) => p.id)).toEqual([later, shown]);
    await decide({ request: again, decision: 'approve' }).expect(200);
    expect((await state(m)).body).toMatchObject({ verified: true, lapsed: false });
    expect(await profileOf(m.id, viewer)).toMatchObject({ verified: true });
  });

  it('When he has no approved photo left when he sends the selfie, then 422 verification_no_photo in his language and the pose still waits', async () => {
    const m = await member();
    const photo = await approvedPhoto(m, '#993');
    expect((await start(m)).status).toBe(201);
    await request(ctx.app).delete('/api/photos.php').set('cookie', m.cookie).send({ id: photo }).expect(200);
    const res = await selfie(m, undefined, 'nl');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('verification_no_photo');
    expect(res.body.error.message).toContain('Voeg eerst een foto toe');
    expect(await requestRows(m.id)).toMatchObject([{ status: 'posed', selfie: null }]);
  });

  it('When the chat partner is verified, then the conversation’s partner carries the badge', async () => {
    const m = await member();
    const partner = await member();
    await approvedPhoto(m, '#696');
    await decide({ request: await pendingRequest(m), decision: 'approve' }).expect(200);
    await request(ctx.app)
      .post('/api/message.php')
      .set('cookie', partner.cookie)
      .send({ profile_id: m.id, text: 'Hello there' })
      .expect(201);
    const chat = await request(ctx.app).get('/api/conversation.php').query({ profile_id: m.id }).set('cookie', partner.cookie);
    expect(chat.status).toBe(200);
    expect(chat.body.profile).toMatchObject({ id: m.id, verified: true });
  });
});

describe('trust', () => {
  it('When a verified member’s account is younger than the link rule’s 24 hours, then his first message may hold a link, while an unverified new account’s is refused', async () => {
    const verified = await member();
    const fresh = await member();
    const to = await member();
    await approvedPhoto(verified, '#366');
    await decide({ request: await pendingRequest(verified), decision: 'approve' }).expect(200);
    await ctx.db.query(sql`UPDATE users SET signup_date = now() - interval '2 hours' WHERE id = ANY(${[verified.id, fresh.id]}::int[])`);
    const text = 'Hi! My pictures are on example.com/me';
    const refused = await request(ctx.app).post('/api/message.php').set('cookie', fresh.cookie).send({ profile_id: to.id, text });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('first_message_contact');
    const sent = await request(ctx.app).post('/api/message.php').set('cookie', verified.cookie).send({ profile_id: to.id, text });
    expect(sent.status).toBe(201);
  });
});

describe('his data and the retention purge', () => {
  it('When a member with a selfie downloads his data, then the archive lists his requests and holds the selfie', async () => {
    const m = await member();
    await approvedPhoto(m, '#663');
    const id = await pendingRequest(m);
    await decide({ request: id, decision: 'refuse', reason: 'pose_wrong' }).expect(200);
    await request(ctx.app).post('/api/data-export.php').set('cookie', m.cookie).send({}).expect(202);
    await processDataExports({ db: ctx.db, media: ctx.media, logger, publicUrl: 'http://localhost:3000', kickOutbox: () => {} });
    const ready = await request(ctx.app).get('/api/data-export.php').set('cookie', m.cookie);
    expect(ready.body.status).toBe('ready');
    const file = await request(ctx.app).get(ready.body.download_path).set('cookie', m.cookie).buffer(true).parse(bytes);
    const files = await unzip(file.body as Buffer);
    const listed = JSON.parse(String(files.get('verification.json'))) as { id: number; status: string; reason: string; file: string }[];
    expect(listed).toEqual([expect.objectContaining({ id, status: 'refused', reason: 'pose_wrong', file: `verification/${id}.jpg` })]);
    expect((await sharp(files.get(`verification/${id}.jpg`) as Buffer).metadata()).format).toBe('jpeg');
  });

  it('When 30 days have passed since the decision, then the purge deletes the selfie’s files and keeps the decision; earlier it keeps them', async () => {
    const m = await member();
    await approvedPhoto(m, '#366');
    const id = await pendingRequest(m);
    await decide({ request: id, decision: 'approve' }).expect(200);
    const { body } = await state(m);
    const url = `/media/${body.selfie.match_path as string}`;
    const [row] = await requestRows(m.id);
    const full = row?.selfie as string;
    expect(Date.parse(body.selfie_kept_until) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    await purgeSelfies(ctx.db, ctx.media, logger, Date.now() + 29 * 24 * 3600_000);
    expect(await ctx.media.exists(full)).toBe(true);
    await purgeSelfies(ctx.db, ctx.media, logger, Date.now() + 31 * 24 * 3600_000);
    expect(await ctx.media.exists(full)).toBe(false);
    expect(await ctx.media.exists(full.replace('-full.jpg', '-thumb.jpg'))).toBe(false);
    expect(await requestRows(m.id)).toMatchObject([{ status: 'approved', selfie: null, moderator_id: moderatorId }]);
    expect((await request(ctx.app).get(url).set('cookie', m.cookie)).status).toBe(404);
    // The badge is the decision's, not the file's.
    expect((await state(m)).body).toMatchObject({ verified: true, selfie: null, selfie_kept_until: null });
  });

  it('When a member with a waiting selfie deletes his account and it is purged, then his requests go and the sweep deletes the selfie’s files', async () => {
    const m = await member();
    await approvedPhoto(m, '#636');
    await pendingRequest(m);
    const [row] = await requestRows(m.id);
    const full = row?.selfie as string;
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() - interval '15 days' WHERE id = ${m.id}`);
    expect((await queue()).body.requests.map((r: { member: { id: number } }) => r.member.id)).not.toContain(m.id);
    await purgeDeletedAccounts(ctx.db, logger, ctx.media);
    expect(await requestRows(m.id)).toEqual([]);
    await sweepOrphanSelfies(ctx.db, ctx.media, logger, Date.now() + 2 * 3600_000);
    expect(await ctx.media.exists(full)).toBe(false);
    expect(await ctx.media.exists(full.replace('-full.jpg', '-thumb.jpg'))).toBe(false);
  });

  it('When a selfie file is left that no request names (an upload that failed after storing), then the sweep deletes it once it is old', async () => {
    const stray = 'verify/ab/ab' + '0'.repeat(30) + '-full.jpg';
    await ctx.media.put(stray, await jpeg('#111'));
    expect(await sweepOrphanSelfies(ctx.db, ctx.media, logger)).toBe(0);
    expect(await sweepOrphanSelfies(ctx.db, ctx.media, logger, Date.now() + 2 * 3600_000)).toBe(1);
    expect(await ctx.media.exists(stray)).toBe(false);
  });
});
