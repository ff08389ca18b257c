import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { createTestContext, loginAsMember, type TestContext } from '../../test/context';
import { deleteExpiredFootprints, footprintsForExport } from './index';

let ctx: TestContext;
let siteId: number;
const used: number[] = [];

/** A visible, real member of the default site that no other test here used (each test its own members). */
async function freshMember(): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = ${siteId} AND u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND NOT p.fictional
       AND u.email LIKE '%@seed.invalid' AND u.id <> ALL(${used}::int[])
     ORDER BY u.id LIMIT 1`,
  );
  if (!row) throw new Error('no fresh member left');
  used.push(row.id);
  return row.id;
}

interface Footprint {
  profile: { id: number };
  viewed_at: string;
  new: boolean;
}

const view = (cookie: string, id: number) => request(ctx.app).get('/api/profile.php').query({ id }).set('cookie', cookie);
const list = (cookie: string, query: Record<string, string | number> = {}) =>
  request(ctx.app).get('/api/footprints.php').query(query).set('cookie', cookie);
const visitorsOf = async (cookie: string): Promise<number[]> =>
  ((await list(cookie)).body.footprints as Footprint[]).map((f) => f.profile.id);
const counts = async (cookie: string) =>
  (await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', cookie)).body.counts as {
    footprints?: number;
  };

/** Two fresh members logged in: a (viewed) and b (viewer). */
async function pair() {
  const a = await freshMember();
  const b = await freshMember();
  return { a, b, ca: await loginAsMember(ctx, a), cb: await loginAsMember(ctx, b) };
}

beforeAll(async () => {
  ctx = await createTestContext({ members: 40 });
  const [row] = await ctx.db.query<{ site_id: number }>(
    sql`SELECT site_id FROM users WHERE email LIKE '%@seed.invalid' ORDER BY id LIMIT 1`,
  );
  siteId = row?.site_id ?? 0;
});
afterAll(() => ctx?.close());

describe('footprints', () => {
  it('When a visitor asks for footprints or their switch, then 403 authentication_required', async () => {
    expect((await request(ctx.app).get('/api/footprints.php')).status).toBe(403);
    expect((await request(ctx.app).get('/api/footprints-settings.php')).status).toBe(403);
    const put = await request(ctx.app).put('/api/footprints-settings.php').send({ enabled: false });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('authentication_required');
  });

  it('When B opens A’s profile, then A sees B once, new, with the badge count; opening the list marks it seen', async () => {
    const { a, b, ca, cb } = await pair();
    expect((await view(cb, a)).status).toBe(200);
    await view(cb, a); // a reload within minutes: still one footprint
    expect((await counts(ca)).footprints).toBe(1);
    const first = await list(ca);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ enabled: true, next_cursor: null });
    expect(first.body.footprints).toHaveLength(1);
    expect(first.body.footprints[0]).toMatchObject({ profile: { id: b }, new: true });
    expect(Date.now() - Date.parse(first.body.footprints[0].viewed_at)).toBeLessThan(60_000);
    expect((await counts(ca)).footprints).toBe(0);
    expect((await list(ca)).body.footprints[0].new).toBe(false);
    // B's own profile views of himself leave nothing; A did not look at B.
    await view(cb, b);
    expect(await visitorsOf(cb)).toEqual([]);
  });

  it('When an invisible member opens a profile, then he leaves no footprint', async () => {
    const { a, ca, cb } = await pair();
    expect((await request(ctx.app).put('/api/invisible.php').set('cookie', cb).send({ invisible: true })).status).toBe(200);
    await view(cb, a);
    expect(await visitorsOf(ca)).toEqual([]);
    expect((await counts(ca)).footprints).toBe(0);
  });

  it('When a member switches footprints off, then he leaves none and sees none (enabled false, no count); on again, he does', async () => {
    const { a, b, ca, cb } = await pair();
    const off = await request(ctx.app).put('/api/footprints-settings.php').set('cookie', cb).send({ enabled: false });
    expect(off.body).toEqual({ enabled: false });
    expect((await request(ctx.app).get('/api/footprints-settings.php').set('cookie', cb)).body).toEqual({ enabled: false });
    await view(cb, a);
    expect(await visitorsOf(ca)).toEqual([]);
    // A looks at B, who has them off: stored nowhere, and B sees nothing.
    await view(ca, b);
    expect((await list(cb)).body).toEqual({ enabled: false, footprints: [], next_cursor: null });
    expect((await counts(cb)).footprints).toBeUndefined();
    expect(await ctx.db.query(sql`SELECT 1 FROM footprints WHERE viewer_id = ${b} OR viewed_id = ${b}`)).toEqual([]);
    await request(ctx.app).put('/api/footprints-settings.php').set('cookie', cb).send({ enabled: true });
    await view(ca, b);
    expect(await visitorsOf(cb)).toEqual([a]);
  });

  it('When the switch gets a wrong body, then 400 in the member’s language', async () => {
    const { cb } = await pair();
    const res = await request(ctx.app)
      .put('/api/footprints-settings.php')
      .set('cookie', cb)
      .set('accept-language', 'de')
      .send({ enabled: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    const bad = await list(cb, { cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
  });

  it('When either member blocked the other, then no footprint is left and an earlier one never appears', async () => {
    const { a, b, ca, cb } = await pair();
    await view(cb, a);
    expect(await visitorsOf(ca)).toEqual([b]);
    expect((await request(ctx.app).post('/api/block.php').set('cookie', ca).send({ id: b })).status).toBe(200);
    expect(await visitorsOf(ca)).toEqual([]);
    expect((await counts(ca)).footprints).toBe(0);
    // The blocked member opening the blocker's profile (refused or not) leaves none either.
    await ctx.db.query(sql`UPDATE footprints SET last_viewed_at = now() - interval '1 hour' WHERE viewed_id = ${b}`);
    await view(ca, b);
    expect(await visitorsOf(cb)).toEqual([]);
  });

  it('When a visitor’s account is deleted or disabled, then his footprint no longer appears', async () => {
    const { a, b, ca, cb } = await pair();
    await view(cb, a);
    await ctx.db.query(sql`UPDATE profiles SET status = 'disabled' WHERE user_id = ${b}`);
    expect(await visitorsOf(ca)).toEqual([]);
  });

  it('When footprints are older than 30 days, then they are not shown and the cleanup deletes them; the export lists recent ones', async () => {
    const { a, b, ca, cb } = await pair();
    await view(cb, a);
    expect(await footprintsForExport(ctx.db, b)).toMatchObject({ left: [{ name: expect.any(String) }], received: [] });
    expect((await footprintsForExport(ctx.db, a)).received).toHaveLength(1);
    await ctx.db.query(sql`UPDATE footprints SET last_viewed_at = now() - interval '31 days' WHERE viewed_id = ${a}`);
    expect(await visitorsOf(ca)).toEqual([]);
    expect((await counts(ca)).footprints).toBe(0);
    expect(await deleteExpiredFootprints(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.query(sql`SELECT 1 FROM footprints WHERE viewed_id = ${a}`)).toEqual([]);
  });

  it('When many members visited, then the list pages newest first with a cursor, without repeats or gaps', async () => {
    const a = await freshMember();
    const ca = await loginAsMember(ctx, a);
    const visitors = [await freshMember(), await freshMember(), await freshMember(), await freshMember(), await freshMember()];
    for (const v of visitors) await view(await loginAsMember(ctx, v), a);
    // Distinct times, the last visitor newest.
    for (const [i, v] of visitors.entries()) {
      await ctx.db.query(
        sql`UPDATE footprints SET last_viewed_at = now() - ${10 - i}::int * interval '1 minute' WHERE viewed_id = ${a} AND viewer_id = ${v}`,
      );
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(ca, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...(res.body.footprints as Footprint[]).map((f) => f.profile.id));
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(seen).toEqual([...visitors].reverse());
    expect(pages).toBe(3);
  });
});
