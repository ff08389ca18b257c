import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';
import { snap } from '../privacy/index';

interface Summary {
  id: number;
  online: boolean;
  distance?: string | null;
}

/** A search's query as its pairs, so a parameter can be repeated (`tribes=bear&tribes=otter`) as a browser sends it. */
type Pairs = Array<[string, string | number]>;

let ctx: TestContext;
let premium: string;
/** What each listed member was given (by user id). */
const lookingFor = new Map<number, string[]>();
const position = new Map<number, string | null>();
const tribes = new Map<number, string[]>();
const height = new Map<number, number | null>();
const online = new Set<number>();
/** Each member's distance band as his card in the unfiltered search shows it. */
const band = new Map<number, string | null>();
/** Every member the premium member's unfiltered search lists, newest activity first. */
let everyone: number[] = [];

const LOOKING_FOR = [['chat'], ['dates', 'relationship'], [], ['friends', 'right_now'], ['right_now'], ['chat', 'dates']];
const POSITIONS = ['top', 'vers_top', 'versatile', 'vers_bottom', 'bottom', 'side', null];
const TRIBES = [['bear'], ['otter', 'cub'], [], ['jock', 'muscle', 'twink'], ['leather'], ['bear', 'daddy']];
/** Positions from the viewer in Amsterdam (52.37, 4.89): the same cell, a few km, ~15 km, ~35 km, ~70 km, Brussels, none. */
const PLACES: Array<{ lat: number; lon: number } | null> = [
  { lat: 52.37, lon: 4.89 },
  { lat: 52.44, lon: 4.89 },
  { lat: 52.5, lon: 4.95 },
  { lat: 52.67, lon: 4.89 },
  { lat: 52.97, lon: 4.89 },
  { lat: 50.85, lon: 4.35 },
  null,
  { lat: 52.4, lon: 4.9 },
];
const BANDS = ['lt5', '5to10', '10to25', '25to50', '50to100'] as const;

async function search(cookie: string, pairs: Pairs, language = 'en'): Promise<request.Response> {
  const query = new URLSearchParams(pairs.map(([k, v]) => [k, String(v)]));
  return request(ctx.app).get(`/api/members.php?${query.toString()}`).set('cookie', cookie).set('accept-language', language);
}

