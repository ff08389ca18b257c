import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, loginAsMember, type TestContext } from '../../test/context';
import { swipeDay } from './swipe';
import { sql } from '../../lib/db';

let ctx: TestContext;
let free: string;
let premium: string;
let freeId: number;
let premiumId: number;

interface Card {
  id: number;
  fictional: boolean;
}

const loginAs = (id: number) => loginAsMember(ctx, id);

/** A visible, real, never-touched member of the default site (not a demo login). */
async function freshMember(exclude: number[] = []): Promise<number> {
  const [row] = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = (SELECT site_id FROM users WHERE id = ${freeId}) AND u.status = 'active' AND p.status = 'active'
       AND NOT p.invisible AND NOT p.fictional AND u.email LIKE '%@seed.invalid' AND u.id <> ALL(${exclude}::int[])
       AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = u.id OR l.liked_id = u.id)
     ORDER BY u.id LIMIT 1`,
  );
  if (!row) throw new Error('no fresh member left');
  return row.id;
}

const wide = { gender: null, min_age: 18, max_age: 99, country: null, region_id: null };

beforeAll(async () => {
  ctx = await createTestContext({ members: 40 });
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  freeId = (await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', free)).body.user.profile.id;
  premiumId = (await request(ctx.app).get('/api/user.php').set('request-type', 'client').set('cookie', premium)).body.user.profile.id;
});
afterAll(() => ctx?.close());

describe('likes and matches', () => {
  it('When a visitor likes, unlikes, swipes or asks for the game or the match finder, then 403 authentication_required', async () => {
    expect((await request(ctx.app).post('/api/like.php').send({ profile_id: premiumId })).status).toBe(403);
    expect((await request(ctx.app).delete('/api/like.php').send({ profile_id: premiumId })).status).toBe(403);
    expect((await request(ctx.app).post('/api/swipe.php').send({ profile_id: premiumId, like: true })).status).toBe(403);
    for (const p of ['/api/swipe-game.php', '/api/match-finder.php', '/api/match-preferences.php']) {
      expect((await request(ctx.app).get(p)).status).toBe(403);
    }
  });

  it('When two members like each other, then the second like answers match and both see the match; unliking ends it', async () => {
    const a = await freshMember();
    const b = await freshMember([a]);
    const [ca, cb] = [await loginAs(a), await loginAs(b)];
    const first = await request(ctx.app).post('/api/like.php').set('cookie', ca).send({ profile_id: b });
    expect(first.status).toBe(200);
    expect(first.body.match).toBe(false);
    expect(first.body.profile.id).toBe(b);
    const bLikes = await request(ctx.app).get('/api/likes.php').set('cookie', cb);
    expect(bLikes.body.liked_by).toContain(a);
    expect(bLikes.body.profiles[0]).toMatchObject({ direction: 'received', like_new: true, match: false });
    const second = await request(ctx.app).post('/api/like.php').set('cookie', cb).send({ profile_id: a });
    expect(second.body.match).toBe(true);
    const again = await request(ctx.app).post('/api/like.php').set('cookie', ca).send({ profile_id: b });
    expect(again.body.match).toBe(true);
    for (const [cookie, other] of [
      [ca, b],
      [cb, a],
    ] as const) {
      const likes = await request(ctx.app).get('/api/likes.php').set('cookie', cookie);
      const rows = likes.body.profiles.filter((l: { profile: { id: number } }) => l.profile.id === other);
      expect(rows.length).toBe(2);
      expect(rows.every((l: { match: boolean }) => l.match)).toBe(true);
    }
    // Opening the liker's profile clears the new flag.
    await request(ctx.app).get('/api/profile.php').query({ id: a }).set('cookie', cb);
    const seen = await request(ctx.app).get('/api/likes.php').set('cookie', cb);
    expect(seen.body.total_new).toBe(0);
    const un = await request(ctx.app).delete('/api/like.php').set('cookie', cb).send({ profile_id: a });
    expect(un.body).toEqual({ success: true });
    const after = await request(ctx.app).get('/api/likes.php').set('cookie', ca);
    expect(
      after.body.profiles.filter((l: { match: boolean }) => l.match).map((l: { profile: { id: number } }) => l.profile.id),
    ).not.toContain(b);
  });

  it('When both like each other in the same instant, then the match is not lost: at least one answer says match', async () => {
    const a = await freshMember();
    const b = await freshMember([a]);
    const [ca, cb] = [await loginAs(a), await loginAs(b)];
    const [x, y] = await Promise.all([
      request(ctx.app).post('/api/like.php').set('cookie', ca).send({ profile_id: b }),
      request(ctx.app).post('/api/like.php').set('cookie', cb).send({ profile_id: a }),
    ]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(x.body.match || y.body.match).toBe(true);
  });

  it('When a member likes himself, an unknown member or one who blocked him, then 422 like_self or 404, and nothing is stored', async () => {
    const self = await request(ctx.app).post('/api/like.php').set('cookie', free).set('accept-language', 'nl').send({ profile_id: freeId });
    expect(self.status).toBe(422);
    expect(self.body.error).toMatchObject({ code: 'like_self', message: 'Je kunt jezelf niet liken.' });
    expect((await request(ctx.app).post('/api/like.php').set('cookie', free).send({ profile_id: 2_000_000_000 })).status).toBe(404);
    expect((await request(ctx.app).post('/api/like.php').set('cookie', free).send({ profile_id: 'x' })).status).toBe(400);
    const blocker = await freshMember();
    const cb = await loginAs(blocker);
    await request(ctx.app).post('/api/block.php').set('cookie', cb).send({ id: freeId });
    expect((await request(ctx.app).post('/api/like.php').set('cookie', free).send({ profile_id: blocker })).status).toBe(404);
    const rows = await ctx.db.query(sql`SELECT 1 FROM likes WHERE liker_id = ${freeId} AND liked_id = ${blocker}`);
    expect(rows.length).toBe(0);
  });

  it('When an invisible member or one not activated likes, then he is never a new liker; a deleted liker disappears', async () => {
    const inv = await freshMember();
    const ci = await loginAs(inv);
    await request(ctx.app).post('/api/like.php').set('cookie', ci).send({ profile_id: premiumId });
    await request(ctx.app).put('/api/invisible.php').set('cookie', ci).send({ invisible: true });
    const u = await freshMember([inv]);
    const cu = await loginAs(u);
    await request(ctx.app).post('/api/like.php').set('cookie', cu).send({ profile_id: premiumId });
    await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed' WHERE id = ${u}`);
    const d = await freshMember([inv, u]);
    const cd = await loginAs(d);
    await request(ctx.app).post('/api/like.php').set('cookie', cd).send({ profile_id: premiumId });
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = ${d}`);
    const likes = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    const byId = new Map(likes.body.profiles.map((l: { profile: { id: number }; like_new: boolean }) => [l.profile.id, l]));
    expect((byId.get(inv) as { like_new: boolean } | undefined)?.like_new).toBe(false);
    expect(byId.has(u)).toBe(false);
    expect(byId.has(d)).toBe(false);
    expect(likes.body.total_new).toBe(likes.body.profiles.filter((l: { like_new: boolean }) => l.like_new).length);
  });
});

describe('swipe game', () => {
  it('When a member likes four cards, then the fifth like is refused with swipe_limit and a countdown, and writes nothing', async () => {
    await request(ctx.app).put('/api/match-preferences.php').set('cookie', premium).send(wide);
    const game = await request(ctx.app).get('/api/swipe-game.php').set('cookie', premium);
    expect(game.status).toBe(200);
    expect(game.body).toMatchObject({ likes_left: 4, likes_per_day: 4, can_undo: false });
    expect(game.body.resets_in_seconds).toBeGreaterThan(0);
    expect(game.body.resets_in_seconds).toBeLessThanOrEqual(86_400);
    const cards = game.body.cards as Card[];
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(cards.map((c) => c.id)).not.toContain(premiumId);
    for (const [i, card] of cards.slice(0, 4).entries()) {
      const res = await request(ctx.app).post('/api/swipe.php').set('cookie', premium).send({ profile_id: card.id, like: true });
      expect(res.status).toBe(200);
      expect(res.body.likes_left).toBe(3 - i);
    }
    const fifth = await request(ctx.app).post('/api/swipe.php').set('cookie', premium).send({ profile_id: cards[4]?.id, like: true });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('swipe_limit');
    expect(fifth.body.error.params.resets_in_seconds).toBeGreaterThan(0);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    const likes = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    const given = likes.body.profiles
      .filter((l: { direction: string }) => l.direction === 'given')
      .map((l: { profile: { id: number } }) => l.profile.id);
    expect(given).toEqual(expect.arrayContaining(cards.slice(0, 4).map((c) => c.id)));
    expect(given).not.toContain(cards[4]?.id);
    // A pass still works once the likes are used; liked and passed cards do not come back.
    expect(
      (await request(ctx.app).post('/api/swipe.php').set('cookie', premium).send({ profile_id: cards[5]?.id, like: false })).status,
    ).toBe(200);
    const next = await request(ctx.app).get('/api/swipe-game.php').set('cookie', premium);
    expect(next.body.likes_left).toBe(0);
    const shown = (next.body.cards as Card[]).map((c) => c.id);
    for (const c of cards.slice(0, 4)) expect(shown).not.toContain(c.id);
    expect(shown).not.toContain(cards[5]?.id);
  });

  it('When many swipe likes arrive at once, then no more than the day allows are written', async () => {
    const m = await freshMember();
    const cm = await loginAs(m);
    await request(ctx.app).put('/api/match-preferences.php').set('cookie', cm).send(wide);
    const game = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    const cards = (game.body.cards as Card[]).slice(0, 8);
    const answers = await Promise.all(
      cards.map((c) => request(ctx.app).post('/api/swipe.php').set('cookie', cm).send({ profile_id: c.id, like: true })),
    );
    expect(answers.filter((r) => r.status === 200).length).toBe(4);
    expect(answers.filter((r) => r.status === 429).length).toBe(cards.length - 4);
    const rows = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM likes WHERE liker_id = ${m}`);
    expect(rows[0]?.n).toBe(4);
  });

  it('When the same card is liked twice (a repeated request), then it counts once against the day', async () => {
    const m = await freshMember();
    const cm = await loginAs(m);
    await request(ctx.app).put('/api/match-preferences.php').set('cookie', cm).send(wide);
    const game = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    const card = (game.body.cards as Card[])[0];
    const [x, y] = await Promise.all(
      [0, 1].map(() => request(ctx.app).post('/api/swipe.php').set('cookie', cm).send({ profile_id: card?.id, like: true })),
    );
    expect([x?.status, y?.status]).toEqual([200, 200]);
    const after = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    expect(after.body.likes_left).toBe(3);
  });

  it('When a member passes a card and undoes it, then the card comes back; undo after a like is refused with 409', async () => {
    const m = await freshMember();
    const cm = await loginAs(m);
    await request(ctx.app).put('/api/match-preferences.php').set('cookie', cm).send(wide);
    const game = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    const [first, second] = game.body.cards as Card[];
    await request(ctx.app).post('/api/swipe.php').set('cookie', cm).send({ profile_id: first?.id, like: false });
    const passed = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    expect(passed.body.can_undo).toBe(true);
    expect((passed.body.cards as Card[]).map((c) => c.id)).not.toContain(first?.id);
    const undo = await request(ctx.app).delete('/api/swipe.php').set('cookie', cm);
    expect(undo.status).toBe(200);
    expect(undo.body.profile.id).toBe(first?.id);
    const back = await request(ctx.app).get('/api/swipe-game.php').set('cookie', cm);
    expect((back.body.cards as Card[]).map((c) => c.id)).toContain(first?.id);
    await request(ctx.app).post('/api/swipe.php').set('cookie', cm).send({ profile_id: second?.id, like: true });
    const refused = await request(ctx.app).delete('/api/swipe.php').set('cookie', cm);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('swipe_nothing_to_undo');
  });

  it('When the day is computed, then it is the UTC day and the countdown runs to 00:00 UTC', () => {
    expect(swipeDay(new Date('2026-03-01T23:59:30Z'))).toEqual({ day: '2026-03-01', resetsInSeconds: 30 });
    expect(swipeDay(new Date('2026-03-02T00:00:00Z'))).toEqual({ day: '2026-03-02', resetsInSeconds: 86_400 });
  });
});

