import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepsOwnStatistics, refreshStatistics, refreshStatisticsAtStart } from '../../lib/statistics';
import { createTestContext, type TestContext } from '../../test/context';
import { countWithoutBitmap, countMembers, wordsEstimate } from './repository';
import { COUNT_CAP } from './service';
import { sql } from '../../lib/db';

let ctx: TestContext;
let siteId: number;
beforeAll(async () => {
  ctx = await createTestContext({ members: 20 });
  const [site] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM sites WHERE is_default`);
  siteId = site?.id as number;
});
afterAll(() => ctx?.close());

const filters = (over: Partial<Parameters<typeof countMembers>[1]> = {}) => ({
  siteId,
  viewerId: null,
  country: null,
  gender: null,
  regionId: null,
  minAge: null,
  maxAge: null,
  ...over,
});

async function exactCount(): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM profiles p JOIN users u ON u.id = p.user_id
     WHERE p.site_id = ${siteId} AND p.status = 'active' AND NOT p.invisible AND u.status = 'active' AND u.deleted_at IS NULL`,
  );
  return row?.n ?? 0;
}

describe('the capped member count', () => {
  it('When fewer members match than the cap, then the count is exact and not capped', async () => {
    const exact = await exactCount();
    expect(exact).toBeGreaterThan(5);
    expect(await countMembers(ctx.db, filters(), 1000)).toEqual({ total: exact, capped: false });
    expect(await countMembers(ctx.db, filters(), exact)).toEqual({ total: exact, capped: false });
  });

  it('When more members match than the cap, then the count stops at the cap and says so', async () => {
    expect(await countMembers(ctx.db, filters(), 5)).toEqual({ total: 5, capped: true });
    const exact = await exactCount();
    expect(await countMembers(ctx.db, filters(), exact - 1)).toEqual({ total: exact - 1, capped: true });
  });

  it('When an account is deleted or restored, then the search and its count follow at once (profiles.listed kept by triggers)', async () => {
    const before = await countMembers(ctx.db, filters(), 1000);
    const [victim] = await ctx.db.query<{ user_id: number }>(
      sql`SELECT user_id FROM profiles WHERE site_id = ${siteId} AND listed AND status = 'active' AND NOT invisible ORDER BY user_id DESC LIMIT 1`,
    );
    const id = victim?.user_id as number;
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = ${id}`);
    expect(await countMembers(ctx.db, filters(), 1000)).toEqual({ total: before.total - 1, capped: false });
    const listed = await request(ctx.app).get('/api/members.php').query({ limit: 50 });
    expect((listed.body.profiles as Array<{ id: number }>).map((p) => p.id)).not.toContain(id);
    await ctx.db.query(sql`UPDATE users SET status = 'active', deleted_at = NULL WHERE id = ${id}`);
    expect(await countMembers(ctx.db, filters(), 1000)).toEqual(before);
  });

  it('When a search finds more than 1,000 members, then members.php answers 1,000 with total_capped and still pages', async () => {
    const before = await request(ctx.app).get('/api/members.php').query({ limit: 5 });
    expect(before.status).toBe(200);
    expect(before.body.total_capped).toBeUndefined();
    await ctx.db.exec(`
      INSERT INTO users (site_id, email, password_hash, status, last_active_at, signup_date)
      SELECT s.id, 'count' || g || '@count.test', 'x', 'active', now() - g * interval '1 minute', now() - interval '10 days'
      FROM generate_series(1, ${COUNT_CAP + 10}) g, (SELECT id FROM sites WHERE is_default) s;
      INSERT INTO profiles (user_id, name, country, gender, status)
      SELECT u.id, 'Count ' || u.id, 'NL', 'male', 'active' FROM users u WHERE u.email LIKE 'count%@count.test';
    `);
    await refreshStatistics(ctx.db);
    const res = await request(ctx.app).get('/api/members.php').query({ limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(res.body.profiles).toHaveLength(5);
    expect(res.body.next_cursor).toEqual(expect.any(String));
    // A narrow search in the same database stays exact.
    const narrow = await request(ctx.app).get('/api/members.php').query({ limit: 5, country: 'NL', gender: 'female' });
    expect(narrow.status).toBe(200);
    expect(narrow.body.total).toBeLessThan(COUNT_CAP);
    expect(narrow.body.total_capped).toBeUndefined();
  });
});

describe("the count of a search by the profile's own words", () => {
  it("When the words match many of many members, then the count reads in the search index's order; when few, or without words, through the index of the words", () => {
    // Ten million members, 146,539 of them "leather or sober, right now": the bitmap would hold them all.
    expect(countWithoutBitmap({ matches: 146_539, withoutWords: 10_000_000 }, 1000)).toBe(true);
    // A hundred thousand, 1,500 of them: the read without the bitmap would walk some 66,000 rows for 1,001.
    expect(countWithoutBitmap({ matches: 1_500, withoutWords: 100_000 }, 1000)).toBe(false);
    // Fewer matches than the cap: the read without the bitmap would walk every member.
    expect(countWithoutBitmap({ matches: 900, withoutWords: 1_000 }, 1000)).toBe(false);
    expect(countWithoutBitmap(null, 1000)).toBe(false);
  });

  it('When words are asked, then the count is the same with or without the bitmap, exact or capped, and the estimate sees fewer with the words than without', async () => {
    await ctx.db.query(
      sql`UPDATE profiles SET tribes = CASE WHEN user_id % 3 = 0 THEN ARRAY['leather'] WHEN user_id % 3 = 1 THEN ARRAY['sober', 'bear'] ELSE '{}' END,
                              looking_for = CASE WHEN user_id % 2 = 0 THEN ARRAY['right_now'] ELSE ARRAY['chat'] END
          WHERE site_id = ${siteId}`,
    );
    await refreshStatistics(ctx.db);
    for (const words of [{ tribes: ['leather'] }, { tribes: ['leather', 'sober'], lookingFor: ['right_now'] }, { tribes: ['wolf'] }]) {
      const q = filters(words);
      const estimate = await wordsEstimate(ctx.db, q);
      expect(estimate).not.toBeNull();
      expect(estimate!.matches).toBeLessThanOrEqual(estimate!.withoutWords);
      for (const cap of [5, 1000]) {
        const without = await countMembers(ctx.db, q, cap, { withoutBitmap: true });
        expect(await countMembers(ctx.db, q, cap, { withoutBitmap: false })).toEqual(without);
        expect(await countMembers(ctx.db, q, cap)).toEqual(without);
      }
    }
    // The switch was the count's own: the connection plans with bitmaps again.
    const [setting] = await ctx.db.query<{ enable_bitmapscan: string }>(sql`SHOW enable_bitmapscan`);
    expect(setting?.enable_bitmapscan).toBe('on');
    expect(await wordsEstimate(ctx.db, filters())).toBeNull();
    const leather = await countMembers(ctx.db, filters({ tribes: ['leather'] }), 1000);
    const all = await countMembers(ctx.db, filters(), 1000);
    expect(leather.total).toBeGreaterThan(0);
    expect(leather.total).toBeLessThan(all.total);
  });
});

describe('planner statistics', () => {
  it('When the statistics are refreshed, then a database without autovacuum (the embedded one, or a server with autovacuum off) has analyzed the search tables, and a server with it was left alone', async () => {
    const ran = await refreshStatistics(ctx.db);
    expect(ran).toBe(await keepsOwnStatistics(ctx.db));
    if (!ran) return;
    const rows = await ctx.db.query<{ relname: string; analyzed: boolean }>(
      sql`SELECT relname, last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE relname IN ('profiles', 'users', 'photos')`,
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.analyzed)).toBe(true);
  });

  it('When the backend starts on a database it did not change, then it analyzes only when a table was never analyzed', async () => {
    if (!(await keepsOwnStatistics(ctx.db))) {
      expect(await refreshStatisticsAtStart(ctx.db, true)).toBe(false);
      return;
    }
    await refreshStatistics(ctx.db);
    expect(await refreshStatisticsAtStart(ctx.db, false)).toBe(false);
    await ctx.db.exec('CREATE TABLE statistics_probe (n int)');
    try {
      expect(await refreshStatisticsAtStart(ctx.db, false)).toBe(true);
      expect(await refreshStatisticsAtStart(ctx.db, false)).toBe(false);
      // A start that migrated or seeded analyzes in any case.
      expect(await refreshStatisticsAtStart(ctx.db, true)).toBe(true);
    } finally {
      await ctx.db.exec('DROP TABLE statistics_probe');
    }
  });
});
