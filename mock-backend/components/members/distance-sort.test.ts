import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { snap } from '../privacy/index';
import { sql } from '../../lib/db';

const BAND_ORDER = ['lt5', '5to10', '10to25', '25to50', '50to100', 'gt100', null];
type Summary = { id: number; distance: string | null };

let ctx: TestContext;
let premium: string;
let free: string;

/** Places a member at a snapped position with a given last activity. */
async function place(id: number, lat: number, lon: number, minutesAgo: number) {
  const at = snap(lat, lon);
  await ctx.db.query(
    sql`UPDATE profiles SET lat = ${at.lat}, lon = ${at.lon}, last_active_at = now() - make_interval(mins => ${minutesAgo}) WHERE user_id = ${id}`,
  );
}

async function allPages(cookie: string, sort: string): Promise<Summary[]> {
  const seen: Summary[] = [];
  let cursor: string | null = null;
  do {
    const res = await request(ctx.app)
      .get('/api/members.php')
      .query({ sort, limit: 7, ...(cursor ? { cursor } : {}) })
      .set('cookie', cookie);
    expect(res.status).toBe(200);
    seen.push(...(res.body.profiles as Summary[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
  await request(ctx.app).put('/api/location.php').set('cookie', premium).send({ lat: 52.37, lon: 4.89 }); // Amsterdam
  const rows = await ctx.db.query<{ user_id: number }>(
    sql`SELECT user_id FROM profiles p JOIN users u ON u.id = p.user_id
     WHERE u.email NOT IN (${DEMO_LOGINS.premium}, ${DEMO_LOGINS.free}) ORDER BY user_id`,
  );
  // Spread members over the bands, each band with several members of varied activity.
  const spots: Array<[number, number]> = [
    [52.38, 4.9], // < 5 km
    [52.37, 5.01], // 5–10 km
    [52.16, 4.49], // Leiden, 25–50 km... (varied)
    [52.09, 5.12], // Utrecht, 25–50 km
    [51.92, 4.48], // Rotterdam, 50–100 km
    [50.85, 4.35], // Brussels, > 100 km
  ];
  for (const [i, row] of rows.entries()) {
    const [lat, lon] = spots[i % spots.length]!;
    await place(row.user_id, lat, lon, (i * 37) % 300);
  }
});
afterAll(() => ctx?.close());

describe('members sorted by distance', () => {
  it('When a member with a location sorts by distance, then bands come nearest first, activity within a band, and paging neither skips nor repeats', async () => {
    const byDistance = await allPages(premium, 'distance');
    const byActivity = await allPages(premium, 'last_active');
    expect(new Set(byDistance.map((p) => p.id)).size).toBe(byDistance.length);
    expect([...byDistance.map((p) => p.id)].sort()).toEqual([...byActivity.map((p) => p.id)].sort());
    const ranks = byDistance.map((p) => BAND_ORDER.indexOf(p.distance));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Within a band the order is the activity order, not the exact distance.
    for (const band of BAND_ORDER) {
      const inBand = byDistance.filter((p) => p.distance === band).map((p) => p.id);
      expect(inBand).toEqual(byActivity.filter((p) => p.distance === band).map((p) => p.id));
    }
  });

  it('When two members share a band, then the closer but less active one does not come first (the order tells no more than the band)', async () => {
    const rows = await ctx.db.query<{ user_id: number }>(
      sql`SELECT user_id FROM profiles WHERE lat = ${snap(52.38, 4.9).lat} AND lon = ${snap(52.38, 4.9).lon} ORDER BY user_id LIMIT 1`,
    );
    const closer = rows[0]!.user_id;
    await place(closer, 52.37, 4.89, 5000); // same cell as the viewer, least active of all
    const page = await allPages(premium, 'distance');
    const lt5 = page.filter((p) => p.distance === 'lt5').map((p) => p.id);
    expect(lt5.at(-1)).toBe(closer);
  });

  it('When the member has not shared a location, then sorting by distance is the activity order', async () => {
    expect((await request(ctx.app).delete('/api/location.php').set('cookie', free)).status).toBe(200);
    expect((await allPages(free, 'distance')).map((p) => p.id)).toEqual((await allPages(free, 'last_active')).map((p) => p.id));
  });

  it('When a cursor of one order is used with the other, then 400 instead of a wrong page', async () => {
    const first = await request(ctx.app).get('/api/members.php').query({ sort: 'last_active', limit: 3 }).set('cookie', premium);
    const mixed = await request(ctx.app)
      .get('/api/members.php')
      .query({ sort: 'distance', limit: 3, cursor: first.body.next_cursor as string })
      .set('cookie', premium);
    expect(mixed.status).toBe(400);
  });
});
