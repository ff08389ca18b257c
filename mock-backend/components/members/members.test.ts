import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ members: 40 });
  cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

interface Summary {
  id: number;
}

describe('members', () => {
  it('When a member pages through the list, then every member appears once, newest active first', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let total = 0;
    for (let page = 0; page < 20; page++) {
      const res: request.Response = await request(ctx.app)
        .get('/api/members.php')
        .query({ limit: 7, ...(cursor ? { cursor } : {}) })
        .set('cookie', cookie);
      expect(res.status).toBe(200);
      total = res.body.total;
      seen.push(...(res.body.profiles as Summary[]).map((p) => p.id));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    const expected = await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id JOIN sites s ON s.id = u.site_id
       WHERE s.is_default AND u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email <> ${DEMO_LOGINS.free}
       ORDER BY u.last_active_at DESC, u.id DESC`,
    );
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('When members have the same last activity, then paging still splits them without duplicates', async () => {
    await ctx.db.query(
      sql`UPDATE users SET last_active_at = '2025-01-01T00:00:00Z' WHERE id IN (SELECT id FROM users ORDER BY id LIMIT 10)`,
    );
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await request(ctx.app)
        .get('/api/members.php')
        .query({ limit: 3, ...(cursor ? { cursor } : {}) });
      ids.push(...(res.body.profiles as Summary[]).map((p) => p.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('When a member filters by country, then only that country is listed', async () => {
    const res = await request(ctx.app).get('/api/members.php').query({ country: 'nl' }).set('cookie', cookie);
    expect(res.status).toBe(200);
    for (const p of res.body.profiles) expect(p.country).toBe('NL');
  });

  it('When the viewer lists members, then the viewer, invisible and disabled members are left out', async () => {
    const [hidden] = await ctx.db.query<{ user_id: number }>(
      sql`UPDATE profiles SET invisible = true WHERE user_id = (SELECT min(id) FROM users WHERE email LIKE 'member%') RETURNING user_id`,
    );
    const res = await request(ctx.app).get('/api/members.php').query({ limit: 60 }).set('cookie', cookie);
    const ids = (res.body.profiles as Summary[]).map((p) => p.id);
    const [me] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.free}`);
    expect(ids).not.toContain(me?.id);
    expect(ids).not.toContain(hidden?.user_id);
  });

  it("When a member lists or opens members, then each carries whether he liked them, and nothing of other members' likes", async () => {
    const [me] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_LOGINS.free}`);
    const first = await request(ctx.app).get('/api/members.php').query({ limit: 60 }).set('cookie', cookie);
    const [a, b, c] = (first.body.profiles as Summary[]).map((p) => p.id);
    // The viewer likes a; b likes a (someone else's like); c likes the viewer (new).
    const ids = [me!.id, a, b, c];
    await ctx.db.query(sql`DELETE FROM likes WHERE liker_id = ANY(${ids}::int[]) OR liked_id = ANY(${ids}::int[])`);
    await ctx.db.query(
      sql`INSERT INTO likes (liker_id, liked_id, is_new) VALUES (${me!.id}, ${a}, false), (${b}, ${a}, true), (${c}, ${me!.id}, true)`,
    );
    const res = await request(ctx.app).get('/api/members.php').query({ limit: 60 }).set('cookie', cookie);
    const liked = new Map((res.body.profiles as Array<Summary & { liked?: boolean }>).map((p) => [p.id, p.liked]));
    expect(liked.get(a!)).toBe(true);
    expect(liked.get(b!)).toBe(false);
    expect(liked.get(c!)).toBe(false);
    expect([...liked.values()].filter((v) => v === true)).toHaveLength(1);
    // A visitor's list carries no like state at all.
    const visitor = await request(ctx.app).get('/api/members.php').query({ limit: 60 });
    for (const p of visitor.body.profiles as Array<Record<string, unknown>>) expect(p).not.toHaveProperty('liked');

    const profileA = (await request(ctx.app).get('/api/profile.php').query({ id: a }).set('cookie', cookie)).body.profile;
    expect(profileA).toMatchObject({ liked: true, likes_me: false, like_new: false });
    const profileC = (await request(ctx.app).get('/api/profile.php').query({ id: c }).set('cookie', cookie)).body.profile;
    expect(profileC).toMatchObject({ liked: false, likes_me: true, like_new: true });
    // Opening c's profile cleared the new flag: the next answer says so.
    expect((await request(ctx.app).get('/api/profile.php').query({ id: c }).set('cookie', cookie)).body.profile.like_new).toBe(false);
    const anonymous = (await request(ctx.app).get('/api/profile.php').query({ id: a })).body.profile;
    expect(anonymous).not.toHaveProperty('liked');
    expect(anonymous).not.toHaveProperty('likes_me');
    const own = (await request(ctx.app).get('/api/profile.php').query({ id: me!.id }).set('cookie', cookie)).body.profile;
    expect(own).not.toHaveProperty('liked');
  });

  it('When a site forbids logged-out search, then a visitor gets 403 authentication_required', async () => {
    const res = await request(ctx.app).get('/api/members.php').set('x-forwarded-host', 'nl.localhost');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
  });

  it('When a bad cursor is sent, then 400 bad_request', async () => {
    const res = await request(ctx.app).get('/api/members.php').query({ cursor: 'not-a-cursor' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('When a profile is opened, then the detail comes with images, interests and attributes', async () => {
    const list = await request(ctx.app).get('/api/members.php').set('cookie', cookie);
    const id = (list.body.profiles as Summary[])[0]?.id;
    const res = await request(ctx.app).get('/api/profile.php').query({ id }).set('cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id, attributes: { gender: 'male' } });
    expect(res.body.profile.interests.length).toBeGreaterThanOrEqual(3);
  });

  it('When the profile does not exist or is deleted, then 404 not_found', async () => {
    expect((await request(ctx.app).get('/api/profile.php').query({ id: 999999 })).body.error.code).toBe('not_found');
    const [victim] = await ctx.db.query<{ id: number }>(
      sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = (SELECT max(id) FROM users WHERE email LIKE 'member%') RETURNING id`,
    );
    const res = await request(ctx.app).get('/api/profile.php').query({ id: victim?.id });
    expect(res.status).toBe(404);
  });
});
