import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { setRoleByOperator } from './index';
import { sql } from '../../lib/db';

let ctx: TestContext;
let free: string;
let premium: string;
let moderator: string;
let freeId: number;

const SIGNED = /^s\/\d{10}\/[\w-]{43}\/u\/[0-9a-f]{2}\/[0-9a-f]{32}-(full|thumb)\.jpg$/;

beforeAll(async () => {
  ctx = await createTestContext({ members: 20 });
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  moderator = await loginCookie(ctx.app, DEMO_LOGINS.moderator);
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.free}`);
  freeId = row?.id as number;
});
afterAll(() => ctx?.close());

const jpeg = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The free member uploads a photo; returns its id (the newest of the member's photos). */
async function uploadAsFree(colour: string): Promise<number> {
  const res = await request(ctx.app)
    .post('/api/photos.php')
    .set('cookie', free)
    .attach('photo', await jpeg(colour), { filename: 'me.jpg', contentType: 'image/jpeg' });
  expect(res.status).toBe(201);
  return Math.max(...(res.body.photos as { id: number }[]).map((p) => p.id));
}

const queue = (cookie: string, query: Record<string, number> = {}) =>
  request(ctx.app).get('/api/moderation.php').query(query).set('cookie', cookie);
const decide = (cookie: string, photo: number, decision: string) =>
  request(ctx.app).put('/api/moderation.php').set('cookie', cookie).send({ photo, decision });

/** What the premium member sees of the free member's profile: image ids and the main image id. */
async function seenByOthers(): Promise<{ images: number[]; main: number | null }> {
  const res = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', premium);
  expect(res.status).toBe(200);
  return { images: (res.body.profile.images as { id: number }[]).map((i) => i.id), main: res.body.profile.main_image?.id ?? null };
}

async function clearFreePhotos() {
  await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${freeId}`);
}

