import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';
import { snap } from '../privacy/index';

interface Summary {
  id: number;
  online: boolean;
  main_image: { status: string } | null;
  distance?: string | null;
}

let ctx: TestContext;
let premium: string;
/** What each listed member was given: online now, an approved main photo, joined in the last 30 days. */
const online = new Set<number>();
const withPhoto = new Set<number>();
const isNew = new Set<number>();
const nearby = new Set<number>();
/** Every member the premium member's unfiltered search lists, newest activity first. */
let everyone: number[] = [];

/** Every page of a search (small pages, so paging is exercised), with the total of its first page. */
async function allPages(query: Record<string, string | number>): Promise<{ profiles: Summary[]; total: number }> {
  const profiles: Summary[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const res: request.Response = await request(ctx.app)
      .get('/api/members.php')
      .query({ limit: 4, ...query, ...(cursor ? { cursor } : {}) })
      .set('cookie', premium);
    expect(res.status).toBe(200);
    if (total < 0) total = res.body.total as number;
    profiles.push(...(res.body.profiles as Summary[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return { profiles, total };
}

const ids = (profiles: Summary[]) => profiles.map((p) => p.id);
/** The unfiltered order, kept to the members that pass `keep`. */
const expected = (keep: (id: number) => boolean) => everyone.filter(keep);

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  await request(ctx.app).put('/api/location.php').set('cookie', premium).send({ lat: 52.37, lon: 4.89 }); // Amsterdam
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN sites s ON s.id = u.site_id WHERE s.is_default AND u.email <> ${DEMO_LOGINS.premium} ORDER BY u.id`,
  );
  const near = snap(52.38, 4.9);
  const far = snap(50.85, 4.35); // Brussels, > 100 km
  for (const [i, { id }] of rows.entries()) {
    // Online for every other member (activity minutes ago, else hours ago), so the order still interleaves them.
    const secondsAgo = i % 2 === 0 ? 60 + i * 15 : 7200 + i * 60;
    const joinedDaysAgo = i % 3 === 0 ? 5 : 90;
    await ctx.db.query(
      sql`UPDATE users SET last_active_at = now() - make_interval(secs => ${secondsAgo}),
                           signup_date = now() - make_interval(days => ${joinedDaysAgo}) WHERE id = ${id}`,
    );
    const at = i % 4 < 2 ? near : far;
    if (at === near) nearby.add(id);
    await ctx.db.query(sql`UPDATE profiles SET lat = ${at.lat}, lon = ${at.lon} WHERE user_id = ${id}`);
    // Every fifth member has no photo, every seventh only a main photo still waiting for moderation.
    if (i % 5 === 0) await ctx.db.query(sql`DELETE FROM photos WHERE user_id = ${id}`);
    else if (i % 7 === 0) await ctx.db.query(sql`UPDATE photos SET status = 'pending' WHERE user_id = ${id} AND is_main`);
    if (i % 2 === 0) online.add(id);
    if (joinedDaysAgo < 30) isNew.add(id);
  }
  const photos = await ctx.db.query<{ user_id: number }>(sql`SELECT user_id FROM photos WHERE is_main AND status = 'approved'`);
  for (const p of photos) withPhoto.add(p.user_id);
  everyone = ids((await allPages({})).profiles);
});
afterAll(() => ctx?.close());

describe('the quick filters of the member search', () => {
  it('When a member asks for members online now, then he gets exactly those whose card shows the online dot, in the same order', async () => {
    const all = (await allPages({})).profiles;
    expect(all.filter((p) => p.online).map((p) => p.id)).toEqual(expected((id) => online.has(id)));
    const { profiles, total } = await allPages({ online: 'true' });
    expect(ids(profiles)).toEqual(expected((id) => online.has(id)));
    expect(profiles.every((p) => p.online)).toBe(true);
    expect(total).toBe(profiles.length);
    expect(profiles.length).toBeGreaterThan(4);
  });

  it('When he asks for members with a photo, then only members with an approved main photo come (not a pending one)', async () => {
    const { profiles, total } = await allPages({ with_photo: 'true' });
    expect(ids(profiles)).toEqual(expected((id) => withPhoto.has(id)));
    expect(profiles.every((p) => p.main_image?.status === 'approved')).toBe(true);
    expect(total).toBe(profiles.length);
    expect(everyone.length - profiles.length).toBeGreaterThan(2);
  });

  it('When he asks for new members, then only members who joined in the last 30 days come', async () => {
    const { profiles, total } = await allPages({ new: 'true' });
    expect(ids(profiles)).toEqual(expected((id) => isNew.has(id)));
    expect(total).toBe(profiles.length);
    expect(profiles.length).toBeGreaterThan(2);
  });

  it('When he asks for members nearby, then only members within 50 km come (their bands say so), in activity order', async () => {
    const { profiles, total } = await allPages({ nearby: 'true' });
    expect(ids(profiles)).toEqual(expected((id) => nearby.has(id)));
    expect(profiles.every((p) => ['lt5', '5to10', '10to25', '25to50'].includes(p.distance ?? ''))).toBe(true);
    expect(total).toBe(profiles.length);
    expect(everyone.length - profiles.length).toBeGreaterThan(4);
  });

  it('When false is sent, then it is no filter', async () => {
    const { profiles } = await allPages({ online: 'false', with_photo: 'false', new: 'false', nearby: 'false' });
    expect(ids(profiles)).toEqual(everyone);
  });

  it('When the quick filters are combined, with each other and the distance order, then every page keeps them and paging neither skips nor repeats', async () => {
    const all = (id: number) => online.has(id) && withPhoto.has(id) && isNew.has(id);
    const combined = await allPages({ online: 'true', with_photo: 'true', new: 'true' });
    expect(ids(combined.profiles)).toEqual(expected(all));
    expect(combined.profiles.length).toBeGreaterThan(0);
    expect(combined.total).toBe(combined.profiles.length);

    const everything = await allPages({ online: 'true', with_photo: 'true', new: 'true', nearby: 'true', gender: 'male' });
    expect(ids(everything.profiles)).toEqual(expected((id) => all(id) && nearby.has(id)));

    const byDistance = await allPages({ online: 'true', with_photo: 'true', sort: 'distance' });
    const byDistanceIds = ids(byDistance.profiles);
    expect(new Set(byDistanceIds).size).toBe(byDistanceIds.length);
    expect([...byDistanceIds].sort()).toEqual(expected((id) => online.has(id) && withPhoto.has(id)).sort());
    // Nearest band first: the members near Amsterdam before the ones in Brussels.
    const bands = byDistance.profiles.map((p) => p.distance);
    expect(bands[0]).toBe('lt5');
    expect(bands.lastIndexOf('lt5')).toBeLessThan(bands.indexOf('gt100'));
  });

  it('When a quick filter meets the other filters and few members match, then the similar members keep the quick filter', async () => {
    const res = await request(ctx.app)
      .get('/api/members.php')
      .query({ online: 'true', gender: 'male', min_age: 99, max_age: 99 })
      .set('cookie', premium);
    expect(res.status).toBe(200);
    const similar = res.body.similar as Summary[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.every((p) => online.has(p.id) && p.online)).toBe(true);
  });

  it('When a quick filter has a value that is not a boolean, then 400 bad_request in the member’s language, never a 500', async () => {
    for (const query of [{ online: 'maybe' }, { with_photo: '2' }, { new: 'yes' }, { nearby: 'near' }]) {
      const res = await request(ctx.app).get('/api/members.php').query(query).set('cookie', premium).set('accept-language', 'de');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toBe('Die Anfrage ist ungültig.');
    }
  });
  // Last: logging the free member in makes him the most recently active member.
  it('When a member without a shared location, or a visitor, asks for members nearby, then 400 location_required in his language', async () => {
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    expect((await request(ctx.app).delete('/api/location.php').set('cookie', free)).status).toBe(200);
    for (const cookie of [free, '']) {
      const res = await request(ctx.app)
        .get('/api/members.php')
        .query({ nearby: 'true' })
        .set('cookie', cookie)
        .set('accept-language', 'nl');
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'location_required',
        message: 'Deel je locatie op je profiel om leden in de buurt te zien.',
        params: { field: 'nearby' },
      });
    }
  });
});