/** Every page of a search (small pages, so the cursor is exercised with the filters), with the first page's total. */
async function allPages(pairs: Pairs): Promise<{ profiles: Summary[]; total: number }> {
  const profiles: Summary[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const res: request.Response = await search(premium, [['limit', 3], ...pairs, ...(cursor ? ([['cursor', cursor]] as Pairs) : [])]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (total < 0) total = res.body.total as number;
    profiles.push(...(res.body.profiles as Summary[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return { profiles, total };
}

const ids = (profiles: Summary[]) => profiles.map((p) => p.id);
/** The unfiltered order, kept to the members that pass `keep`. */
const expected = (keep: (id: number) => boolean) => everyone.filter(keep);
const overlaps = (a: readonly string[] | undefined, b: readonly string[]) => (a ?? []).some((x) => b.includes(x));

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  await request(ctx.app).put('/api/location.php').set('cookie', premium).send({ lat: 52.37, lon: 4.89 });
  const rows = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN sites s ON s.id = u.site_id WHERE s.is_default AND u.email <> ${DEMO_LOGINS.premium} ORDER BY u.id`,
  );
  for (const [i, { id }] of rows.entries()) {
    const secondsAgo = i % 2 === 0 ? 60 + i * 15 : 7200 + i * 60;
    await ctx.db.query(sql`UPDATE users SET last_active_at = now() - make_interval(secs => ${secondsAgo}) WHERE id = ${id}`);
    if (i % 2 === 0) online.add(id);
    const words = {
      looking: LOOKING_FOR[i % LOOKING_FOR.length]!,
      position: POSITIONS[i % POSITIONS.length]!,
      tribes: TRIBES[i % TRIBES.length]!,
      height: i % 4 === 0 ? null : 160 + i * 2,
    };
    const place = PLACES[i % PLACES.length]!;
    const at = place ? snap(place.lat, place.lon) : null;
    await ctx.db.query(
      sql`UPDATE profiles SET looking_for = ${words.looking}::text[], position = ${words.position}, tribes = ${words.tribes}::text[],
                              height_cm = ${words.height}, lat = ${at?.lat ?? null}, lon = ${at?.lon ?? null}
          WHERE user_id = ${id}`,
    );
    lookingFor.set(id, words.looking);
    position.set(id, words.position);
    tribes.set(id, words.tribes);
    height.set(id, words.height);
  }
  const all = (await allPages([])).profiles;
  everyone = ids(all);
  for (const p of all) band.set(p.id, p.distance ?? null);
});
afterAll(() => ctx?.close());

describe('the search by what members say of themselves', () => {
  it('When a member asks for what others look for, then members looking for any of them come, in activity order, on every page', async () => {
    const one = await allPages([['looking_for', 'relationship']]);
    expect(ids(one.profiles)).toEqual(expected((id) => overlaps(lookingFor.get(id), ['relationship'])));
    expect(one.total).toBe(one.profiles.length);
    expect(one.profiles.length).toBeGreaterThan(2);
    const two = await allPages([
      ['looking_for', 'relationship'],
      ['looking_for', 'chat'],
    ]);
    expect(ids(two.profiles)).toEqual(expected((id) => overlaps(lookingFor.get(id), ['relationship', 'chat'])));
    expect(two.profiles.length).toBeGreaterThan(one.profiles.length);
  });

  it('When he asks for positions, then members with any of them come; members who have not said are left out', async () => {
    const { profiles, total } = await allPages([
      ['position', 'top'],
      ['position', 'vers_top'],
    ]);
    expect(ids(profiles)).toEqual(expected((id) => ['top', 'vers_top'].includes(position.get(id) ?? '')));
    expect(total).toBe(profiles.length);
    expect(profiles.length).toBeGreaterThan(2);
  });

  it('When he asks for tribes, then members in any of them come', async () => {
    const { profiles } = await allPages([
      ['tribes', 'bear'],
      ['tribes', 'leather'],
    ]);
    expect(ids(profiles)).toEqual(expected((id) => overlaps(tribes.get(id), ['bear', 'leather'])));
    expect(profiles.length).toBeGreaterThan(3);
  });

  it('When he asks for a height range, then members within it come, and members without a height do not', async () => {
    const { profiles } = await allPages([
      ['min_height', 170],
      ['max_height', 200],
    ]);
    const inRange = (id: number) => (height.get(id) ?? 0) >= 170 && (height.get(id) ?? 999) <= 200;
    expect(ids(profiles)).toEqual(expected(inRange));
    expect(profiles.length).toBeGreaterThan(3);
    expect(ids((await allPages([['min_height', 200]])).profiles)).toEqual(expected((id) => (height.get(id) ?? 0) >= 200));
  });

  it('When he asks for "right now", then only members online now who look for a meeting today come', async () => {
    const { profiles } = await allPages([['right_now', 'true']]);
    expect(ids(profiles)).toEqual(expected((id) => online.has(id) && overlaps(lookingFor.get(id), ['right_now'])));
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.every((p) => p.online)).toBe(true);
    // Looking for right now but offline: not listed.
    expect(everyone.some((id) => !online.has(id) && overlaps(lookingFor.get(id), ['right_now']))).toBe(true);
    expect(ids((await allPages([['right_now', 'false']])).profiles)).toEqual(everyone);
  });

  it('When the filters are combined, with each other, the quick filters and the distance order, then every page keeps them all', async () => {
    const keep = (id: number) =>
      overlaps(tribes.get(id), ['bear', 'otter', 'leather', 'jock']) &&
      overlaps(lookingFor.get(id), ['chat', 'dates', 'right_now', 'friends']) &&
      (height.get(id) ?? 0) >= 165;
    const pairs: Pairs = [
      ['tribes', 'bear'],
      ['tribes', 'otter'],
      ['tribes', 'leather'],
      ['tribes', 'jock'],
      ['looking_for', 'chat'],
      ['looking_for', 'dates'],
      ['looking_for', 'right_now'],
      ['looking_for', 'friends'],
      ['min_height', 165],
    ];
    const combined = await allPages(pairs);
    expect(ids(combined.profiles)).toEqual(expected(keep));
    expect(combined.profiles.length).toBeGreaterThan(3);
    expect(combined.total).toBe(combined.profiles.length);

    const withOnline = await allPages([...pairs, ['online', 'true'], ['max_distance', '50to100']]);
    const rank = (id: number) => BANDS.indexOf(band.get(id) as (typeof BANDS)[number]);
    expect(ids(withOnline.profiles)).toEqual(expected((id) => keep(id) && online.has(id) && rank(id) >= 0));

    const byDistance = await allPages([...pairs, ['sort', 'distance']]);
    const got = ids(byDistance.profiles);
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual(expected(keep).sort());
    const ranks = byDistance.profiles.map((p) => (p.distance ? BANDS.indexOf(p.distance as (typeof BANDS)[number]) : 9));
    expect(ranks.map((r) => (r < 0 ? 5 : r))).toEqual([...ranks.map((r) => (r < 0 ? 5 : r))].sort((a, b) => a - b));
  });

  it('When he asks for a distance band, then members at that band or nearer come — exactly the cards whose band says so', async () => {
    // Every band is among the members (so each answer below is a real test of its band).
    for (const b of [...BANDS, 'gt100', null]) expect([...band.values()]).toContain(b);
    for (const [rank, maxDistance] of BANDS.entries()) {
      const { profiles, total } = await allPages([['max_distance', maxDistance]]);
      expect(ids(profiles)).toEqual(
        expected((id) => BANDS.indexOf(band.get(id) as (typeof BANDS)[number]) <= rank && band.get(id) != null && band.get(id) !== 'gt100'),
      );
      expect(total).toBe(profiles.length);
      // Nearest first with the band: the same members, by band.
      const near = await allPages([
        ['max_distance', maxDistance],
        ['sort', 'distance'],
      ]);
      expect([...ids(near.profiles)].sort()).toEqual([...ids(profiles)].sort());
    }
    // With "nearby" (up to 25–50 km) as well: the nearer of the two.
    const both = await allPages([
      ['max_distance', '50to100'],
      ['nearby', 'true'],
    ]);
    expect(ids(both.profiles)).toEqual(ids((await allPages([['max_distance', '25to50']])).profiles));
  });

  it('When members are in one band at different distances, then no max_distance tells them apart: the answer says no more than the bands', async () => {
    // Whether a member is listed depends on his card's band alone: members of one band are all in or all out, for
    // every band asked, whatever their positions within it (and the positions are grid cells, never finer).
    const members = [...band.keys()];
    const answers = await Promise.all(BANDS.map(async (b) => new Set(ids((await allPages([['max_distance', b]])).profiles))));
    for (const answer of answers) {
      for (const a of members) for (const b of members) if (band.get(a) === band.get(b)) expect(answer.has(a)).toBe(answer.has(b));
    }
    // Moving within his cell changes nothing: a member's stored position is his cell's centre.
    const [moved] = members.filter((id) => band.get(id) === '5to10');
    expect(moved).toBeDefined();
    const [before] = await ctx.db.query<{ lat: number; lon: number }>(sql`SELECT lat, lon FROM profiles WHERE user_id = ${moved!}`);
    const nudged = snap(before!.lat + 0.01, before!.lon + 0.01);
    expect(nudged).toEqual(snap(before!.lat, before!.lon));
  });

  it('When a value is not one the contract lists, then 400 bad_request in the member’s language, never a 500', async () => {
    const bad: Pairs[] = [
      [['looking_for', 'sex']],
      [['position', 'middle']],
      [['tribes', 'bear,otter']],
      [
        ['tribes', 'bear'],
        ['tribes', 'bear'],
      ],
      [['min_height', 100]],
      [['max_height', 231]],
      [['min_height', 'tall']],
      [
        ['min_height', 190],
        ['max_height', 170],
      ],
      [['max_distance', 'gt100']],
      [['max_distance', '3']],
      [['right_now', 'maybe']],
      // Sexual health is never a filter: such a parameter is unknown to the contract.
      [['hiv_status', 'negative']],
      [['prep', 'true']],
      [['safer_sex', 'always']],
    ];
    for (const pairs of bad) {
      const res = await search(premium, pairs, 'de');
      expect(res.status, JSON.stringify(pairs)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toBe('Die Anfrage ist ungültig.');
    }
  });

  it('When one value is sent for a list, then it is a list of one (the form of a browser with one box ticked)', async () => {
    const res = await search(premium, [['tribes', 'leather']]);
    expect(res.status).toBe(200);
    const got = ids(res.body.profiles as Summary[]);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((id) => tribes.get(id)?.includes('leather'))).toBe(true);
  });

  // Last: logging the free member in makes him the most recently active member.
  it('When a member without a shared location, or a visitor, asks for a distance band, then 400 location_required in his language', async () => {
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    expect((await request(ctx.app).delete('/api/location.php').set('cookie', free)).status).toBe(200);
    for (const cookie of [free, '']) {
      const res = await search(cookie, [['max_distance', 'lt5']], 'nl');
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'location_required',
        message: 'Deel je locatie op je profiel om leden in de buurt te zien.',
        params: { field: 'max_distance' },
      });
    }
  });
});
