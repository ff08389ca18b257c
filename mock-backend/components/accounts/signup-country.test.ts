import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, type TestContext } from '../../test/context';

/** The country chosen at signup's personal-info step: kept as chosen, one the site offers, never set silently. */
let ctx: TestContext;
let countries: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  countries = (await ctx.db.query<{ countries: string[] }>(sql`SELECT countries FROM sites WHERE is_default`))[0]?.countries ?? [];
});
afterAll(() => ctx?.close());

let n = 0;
const uniqueEmail = () => `country-${Date.now()}-${n++}@example.test`;
const body = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: 'a-good-password',
  name: `Land${n}`,
  date_of_birth: '1990-05-01',
  ...over,
});
const countryOf = async (email: string) =>
  (
    await ctx.db.query<{ country: string | null }>(
      sql`SELECT p.country FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = ${email}`,
    )
  )[0]?.country;
const accountsWith = async (email: string) =>
  (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email} OR shown_email = ${email}`))[0]?.n;

describe('the country at signup', () => {
  it('When the new member keeps or changes the country the form preselected, then his profile has the one he sent', async () => {
    const chosen = countries[2] as string;
    expect(chosen).not.toBe(countries[0]);
    const signup = body({ country: chosen });
    const res = await request(ctx.app).post('/api/signup.php').send(signup);
    expect(res.status).toBe(200);
    expect(await countryOf(signup.email)).toBe(chosen);
  });

  it('When the signup names a country the site does not offer, then it is 422 country_not_offered with the field, in his language, and no account is made', async () => {
    expect(countries).not.toContain('JP');
    const signup = body({ country: 'JP' });
    const res = await request(ctx.app).post('/api/signup.php').set('accept-language', 'nl').send(signup);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'country_not_offered', params: { field: 'country' } });
    expect(res.body.error.message).toBe('Deze site wordt in dat land niet aangeboden. Kies een van de landen uit de lijst.');
    expect(await accountsWith(signup.email)).toBe(0);
  });

  it('When an address that already has an account signs up with a country the site does not offer, then the answer is the same as for a new address (nothing tells them apart)', async () => {
    const known = await request(ctx.app)
      .post('/api/signup.php')
      .send(body({ email: DEMO_LOGINS.free, country: 'JP' }));
    const fresh = await request(ctx.app)
      .post('/api/signup.php')
      .send(body({ country: 'JP' }));
    expect([known.status, known.body]).toEqual([fresh.status, fresh.body]);
  });

  it('When the country is not a country code at all, then it is a 400 with the field, never a 500', async () => {
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send(body({ country: 'nederland' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('When a signup names no country (a "message first" one, an older client), then the site\'s first country is kept, as before', async () => {
    const signup = body();
    const res = await request(ctx.app).post('/api/signup.php').send(signup);
    expect(res.status).toBe(200);
    expect(await countryOf(signup.email)).toBe(countries[0]);
  });
});

describe('the own words at signup', () => {
  it('When the new member gives his own words at the "about me" step, then his profile has them; a bad value is 400 in his language and no account is made', async () => {
    const signup = body({
      looking_for: ['chat', 'right_now'],
      position: 'vers_top',
      tribes: ['jock'],
      height_cm: 175,
      pronouns: 'he_they',
    });
    const res = await request(ctx.app).post('/api/signup.php').send(signup);
    expect(res.status).toBe(200);
    const [row] = await ctx.db.query<Record<string, unknown>>(
      sql`SELECT p.looking_for, p.position, p.tribes, p.height_cm, p.weight_kg, p.pronouns FROM users u JOIN profiles p ON p.user_id = u.id
       WHERE u.email = ${signup.email}`,
    );
    expect(row).toEqual({
      looking_for: ['chat', 'right_now'],
      position: 'vers_top',
      tribes: ['jock'],
      height_cm: 175,
      weight_kg: null,
      pronouns: 'he_they',
    });

    const silent = body();
    expect((await request(ctx.app).post('/api/signup.php').send(silent)).status).toBe(200);
    const [none] = await ctx.db.query<Record<string, unknown>>(
      sql`SELECT p.looking_for, p.tribes, p.position FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = ${silent.email}`,
    );
    expect(none).toEqual({ looking_for: [], tribes: [], position: null });

    const bad = body({ tribes: ['bear', 'cub', 'otter', 'wolf'] });
    const refused = await request(ctx.app).post('/api/signup.php').set('accept-language', 'nl').send(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('bad_request');
    expect(await accountsWith(bad.email)).toBe(0);
  });
});