describe('photo moderation', () => {
  it('When a visitor lists or decides, then 403 authentication_required', async () => {
    const list = await request(ctx.app).get('/api/moderation.php');
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('authentication_required');
    const put = await request(ctx.app).put('/api/moderation.php').send({ photo: 1, decision: 'approve' });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('authentication_required');
  });

  it('When a member who is not a moderator lists or decides, then 403 forbidden and the photo stays pending', async () => {
    await clearFreePhotos();
    const id = await uploadAsFree('#a33');
    const list = await queue(premium);
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('forbidden');
    const own = await decide(free, id, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('forbidden');
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM photos WHERE id = ${id}`);
    expect(row?.status).toBe('pending');
  });

  it('When a moderator logs in, then the user carries role moderator; other members carry role member', async () => {
    const mod = await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', moderator);
    expect(mod.body.user.role).toBe('moderator');
    const member = await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', free);
    expect(member.body.user.role).toBe('member');
  });

  it('When a member uploads a photo, then the moderator finds it in the queue, oldest first, with the member and signed paths that serve', async () => {
    await clearFreePhotos();
    const id = await uploadAsFree('#3a3');
    const res = await queue(moderator);
    expect(res.status).toBe(200);
    const ids = (res.body.photos as { id: number }[]).map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const entry = (
      res.body.photos as { id: number; member: { id: number; name: string }; image: { match_path: string; thumb_filename: string } }[]
    ).find((p) => p.id === id);
    expect(entry?.member).toEqual({ id: freeId, name: 'Free Floris' });
    expect(entry?.image.match_path).toMatch(SIGNED);
    expect(entry?.image.thumb_filename).toMatch(SIGNED);
    expect((await request(ctx.app).get(`/media/${entry?.image.match_path}`)).status).toBe(200);
  });

  it('When the queue is paged with limit and after, then pages follow each other without overlap', async () => {
    await clearFreePhotos();
    const first = await uploadAsFree('#111');
    const second = await uploadAsFree('#222');
    const page1 = await queue(moderator, { limit: 1, after: first - 1 });
    expect(page1.body.photos.map((p: { id: number }) => p.id)).toEqual([first]);
    expect(page1.body.next_cursor).toBe(first);
    const page2 = await queue(moderator, { limit: 1, after: page1.body.next_cursor });
    expect(page2.body.photos.map((p: { id: number }) => p.id)).toEqual([second]);
  });

  it('When the moderator approves a photo, then another member sees it on the profile and it leaves the queue', async () => {
    await clearFreePhotos();
    const id = await uploadAsFree('#33a');
    expect((await seenByOthers()).images).not.toContain(id);
    const res = await decide(moderator, id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const seen = await seenByOthers();
    expect(seen.images).toContain(id);
    expect(seen.main).toBe(id);
    expect((await queue(moderator)).body.photos.map((p: { id: number }) => p.id)).not.toContain(id);
    const [row] = await ctx.db.query<{ moderated_by: number | null; moderated_at: Date | null }>(
      sql`SELECT moderated_by, moderated_at FROM photos WHERE id = ${id}`,
    );
    expect(row?.moderated_by).not.toBeNull();
    expect(row?.moderated_at).not.toBeNull();
  });

  it('When the moderator rejects the main photo, then nobody sees it, its files are gone and an approved photo becomes main', async () => {
    await clearFreePhotos();
    const rejected = await uploadAsFree('#a3a');
    const kept = await uploadAsFree('#3aa');
    expect((await decide(moderator, kept, 'approve')).status).toBe(200);
    const [files] = await ctx.db.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
      sql`SELECT filename, thumb_filename, blurred_filename FROM photos WHERE id = ${rejected}`,
    );

    const res = await decide(moderator, rejected, 'reject');
    expect(res.status).toBe(200);
    const seen = await seenByOthers();
    expect(seen.images).not.toContain(rejected);
    expect(seen.main).toBe(kept);
    const own = await request(ctx.app).get('/api/my-profile.php').set('cookie', free);
    expect(own.body.profile.photos.map((p: { id: number }) => p.id)).toEqual([kept]);
    for (const f of [files?.filename, files?.thumb_filename, files?.blurred_filename]) {
      await expect(access(path.join(ctx.mediaDir, f as string))).rejects.toThrow();
    }
  });

  it('When a photo is decided twice, or twice at the same moment, then only the first decision counts (404 or 409 after it)', async () => {
    await clearFreePhotos();
    const id = await uploadAsFree('#aa3');
    expect((await decide(moderator, id, 'approve')).status).toBe(200);
    const again = await decide(moderator, id, 'reject');
    expect(again.status).toBe(404);
    expect((await seenByOthers()).images).toContain(id);

    const racing = await uploadAsFree('#a0a');
    const answers = await Promise.all([decide(moderator, racing, 'approve'), decide(moderator, racing, 'reject')]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const rows = await ctx.db.query<{ status: string }>(sql`SELECT status FROM photos WHERE id = ${racing}`);
    expect(rows.length === 0 || rows[0]?.status === 'approved').toBe(true);
  });

  it('When the photo is unknown or the decision is not one of approve/reject, then 404 or 400', async () => {
    expect((await decide(moderator, 99_999_999, 'approve')).status).toBe(404);
    const bad = await decide(moderator, 1, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_request');
  });

  it('When a moderator uploads a photo of his own, then his queue leaves it out and deciding it is 403 own_case in his language; another moderator decides it', async () => {
    const upload = await request(ctx.app)
      .post('/api/photos.php')
      .set('cookie', moderator)
      .attach('photo', await jpeg('#5a5'), { filename: 'me.jpg', contentType: 'image/jpeg' });
    expect(upload.status).toBe(201);
    const own = Math.max(...(upload.body.photos as { id: number }[]).map((p) => p.id));
    const mine = await queue(moderator, { limit: 100 });
    expect(mine.status).toBe(200);
    expect(mine.body.photos.map((p: { id: number }) => p.id)).not.toContain(own);
    for (const decision of ['approve', 'reject']) {
      const refused = await decide(moderator, own, decision).set('accept-language', 'nl');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('own_case');
      expect(refused.body.error.message).not.toBe('You cannot decide about yourself: another moderator must.');
    }
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM photos WHERE id = ${own}`);
    expect(row?.status).toBe('pending');
    // The admin moderates too: the photo is in his queue, and he approves it.
    const admin = await loginCookie(ctx.app, DEMO_LOGINS.admin);
    expect((await queue(admin, { limit: 100 })).body.photos.map((p: { id: number }) => p.id)).toContain(own);
    expect((await decide(admin, own, 'approve')).status).toBe(200);
  });

  it('When a member without the role asks in Dutch, then the forbidden message is Dutch', async () => {
    const res = await queue(premium).set('accept-language', 'nl');
    expect(res.body.error.message).toBe('Je hebt geen toestemming om dit te doen.');
  });
});