describe('match finder and preferences', () => {
  it('When a member has not saved preferences, then they come from his profile; a wrong range is 422 in his language', async () => {
    const res = await request(ctx.app).get('/api/match-preferences.php').set('cookie', free);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ saved: false, country: 'NL' });
    expect(res.body.min_age).toBeGreaterThanOrEqual(18);
    const bad = await request(ctx.app)
      .put('/api/match-preferences.php')
      .set('cookie', free)
      .set('accept-language', 'de')
      .send({ ...wide, min_age: 50, max_age: 30 });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'preferences_age_range', params: { field: 'min_age' } });
    expect(bad.body.error.message).toContain('Mindestalter');
    const region = await request(ctx.app)
      .put('/api/match-preferences.php')
      .set('cookie', free)
      .send({ ...wide, region_id: 1 });
    expect(region.status).toBe(422);
  });

  it('When preferences are saved, then every suggestion fits them, members who like him come first and none is liked yet', async () => {
    const saved = await request(ctx.app)
      .put('/api/match-preferences.php')
      .set('cookie', free)
      .send({ gender: 'male', min_age: 18, max_age: 99, country: 'NL', region_id: null });
    expect(saved.body).toMatchObject({ saved: true, country: 'NL', gender: 'male' });
    const liker = await freshMember();
    await ctx.db.query(sql`UPDATE profiles SET country = 'NL', region_id = NULL WHERE user_id = ${liker}`);
    await request(ctx.app)
      .post('/api/like.php')
      .set('cookie', await loginAs(liker))
      .send({ profile_id: freeId });
    const res = await request(ctx.app).get('/api/match-finder.php').query({ limit: 48 }).set('cookie', free);
    expect(res.status).toBe(200);
    const matches = res.body.matches as { profile: { id: number; country: string; age: number }; likes_you: boolean }[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]?.likes_you).toBe(true);
    expect(matches.map((m) => m.profile.id)).toContain(liker);
    expect(matches.every((m) => m.profile.country === 'NL')).toBe(true);
    const likes = await request(ctx.app).get('/api/likes.php').set('cookie', free);
    const given = new Set(
      likes.body.profiles
        .filter((l: { direction: string }) => l.direction === 'given')
        .map((l: { profile: { id: number } }) => l.profile.id),
    );
    expect(matches.some((m) => given.has(m.profile.id))).toBe(false);
    const likesYou = matches.filter((m) => m.likes_you).length;
    expect(matches.slice(0, likesYou).every((m) => m.likes_you)).toBe(true);
  });
});

