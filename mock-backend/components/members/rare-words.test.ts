import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';
import { findLocation, snap } from '../privacy/index';
import { listMembers, type MemberCursor, type MemberFilters } from './repository';

let ctx: TestContext;
let siteId: number;
let viewerId: number;
let near: { lat: number; lon: number };

const LOOKING_FOR = [['right_now'], ['chat'], [], ['dates', 'right_now'], ['friends']];
const TRIBES = [['leather'], ['sober', 'bear'], [], ['otter'], ['leather', 'sober'], ['bear']];
/** From the viewer in Amsterdam (52.37, 4.89): the same cell, a few km, ~15 km, ~35 km, ~70 km, Brussels, none. */
const PLACES: Array<{ lat: number; lon: number } | null> = [
  { lat: 52.37, lon: 4.89 },
  { lat: 52.44, lon: 4.89 },
  { lat: 52.5, lon: 4.95 },
  { lat: 52.67, lon: 4.89 },
  { lat: 52.97, lon: 4.89 },
  { lat: 50.85, lon: 4.35 },
  null,
];

type Filters = Partial<MemberFilters>;
/** The filters a search by distance leaves empty. */
const NONE = { country: null, gender: null, regionId: null, minAge: null, maxAge: null };

/** Every page of a search by distance (pages of `limit`), the rare words' way or band by band, row by row as read. */
async function allPages(filters: Filters, rare: boolean, limit = 3): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  let after: MemberCursor | null = null;
  for (;;) {
    const rows = await listMembers(ctx.db, {
      siteId,
      viewerId,
      ...NONE,
      ...filters,
      limit,
      after,
      near,
      rare,
    });
    pages.push(rows);
    // A cursor that does not move on would page for ever.
    expect(pages.length).toBeLessThan(40);
    const last = rows.at(-1);
    if (rows.length < limit || !last) return pages;
    after = { ts: last.cursor_ts, id: last.id, band: last.band_rank as number };
  }
}

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  await request(ctx.app).put('/api/location.php').set('cookie', premium).send({ lat: 52.37, lon: 4.89 });
  const [viewer] = await ctx.db.query<{ id: number; site_id: number }>(
    sql`SELECT id, site_id FROM users WHERE email = ${DEMO_LOGINS.premium}`,
  );
  viewerId = viewer!.id;
  siteId = viewer!.site_id;
  const at = await findLocation(ctx.db, viewerId);
  near = { lat: at!.lat!, lon: at!.lon! };
  const rows = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE site_id = ${siteId} AND id <> ${viewerId} ORDER BY id`);
  const [clock] = await ctx.db.query<{ now: string }>(sql`SELECT now()::text AS now`);
  for (const [i, { id }] of rows.entries()) {
    // Members in pairs alike in all but their id, active at the very same moment: the order within a band then rests
    // on the id too.
    const k = Math.floor(i / 2);
    const place = PLACES[k % PLACES.length]!;
    const cell = place ? snap(place.lat, place.lon) : null;
    await ctx.db.query(
      sql`UPDATE users SET last_active_at = ${clock!.now}::timestamptz - make_interval(secs => ${60 + k * 97}) WHERE id = ${id}`,
    );
    await ctx.db.query(
      sql`UPDATE profiles SET looking_for = ${LOOKING_FOR[k % LOOKING_FOR.length]!}::text[], tribes = ${TRIBES[k % TRIBES.length]!}::text[],
                              lat = ${cell?.lat ?? null}, lon = ${cell?.lon ?? null}
          WHERE user_id = ${id}`,
    );
  }
});
afterAll(() => ctx?.close());

describe('a page by distance for rare words', () => {
  const searches: Array<[string, Filters]> = [
    ['leather or sober, looking for right now', { tribes: ['leather', 'sober'], lookingFor: ['right_now'] }],
    ['a tribe alone', { tribes: ['bear'] }],
    ['what he looks for, nearby only', { lookingFor: ['chat', 'dates'], nearby: { lat: 52.37, lon: 4.89 } }],
    ['right now within 25 km', { rightNow: true, nearby: { lat: 52.37, lon: 4.89 }, maxBand: 2 }],
    ['a tribe, for a visitor', { tribes: ['leather', 'otter'], viewerId: null }],
    ['words nobody has', { tribes: ['wolf'] }],
  ];

  it.each(searches)(
    'When the search is "%s", then the page read in one statement is the page read band by band, on every page',
    async (_name, filters) => {
      for (const limit of [3, 25]) {
        const byBand = await allPages(filters, false, limit);
        expect(await allPages(filters, true, limit)).toEqual(byBand);
      }
    },
  );

  it('When the words are rare, then the search takes the one statement, with the same page', async () => {
    const filters: Filters = { tribes: ['leather', 'sober'], lookingFor: ['right_now'] };
    const byBand = await allPages(filters, false);
    // Every band, gt100 and members without a position among the searches' matches (so the ranks are a real test), and
    // members active at the same moment, whom the id orders.
    const ranks = new Set<number>();
    for (const [, search] of searches)
      for (const row of (await allPages(search, false)).flat()) ranks.add((row as { band_rank: number }).band_rank);
    expect([...ranks].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const read = byBand.flat() as Array<{ band_rank: number; cursor_ts: string }>;
    expect(read.some((r, i) => i > 0 && r.cursor_ts === read[i - 1]!.cursor_ts)).toBe(true);
    const seen: string[] = [];
    const spy = { ...ctx.db, query: (q: { text: string }) => (seen.push(q.text), ctx.db.query(q as never)) } as typeof ctx.db;
    const rows = await listMembers(spy, {
      siteId,
      viewerId,
      ...NONE,
      ...filters,
      limit: 3,
      after: null,
      near,
    });
    expect(rows).toEqual(byBand[0]);
    // The planner's estimate, then the page in one statement (not one per band).
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^EXPLAIN/);
    expect(seen[1]).toMatch(/CASE WHEN p\.cell = ANY/);
  });
});