describe('the moderators’ team (roles)', () => {
  let admin: string;
  let adminId: number;
  const team = (cookie: string) => request(ctx.app).get('/api/moderators.php').set('cookie', cookie);
  const setRole = (cookie: string, body: Record<string, unknown>) =>
    request(ctx.app).put('/api/moderators.php').set('cookie', cookie).send(body);
  const roleOf = async (id: number) => (await ctx.db.query<{ role: string }>(sql`SELECT role FROM users WHERE id = ${id}`))[0]?.role;
  const audit = (id: number) =>
    ctx.db.query<{ changed_by: number | null; via: string; from_role: string; to_role: string }>(
      sql`SELECT changed_by, via, from_role, to_role FROM moderator_role_changes WHERE member_id = ${id} ORDER BY id`,
    );
  /** A seeded ordinary member (not a demo login), logged in. */
  async function ordinaryMember(offset: number): Promise<{ id: number; email: string; cookie: string }> {
    const [row] = await ctx.db.query<{ id: number; email: string }>(
      sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
          WHERE u.email NOT LIKE '%@demo.test' AND u.status = 'active' AND u.role = 'member' AND NOT p.fictional
          ORDER BY u.id OFFSET ${offset} LIMIT 1`,
    );
    if (!row) throw new Error('not enough seeded members');
    return { ...row, cookie: await loginAsMember(ctx, row.id) };
  }

  beforeAll(async () => {
    admin = await loginCookie(ctx.app, DEMO_LOGINS.admin);
    const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.admin}`);
    adminId = row?.id as number;
  });

  it('When the demo admin lists the team, then he sees the admin and both moderators with the operator’s grant; he moderates too, and user.php says admin', async () => {
    const res = await team(admin);
    expect(res.status).toBe(200);
    const listed = res.body.moderators as { email: string; role: string; granted_at: string | null; granted_by: unknown }[];
    expect(listed.map((m) => [m.email, m.role])).toEqual([
      [DEMO_LOGINS.admin, 'admin'],
      // Then by name: Moderator Mats, Moderator Morten.
      [DEMO_LOGINS.moderator, 'moderator'],
      [DEMO_LOGINS.moderator2, 'moderator'],
    ]);
    expect(listed.every((m) => m.granted_at !== null && m.granted_by === null)).toBe(true);
    expect((res.body.changes as { via: string }[]).every((c) => c.via === 'operator')).toBe(true);
    expect((await queue(admin)).status).toBe(200);
    const me = await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', admin);
    expect(me.body.user.role).toBe('admin');
  });

  it('When anyone but an admin lists the team or changes a role, then 403 — forbidden for members and moderators, also for an unknown address, so nothing is revealed', async () => {
    expect((await request(ctx.app).get('/api/moderators.php')).body.error.code).toBe('authentication_required');
    expect((await request(ctx.app).put('/api/moderators.php').send({ member: freeId, role: 'moderator' })).body.error.code).toBe(
      'authentication_required',
    );
    for (const cookie of [free, moderator]) {
      const list = await team(cookie);
      expect([list.status, list.body.error.code]).toEqual([403, 'forbidden']);
      const known = await setRole(cookie, { member: freeId, role: 'moderator' });
      const unknown = await setRole(cookie, { email: 'nobody-at-all@example.test', role: 'moderator' });
      expect([known.status, known.body.error.code]).toEqual([403, 'forbidden']);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    }
    expect(await roleOf(freeId)).toBe('member');
  });

  it('When the admin grants the role by address, then the member moderates at once and the grant is audited; when he withdraws it by id, then the member’s next request is refused', async () => {
    const member = await ordinaryMember(0);
    expect((await queue(member.cookie)).status).toBe(403);
    const granted = await setRole(admin, { email: member.email.toUpperCase(), role: 'moderator' });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ member: { id: member.id }, role: 'moderator', changed: true });
    // His session, as it was: the role is read on every request.
    expect((await queue(member.cookie)).status).toBe(200);
    expect(await audit(member.id)).toEqual([{ changed_by: adminId, via: 'console', from_role: 'member', to_role: 'moderator' }]);
    const listed = await team(admin);
    const entry = (listed.body.moderators as { id: number; granted_by: { id: number } | null; granted_at: string }[]).find(
      (m) => m.id === member.id,
    );
    expect(entry?.granted_by?.id).toBe(adminId);
    expect(listed.body.changes[0]).toMatchObject({
      member: { id: member.id },
      changed_by: { id: adminId },
      from: 'member',
      to: 'moderator',
    });

    // Granting again changes and audits nothing.
    const again = await setRole(admin, { member: member.id, role: 'moderator' });
    expect(again.body.changed).toBe(false);
    expect(await audit(member.id)).toHaveLength(1);

    const withdrawn = await setRole(admin, { member: member.id, role: 'member' });
    expect(withdrawn.body).toMatchObject({ role: 'member', changed: true });
    const refused = await queue(member.cookie);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'forbidden']);
    const decided = await request(ctx.app).get('/api/report-queue.php').set('cookie', member.cookie);
    expect(decided.status).toBe(403);
    const user = await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', member.cookie);
    expect(user.body.user.role).toBe('member');
    expect((await audit(member.id)).map((c) => [c.from_role, c.to_role])).toEqual([
      ['member', 'moderator'],
      ['moderator', 'member'],
    ]);
    expect(((await team(admin)).body.moderators as { id: number }[]).some((m) => m.id === member.id)).toBe(false);
  });

  it('When the admin names an unknown member, both or neither of id and address, himself or another admin, then 404, 422 or 403 admin_role_fixed in his language and nothing changes', async () => {
    const unknownAddress = await setRole(admin, { email: 'nobody-at-all@example.test', role: 'moderator' });
    expect([unknownAddress.status, unknownAddress.body.error.code]).toEqual([404, 'not_found']);
    expect((await setRole(admin, { member: 2_000_000_000, role: 'moderator' })).status).toBe(404);
    const both = await setRole(admin, { member: freeId, email: DEMO_LOGINS.free, role: 'moderator' });
    expect([both.status, both.body.error.code, both.body.error.params]).toEqual([422, 'invalid_value', { field: 'member' }]);
    expect((await setRole(admin, { role: 'moderator' })).status).toBe(422);
    expect((await setRole(admin, { email: '   ', role: 'moderator' })).status).toBe(422);

    const himself = await setRole(admin, { member: adminId, role: 'member' }).set('accept-language', 'de');
    expect([himself.status, himself.body.error.code]).toEqual([403, 'admin_role_fixed']);
    expect(himself.body.error.message).toContain('Betreiber');
    // The operator makes another admin (scripts/site-admin.ts); the console cannot withdraw it.
    const other = await ordinaryMember(1);
    expect(await setRoleByOperator(ctx.db, { host: null, email: other.email, role: 'admin' })).toEqual({
      memberId: other.id,
      from: 'member',
      to: 'admin',
    });
    expect(await audit(other.id)).toEqual([{ changed_by: null, via: 'operator', from_role: 'member', to_role: 'admin' }]);
    const another = await setRole(admin, { email: other.email, role: 'member' });
    expect([another.status, another.body.error.code]).toEqual([403, 'admin_role_fixed']);
    expect(await roleOf(other.id)).toBe('admin');
    expect(await roleOf(adminId)).toBe('admin');
    expect(await setRoleByOperator(ctx.db, { host: 'no-such-site.example', email: other.email, role: 'member' })).toBeNull();
    expect(await setRoleByOperator(ctx.db, { host: null, email: 'nobody-at-all@example.test', role: 'admin' })).toBeNull();
  });
});
