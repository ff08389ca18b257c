import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, loginAsMember, type TestContext } from '../../test/context';
import { distanceBand, GRID_DEGREES, haversineKm, snap } from './geo';
import { sql } from '../../lib/db';

let ctx: TestContext;
let free: string;
let premium: string;
let freeId: number;
let premiumId: number;

async function idOf(email: string): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return row?.id as number;
}

const loginAs = (id: number) => loginAsMember(ctx, id);

async function searchIds(cookie: string | null, query: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const req = request(ctx.app)
      .get('/api/members.php')
      .query({ limit: 60, ...query, ...(cursor ? { cursor } : {}) });
    const res: request.Response = cookie ? await req.set('cookie', cookie) : await req;
    expect(res.status).toBe(200);
    ids.push(...(res.body.profiles as { id: number }[]).map((p) => p.id));
    cursor = res.body.next_cursor;
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  ctx = await createTestContext({ members: 40 });
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  freeId = await idOf(DEMO_LOGINS.free);
  premiumId = await idOf(DEMO_LOGINS.premium);
});
afterAll(() => ctx?.close());

describe('blocking', () => {
  it('When a member blocks someone they chat with and like, then chats and likes go and each vanishes from the other everywhere', async () => {
    const chats = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    const otherId = chats.body.chats[0].profile.id as number;
    await ctx.db.query(
      sql`INSERT INTO likes (liker_id, liked_id) VALUES (${freeId}, ${otherId}), (${otherId}, ${freeId}) ON CONFLICT DO NOTHING`,
    );
    const other = await loginAs(otherId);
    expect(await searchIds(free)).toContain(otherId);

    const res = await request(ctx.app).post('/api/block.php').set('cookie', free).send({ id: otherId });
    expect(res.body).toEqual({ success: true });

    // The blocker's view
    expect(await searchIds(free)).not.toContain(otherId);
    expect((await request(ctx.app).get('/api/profile.php').query({ id: otherId }).set('cookie', free)).status).toBe(404);
    const likes = await request(ctx.app).get('/api/likes.php').set('cookie', free);
    expect(likes.body.profiles.map((l: { profile: { id: number } }) => l.profile.id)).not.toContain(otherId);
    const after = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    expect(after.body.chats.map((c: { profile: { id: number } }) => c.profile.id)).not.toContain(otherId);
    // The blocked member's view
    expect(await searchIds(other)).not.toContain(freeId);
    expect((await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', other)).status).toBe(404);
    const theirChats = await request(ctx.app).get('/api/chats.php').set('cookie', other);
    expect(theirChats.body.chats.map((c: { profile: { id: number } }) => c.profile.id)).not.toContain(freeId);
    const rows = await ctx.db.query(
      sql`SELECT 1 FROM likes WHERE (liker_id = ${freeId} AND liked_id = ${otherId}) OR (liker_id = ${otherId} AND liked_id = ${freeId})`,
    );
    expect(rows).toHaveLength(0);

    const list = await request(ctx.app).get('/api/blocks.php').set('cookie', free);
    expect(list.body.blocks[0]).toMatchObject({ id: otherId });
    // The blocked member cannot undo it, nor see the list of the blocker
    await request(ctx.app).delete('/api/block.php').set('cookie', other).send({ id: freeId });
    expect((await request(ctx.app).get('/api/blocks.php').set('cookie', other)).body.blocks).toEqual([]);
    expect(await searchIds(free)).not.toContain(otherId);

    await request(ctx.app).delete('/api/block.php').set('cookie', free).send({ id: otherId });
    expect(await searchIds(free)).toContain(otherId);
    expect((await request(ctx.app).get('/api/blocks.php').set('cookie', free)).body.blocks).toEqual([]);
  });

  it('When a member is blocked, then auto-like never brings them', async () => {
    const all = await ctx.db.query<{ user_id: number }>(
      sql`SELECT p.user_id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.site_id = (SELECT site_id FROM users WHERE id = ${premiumId}) AND p.user_id <> ${premiumId}`,
    );
    for (const { user_id } of all)
      await ctx.db.query(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${premiumId}, ${user_id}) ON CONFLICT DO NOTHING`);
    const res = await request(ctx.app).get('/api/auto-like.php').set('cookie', premium);
    expect(res.body.profile).toBeNull();
    await ctx.db.query(sql`DELETE FROM blocks WHERE blocker_id = ${premiumId}`);
  });

  it('When a member blocks themself or nobody, then 400 block_self or 404; a visitor gets 403', async () => {
    expect((await request(ctx.app).post('/api/block.php').set('cookie', free).send({ id: freeId })).body.error.code).toBe('block_self');
    expect((await request(ctx.app).post('/api/block.php').set('cookie', free).send({ id: 999999 })).status).toBe(404);
    expect((await request(ctx.app).post('/api/block.php').send({ id: premiumId })).status).toBe(403);
  });
});

describe('invisible mode', () => {
  it('When a member goes invisible, then search and profile reads leave them out, except for members already in a chat with them', async () => {
    const chats = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    const partnerId = chats.body.chats[0].profile.id as number;
    const partner = await loginAs(partnerId);
    const res = await request(ctx.app).put('/api/invisible.php').set('cookie', free).send({ invisible: true });
    expect(res.body).toEqual({ invisible: true });
    expect(
      (await request(ctx.app).get('/api/user.php').set('cookie', free).set('request-type', 'client')).body.user.profile.invisible,
    ).toBe(true);

    expect(await searchIds(premium)).not.toContain(freeId);
    expect(await searchIds(null)).not.toContain(freeId);
    expect((await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', premium)).status).toBe(404);
    expect((await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', partner)).status).toBe(200);
    const own = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', free);
    expect(own.status).toBe(200);
    // No new (automatic) likes while invisible
    expect((await request(ctx.app).get('/api/auto-like.php').set('cookie', free)).body.profile).toBeNull();

    await request(ctx.app).put('/api/invisible.php').set('cookie', free).send({ invisible: false });
    expect(await searchIds(premium)).toContain(freeId);
  });
});

describe('location and distance bands', () => {
  it('When positions are saved, then they are stored snapped, answers carry only a band, and no coordinate leaves the server', async () => {
    const save = await request(ctx.app).put('/api/location.php').set('cookie', free).send({ lat: 52.37311, lon: 4.89221 });
    expect(save.body).toEqual({ success: true });
    await request(ctx.app).put('/api/location.php').set('cookie', premium).send({ lat: 52.0901, lon: 5.1213 });
    const [row] = await ctx.db.query<{ lat: number; lon: number }>(sql`SELECT lat, lon FROM profiles WHERE user_id = ${freeId}`);
    expect(row).toEqual(snap(52.37311, 4.89221));
    expect(row?.lat).not.toBe(52.37311);

    const profile = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', premium);
    expect(profile.body.profile.distance).toBe('25to50');
    const me = await request(ctx.app).get('/api/my-profile.php').set('cookie', free);
    expect(me.body.profile.has_location).toBe(true);
    for (const res of [profile, me, await request(ctx.app).get('/api/members.php').set('cookie', premium)]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/"(lat|lon|latitude|longitude|loc_lat|loc_lon)"/);
      expect(text).not.toContain('52.37');
    }
    await request(ctx.app).delete('/api/location.php').set('cookie', free);
    const gone = await request(ctx.app).get('/api/profile.php').query({ id: freeId }).set('cookie', premium);
    expect(gone.body.profile.distance).toBeNull();
  });

  it('When an attacker moves three fake vantage points around a member, then the answers cannot tell two spots 5 km apart', async () => {
    // Two spots inside one grid cell, more than the smallest band (5 km) apart.
    const cell = snap(52.3, 4.9);
    const h = GRID_DEGREES / 2 - 0.001;
    const spotA = { lat: cell.lat - h, lon: cell.lon - h };
    const spotB = { lat: cell.lat + h, lon: cell.lon + h };
    expect(haversineKm(spotA, spotB)).toBeGreaterThan(5);

    const target = freeId;
    const attackers = await Promise.all(
      (
        await ctx.db.query<{ user_id: number }>(
          sql`SELECT user_id FROM profiles WHERE user_id NOT IN (${freeId}, ${premiumId}) AND status = 'active' AND NOT invisible ORDER BY user_id LIMIT 3`,
        )
      ).map((r) => loginAs(r.user_id)),
    );
    // Each vantage point walks a ring around the target at the band edges, in steps finer than the grid.
    const walk = (i: number) =>
      Array.from({ length: 8 }, (_, k) => {
        const angle = (2 * Math.PI * (k + i / 3)) / 8;
        const km = [4.9, 5.1, 9.9][i] as number;
        return { lat: 52.3 + (km / 111) * Math.sin(angle), lon: 4.9 + (km / (111 * Math.cos((52.3 * Math.PI) / 180))) * Math.cos(angle) };
      });
    const observe = async (spot: { lat: number; lon: number }) => {
      await request(ctx.app).put('/api/location.php').set('cookie', free).send(spot);
      const seen: Array<string | null> = [];
      for (const [i, attacker] of attackers.entries()) {
        for (const vantage of walk(i)) {
          const moved = await request(ctx.app).put('/api/location.php').set('cookie', attacker).send(vantage);
          expect(moved.status).toBe(200);
          const res = await request(ctx.app).get('/api/profile.php').query({ id: target }).set('cookie', attacker);
          seen.push(res.body.profile.distance as string | null);
        }
      }
      return seen;
    };
    const fromA = await observe(spotA);
    const fromB = await observe(spotB);
    expect(fromA.every((band) => band !== null)).toBe(true);
    expect(fromB).toEqual(fromA);
  });

  it('When any vantage point on a dense lattice compares two spots of one cell, then the bands are the same', () => {
    const cell = snap(48.85, 2.35);
    const a = snap(cell.lat - 0.024, cell.lon - 0.024);
    const b = snap(cell.lat + 0.024, cell.lon + 0.024);
    for (let dy = -1.2; dy <= 1.2; dy += 0.013) {
      for (let dx = -1.2; dx <= 1.2; dx += 0.017) {
        const v = snap(48.85 + dy, 2.35 + dx);
        expect(distanceBand(v, a)).toBe(distanceBand(v, b));
      }
    }
  });
});
