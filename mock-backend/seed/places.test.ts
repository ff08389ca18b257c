import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../lib/db';
import { haversineKm } from '../components/privacy/geo';
import { createTestContext, loginCookie, type TestContext } from '../test/context';
import { PLACE_RADIUS_KM, PLACES } from './places';
import { DEMO_LOGINS } from './seed';

/** Snapping moves a position to its cell's centre: at most half a cell (0.025°) each way, under 4 km. */
const SNAP_KM = 4;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ members: 150 });
});
afterAll(async () => {
  await ctx?.close();
});

describe('where the demo members live', () => {
  it('When the places are laid out, then each names a region of the regions table, and a country’s cities lie so far apart that a member put near one is nearer to it than to any other', async () => {
    const regions = await ctx.db.query<{ country: string; code: string }>(sql`SELECT country, code FROM regions`);
    const known = new Set(regions.map((r) => `${r.country}:${r.code}`));
    for (const place of PLACES) expect(known.has(`${place.country}:${place.region}`), `${place.city} (${place.region})`).toBe(true);
    for (const a of PLACES)
      for (const b of PLACES)
        if (a !== b && a.country === b.country)
          expect(haversineKm(a, b), `${a.city}–${b.city}`).toBeGreaterThan(2 * (PLACE_RADIUS_KM + SNAP_KM));
  });

  it('When the demo is seeded, then every member with a region and a position lives in his region: near its city, and nearer to it than to any other region’s city of his country', async () => {
    const members = await ctx.db.query<{ user_id: number; country: string; code: string; lat: number; lon: number }>(
      sql`SELECT p.user_id, p.country, r.code, p.lat, p.lon FROM profiles p JOIN regions r ON r.id = p.region_id
          WHERE p.lat IS NOT NULL AND p.lon IS NOT NULL`,
    );
    for (const m of members) {
      const own = PLACES.find((p) => p.country === m.country && p.region === m.code);
      expect(own, `member ${m.user_id}: ${m.country} ${m.code} is a region of the places`).toBeDefined();
      if (!own) continue;
      const at = { lat: Number(m.lat), lon: Number(m.lon) };
      expect(haversineKm(at, own), `member ${m.user_id} from ${own.city}`).toBeLessThanOrEqual(PLACE_RADIUS_KM + SNAP_KM);
      const nearest = PLACES.filter((p) => p.country === m.country).sort((a, b) => haversineKm(at, a) - haversineKm(at, b))[0];
      expect(nearest?.city, `member ${m.user_id}`).toBe(own.city);
    }
    // Every seeded member has both.
    const all = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM profiles`);
    expect(members.length).toBe(all[0]?.n);
  });

  it('When the demo member in Amsterdam lists Dutch members, then each card’s distance band agrees with its region: Noord-Holland under 25 km, Utrecht about 35 and Groningen, Drenthe, Limburg and Zeeland beyond 100 km', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const [me] = await ctx.db.query<{ code: string }>(
      sql`SELECT r.code FROM profiles p JOIN regions r ON r.id = p.region_id JOIN users u ON u.id = p.user_id WHERE u.email = ${DEMO_LOGINS.premium}`,
    );
    expect(me?.code).toBe('NH');
    // Real distances from Amsterdam, written here apart from the places table.
    const expected: Record<string, string[]> = {
      'Noord-Holland': ['lt5', '5to10', '10to25'],
      Utrecht: ['10to25', '25to50'],
      Flevoland: ['25to50', '50to100'],
      Groningen: ['gt100'],
      Friesland: ['50to100', 'gt100'],
      Drenthe: ['gt100'],
      Limburg: ['gt100'],
      Zeeland: ['gt100'],
    };
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const res = await request(ctx.app)
        .get('/api/members.php')
        .query({ country: 'NL', sort: 'distance', ...(cursor ? { cursor } : {}) })
        .set('cookie', premium);
      expect(res.status).toBe(200);
      for (const p of res.body.profiles as { region: string | null; distance?: string }[]) {
        const bands = p.region ? expected[p.region] : undefined;
        if (!bands) continue;
        seen.add(p.region as string);
        expect(bands, `${p.region}`).toContain(p.distance);
      }
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen.size).toBeGreaterThan(2);
  });
});