describe('auto-like', () => {
  it('When auto-like is asked, then only a fictional profile likes the member, once a day; a retry answers the same', async () => {
    const m = await freshMember();
    const cm = await loginAs(m);
    const first = await request(ctx.app).get('/api/auto-like.php').set('cookie', cm);
    expect(first.status).toBe(200);
    expect(first.body.profile).not.toBeNull();
    expect(first.body.profile.fictional).toBe(true);
    const again = await request(ctx.app).get('/api/auto-like.php').set('cookie', cm);
    expect(again.body.profile.id).toBe(first.body.profile.id);
    await ctx.db.query(sql`UPDATE likes SET created_at = now() - interval '2 minutes' WHERE liked_id = ${m} AND is_auto`);
    const later = await request(ctx.app).get('/api/auto-like.php').set('cookie', cm);
    expect(later.body.profile).toBeNull();
    const rows = await ctx.db.query<{ fictional: boolean }>(
      sql`SELECT p.fictional FROM likes l JOIN profiles p ON p.user_id = l.liker_id WHERE l.liked_id = ${m} AND l.is_auto`,
    );
    expect(rows).toEqual([{ fictional: true }]);
  });

  it('When the member is invisible or the site has no fictional profiles, then nobody likes him automatically', async () => {
    const m = await freshMember();
    const cm = await loginAs(m);
    await request(ctx.app).put('/api/invisible.php').set('cookie', cm).send({ invisible: true });
    expect((await request(ctx.app).get('/api/auto-like.php').set('cookie', cm)).body.profile).toBeNull();
    await request(ctx.app).put('/api/invisible.php').set('cookie', cm).send({ invisible: false });
    await ctx.db.query(sql`UPDATE profiles SET fictional = false WHERE fictional`);
    expect((await request(ctx.app).get('/api/auto-like.php').set('cookie', cm)).body.profile).toBeNull();
  });
});
