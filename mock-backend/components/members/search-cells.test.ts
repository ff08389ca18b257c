import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { migrate } from '../../lib/migrate';
import { createTestContext, type TestContext } from '../../test/context';
import { snap } from '../privacy/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 6 });
});
afterAll(() => ctx?.close());

describe('grid cells of the search (037_search_at_scale.sql)', () => {
  it('When a database from before the cells holds exact positions and is migrated, then each becomes its cell centre and gets its cell', async () => {
    // The database as it was before 037: no cell column (dropping it drops the indexes that hold it), its indexes as
    // 033 left them, positions as the bulk import wrote them.
    await ctx.db.exec(`ALTER TABLE profiles DROP COLUMN cell;
      CREATE INDEX profiles_search_place ON profiles (site_id, lat, lon) WHERE status = 'active' AND NOT invisible AND listed AND lat IS NOT NULL;
      CREATE INDEX profiles_search_new ON profiles (site_id, signup_date) WHERE status = 'active' AND NOT invisible AND listed;
      DELETE FROM schema_migrations WHERE version = '037_search_at_scale.sql';`);
    const exact = [
      { lat: 52.3712, lon: 4.8952 },
      { lat: -33.8688, lon: 151.2093 },
      { lat: 64.1466, lon: -21.9426 },
      { lat: 0.0001, lon: 179.999 },
    ];
    const ids = (await ctx.db.query<{ user_id: number }>(sql`SELECT user_id FROM profiles ORDER BY user_id LIMIT ${exact.length}`)).map(
      (r) => r.user_id,
    );
    for (const [i, at] of exact.entries())
      await ctx.db.query(sql`UPDATE profiles SET lat = ${at.lat}, lon = ${at.lon} WHERE user_id = ${ids[i]}`);

    expect((await migrate(ctx.db)).applied).toEqual(['037_search_at_scale.sql']);

    const rows = await ctx.db.query<{ user_id: number; lat: number; lon: number; cell: number }>(
      sql`SELECT user_id, lat, lon, cell FROM profiles WHERE user_id = ANY(${ids}::int[]) ORDER BY user_id`,
    );
    expect(rows.map(({ lat, lon }) => ({ lat, lon }))).toEqual(exact.map((at) => snap(at.lat, at.lon)));
    expect(rows.map((r) => r.cell)).toEqual(exact.map((at) => Math.floor(at.lat / 0.05) * 7200 + Math.floor(at.lon / 0.05)));
  });

  it('When a position changes or is removed, then its cell follows (the database computes it)', async () => {
    const [row] = await ctx.db.query<{ user_id: number }>(sql`SELECT user_id FROM profiles ORDER BY user_id DESC LIMIT 1`);
    const at = snap(48.8566, 2.3522);
    await ctx.db.query(sql`UPDATE profiles SET lat = ${at.lat}, lon = ${at.lon} WHERE user_id = ${row!.user_id}`);
    const [moved] = await ctx.db.query<{ cell: number }>(sql`SELECT cell FROM profiles WHERE user_id = ${row!.user_id}`);
    expect(moved!.cell).toBe(Math.floor(at.lat / 0.05) * 7200 + Math.floor(at.lon / 0.05));
    await ctx.db.query(sql`UPDATE profiles SET lat = NULL, lon = NULL WHERE user_id = ${row!.user_id}`);
    const [gone] = await ctx.db.query<{ cell: number | null }>(sql`SELECT cell FROM profiles WHERE user_id = ${row!.user_id}`);
    expect(gone!.cell).toBeNull();
  });
});
