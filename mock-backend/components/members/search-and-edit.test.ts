import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';

let ctx: TestContext;
let free: string;
beforeAll(async () => {
  ctx = await createTestContext({ members: 60 });
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

interface Summary {
  id: number;
  country: string | null;
  age: number | null;
  region: string | null;
}

async function all(query: Record<string, unknown>): Promise<{ ids: Summary[]; total: number }> {
  const out: Summary[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const res: request.Response = await request(ctx.app)
      .get('/api/members.php')
      .query({ limit: 5, ...query, ...(cursor ? { cursor } : {}) })
      .set('cookie', free);
    expect(res.status).toBe(200);
    out.push(...(res.body.profiles as Summary[]));
    total = res.body.total;
    cursor = res.body.next_cursor;
  } while (cursor);
  return { ids: out, total };
}

describe('search', () => {
  it('When a member searches by country and age and pages through, then every result matches and the count is right', async () => {
    const { ids, total } = await all({ country: 'NL', min_age: 25, max_age: 45, gender: 'male' });
    expect(ids.length).toBe(total);
    expect(new Set(ids.map((p) => p.id)).size).toBe(ids.length);
    for (const p of ids) {
      expect(p.country).toBe('NL');
      expect(p.age).toBeGreaterThanOrEqual(25);
      expect(p.age).toBeLessThanOrEqual(45);
    }
    const [expected] = await ctx.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM profiles p JOIN users u ON u.id = p.user_id JOIN sites s ON s.id = u.site_id
       WHERE s.is_default AND u.status = 'active' AND p.status = 'active' AND NOT p.invisible AND u.email <> ${DEMO_LOGINS.free}
         AND p.country = 'NL' AND p.gender = 'male' AND date_part('year', age(p.birth_date)) BETWEEN 25 AND 45`,
    );
    expect(total).toBe(expected?.n);
  });

  it('When a member filters by region, then only that region is listed, and few results bring similar members', async () => {
    const [region] = await ctx.db.query<{ region_id: number; name: string }>(
      sql`SELECT p.region_id, r.name FROM profiles p JOIN regions r ON r.id = p.region_id JOIN users u ON u.id = p.user_id
       JOIN sites s ON s.id = u.site_id
       WHERE s.is_default AND u.email LIKE 'member%' AND NOT p.invisible AND p.status = 'active' AND p.country = 'NL'
       GROUP BY p.region_id, r.name ORDER BY count(*) ASC LIMIT 1`,
    );
    const res = await request(ctx.app).get('/api/members.php').query({ region: region?.region_id, country: 'NL' }).set('cookie', free);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    for (const p of res.body.profiles as Summary[]) expect(p.region).toBe(region?.name);
    expect(res.body.total).toBeLessThan(6);
    expect(res.body.similar.length).toBeGreaterThan(0);
    const shown = new Set((res.body.profiles as Summary[]).map((p) => p.id));
    for (const p of res.body.similar as Summary[]) {
      expect(p.country).toBe('NL');
      expect(shown.has(p.id)).toBe(false);
    }
  });

  it('When min_age is above max_age, then 400 bad_request', async () => {
    const res = await request(ctx.app).get('/api/members.php').query({ min_age: 50, max_age: 30 }).set('cookie', free);
    expect(res.status).toBe(400);
  });

  it('When a visitor of a site without logged-out search comes with a traffic source, then the search answers only if that is allowed', async () => {
    const nl = () => request(ctx.app).get('/api/members.php').set('x-forwarded-host', 'nl.localhost');
    expect((await nl().query({ network: 'partner1' })).status).toBe(403);
    await ctx.db.query(sql`UPDATE sites SET logged_out_search_trafficsource = true WHERE host = 'nl.localhost'`);
    expect((await nl()).status).toBe(403);
    expect((await nl().query({ network: 'partner1' })).status).toBe(200);
    await ctx.db.query(sql`UPDATE sites SET logged_out_search_trafficsource = false WHERE host = 'nl.localhost'`);
  });
});

describe('profile editing', () => {
  const put = (body: Record<string, unknown>, lang = 'nl') =>
    request(ctx.app).put('/api/profile.php').set('cookie', free).set('accept-language', lang).send(body);

  it('When a member saves every field, then my-profile shows them and the public profile too', async () => {
    const [region] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM regions WHERE country = 'NL' ORDER BY id LIMIT 1`);
    const res = await put({
      name: 'Sander',
      about: 'Cyclist and cook.',
      birth_date: '1990-04-02',
      gender: 'male',
      sexuality: 'gay',
      relationship_status: 'single',
      hair_colour: 'blond',
      eye_colour: 'blue',
      body_type: 'slim',
      tattoos: true,
      signup_reason: 'dating',
      country: 'NL',
      region_id: region?.id,
      interests: ['kissing', 'music'],
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      name: 'Sander',
      birth_date: '1990-04-02',
      region_id: region?.id,
      attributes: { hair_colour: 'blond', tattoos: true, signup_reason: 'dating' },
      interests: ['kissing', 'music'],
    });
    expect(res.body.profile.age).toBeGreaterThanOrEqual(35);
    const pub = await request(ctx.app).get('/api/profile.php').query({ id: res.body.profile.id });
    expect(pub.body.profile).toMatchObject({ name: 'Sander', about: 'Cyclist and cook.', interests: ['kissing', 'music'] });
  });

  it('When a rule is broken, then 422 with the rule text in the member language and the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: DEMO_LOGINS.free }, 'profile_name_email', 'Je profielnaam moet anders zijn dan je e-mailadres'],
      [{ name: '@sander' }, 'profile_name_at', 'Je profielnaam mag niet beginnen met een @'],
      [{ birth_date: '2020-01-01' }, 'profile_too_young', 'Vul uw geboortedatum in (18+ jaar)'],
      [{ birth_date: '1800-01-01' }, 'profile_birth_date_invalid', 'Ongeldige geboortedatum.'],
      [{ interests: ['kissing', 'no-such-tag'] }, 'profile_interest_unknown', 'Een van de gekozen interesses bestaat niet.'],
    ];
    for (const [body, code, message] of cases) {
      const res = await put(body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code, message });
      expect(res.body.error.params.field).toBeTypeOf('string');
    }
    const [foreign] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM regions WHERE country = 'DE' LIMIT 1`);
    const region = await put({ country: 'NL', region_id: foreign?.id });
    expect(region.body.error.code).toBe('profile_region_unknown');
    expect((await put({ gender: 'robot' })).status).toBe(400);
    const me = await request(ctx.app).get('/api/my-profile.php').set('cookie', free);
    expect(me.body.profile.name).toBe('Sander');
  });

  it('When a member without a country sends an unknown or any region, then 422 profile_region_unknown and nothing changes', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    await ctx.db.query(
      sql`UPDATE profiles SET country = NULL, region_id = NULL WHERE user_id = (SELECT id FROM users WHERE email = ${DEMO_LOGINS.premium})`,
    );
    const [nl] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM regions WHERE country = 'NL' LIMIT 1`);
    for (const region_id of [2147483647, nl?.id]) {
      const res = await request(ctx.app)
        .put('/api/profile.php')
        .set('cookie', cookie)
        .set('accept-language', 'nl')
        .send({ region_id, about: 'Changed?' });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'profile_region_unknown', params: { field: 'region_id' } });
    }
    const [row] = await ctx.db.query<{ region_id: number | null; about: string }>(
      sql`SELECT region_id, about FROM profiles WHERE user_id = (SELECT id FROM users WHERE email = ${DEMO_LOGINS.premium})`,
    );
    expect(row?.region_id).toBeNull();
    expect(row?.about).not.toBe('Changed?');
  });

  it('When a visitor edits or reads my-profile, then 403; a profile id in the body is refused', async () => {
    expect((await request(ctx.app).put('/api/profile.php').send({ name: 'Eve' })).status).toBe(403);
    expect((await request(ctx.app).get('/api/my-profile.php')).status).toBe(403);
    expect((await put({ id: 1, name: 'Mallory' })).status).toBe(400);
  });
});

describe('the profile in his own words', () => {
  const put = (body: Record<string, unknown>, lang = 'de') =>
    request(ctx.app).put('/api/profile.php').set('cookie', free).set('accept-language', lang).send(body);
  const stored = async () => {
    const [row] = await ctx.db.query<Record<string, unknown>>(
      sql`SELECT looking_for, position, tribes, height_cm, weight_kg, pronouns, about FROM profiles
       WHERE user_id = (SELECT id FROM users WHERE email = ${DEMO_LOGINS.free})`,
    );
    return row;
  };
  const words = {
    looking_for: ['dates', 'right_now'],
    position: 'versatile',
    tribes: ['bear', 'otter'],
    height_cm: 180,
    weight_kg: 82,
    pronouns: 'he_him',
  };

  it('When a member sets them, then his own profile, the public profile and his card carry them; null and [] clear them', async () => {
    const res = await put(words);
    expect(res.status).toBe(200);
    expect(res.body.profile.attributes).toMatchObject(words);
    const id = res.body.profile.id as number;
    const mine = await request(ctx.app).get('/api/my-profile.php').set('cookie', free);
    expect(mine.body.profile.attributes).toMatchObject(words);
    const pub = await request(ctx.app).get('/api/profile.php').query({ id });
    expect(pub.body.profile.attributes).toMatchObject(words);
    // Lists replace, they are not merged.
    expect((await put({ tribes: ['cub'] })).body.profile.attributes.tribes).toEqual(['cub']);

    // The card (another member's search) carries the brief: looking for, position, height; never tribes or weight.
    const viewer = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    let card: Record<string, unknown> | undefined;
    for (let cursor: string | null = null, pages = 0; !card && pages < 20; pages++) {
      const page: request.Response = await request(ctx.app)
        .get('/api/members.php')
        .query({ limit: 50, ...(cursor ? { cursor } : {}) })
        .set('cookie', viewer);
      card = (page.body.profiles as Array<Record<string, unknown>>).find((p) => p.id === id);
      cursor = page.body.next_cursor;
      if (!cursor) break;
    }
    expect(card).toMatchObject({ looking_for: ['dates', 'right_now'], position: 'versatile', height_cm: 180 });
    expect(card).not.toHaveProperty('tribes');
    expect(card).not.toHaveProperty('weight_kg');

    const cleared = await put({ looking_for: [], position: null, tribes: [], height_cm: null, weight_kg: null, pronouns: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.profile.attributes).toMatchObject({
      looking_for: [],
      position: null,
      tribes: [],
      height_cm: null,
      weight_kg: null,
      pronouns: null,
    });
    expect(await stored()).toMatchObject({ looking_for: [], position: null, tribes: [], height_cm: null });
    // A card of a member who said nothing has none of them.
    const none = await request(ctx.app).get('/api/profile.php').query({ id });
    expect(none.body.profile).not.toHaveProperty('position');
    expect(none.body.profile).not.toHaveProperty('height_cm');
  });

  it('When a value is not one of the contract, then 400 in his language and nothing of the request is written', async () => {
    await put(words);
    const bad: Array<Record<string, unknown>> = [
      { tribes: ['bear', 'otter', 'cub', 'wolf'] },
      { tribes: ['bear', 'bear'] },
      { tribes: ['unicorn'] },
      { looking_for: ['marriage'] },
      { position: 'power_bottom' },
      { pronouns: 'she_her' },
      { height_cm: 119 },
      { height_cm: 231 },
      { height_cm: 180.5 },
      { weight_kg: 39 },
      { weight_kg: 251 },
      { weight_kg: '80' },
    ];
    for (const body of bad) {
      const res = await put({ ...body, about: 'Half written?' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toMatch(/[a-zäöüß]/i);
    }
    const de = await put({ position: 'power_bottom' }, 'de');
    const en = await put({ position: 'power_bottom' }, 'en');
    expect(de.body.error.message).not.toBe(en.body.error.message);
    expect(await stored()).toMatchObject({ ...words, about: expect.not.stringMatching('Half written?') });
  });

  it('When a value is written past the contract, then the database’s own check still refuses it', async () => {
    // The database's checks stay the last word (a refusal there is 422 invalid_value through lib/errors.ts, never a 500).
    await expect(
      ctx.db.query(
        sql`UPDATE profiles SET tribes = ARRAY['unicorn'] WHERE user_id = (SELECT id FROM users WHERE email = ${DEMO_LOGINS.free})`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
