import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEIGHT_CM, LOOKING_FOR, POSITIONS, PRONOUNS, TRIBES, TRIBES_MAX, WEIGHT_KG } from '../../src/shared/profile-words';
import { sql } from '../lib/db';
import { createTestContext, loginCookie, type TestContext } from '../test/context';
import { DEMO_LOGINS } from './seed';
import { NO_WORDS, seedWords, type SeedWords } from './words';

/** The seed's default (seed.ts), which the test context seeds with. */
const SEED = 20250;
const BODIES = ['slim', 'normal', 'normal', 'fat'];

describe('the demo members’ own words', () => {
  /** Four thousand members' words, as the seed draws them. */
  const many = Array.from({ length: 4000 }, (_, i) => seedWords(`member1-${i}@seed.invalid`, SEED, BODIES[i % 4] as string));
  const share = (keep: (w: SeedWords) => boolean) => many.filter(keep).length / many.length;

  it('When the seed draws them, then each is a value of the contract within its limits, the lists in the contract’s order', () => {
    for (const w of many) {
      expect(w.lookingFor.every((v) => (LOOKING_FOR as readonly string[]).includes(v))).toBe(true);
      expect(w.lookingFor).toEqual(LOOKING_FOR.filter((v) => w.lookingFor.includes(v)));
      expect(w.position === null || (POSITIONS as readonly string[]).includes(w.position)).toBe(true);
      expect(w.tribes.length).toBeLessThanOrEqual(TRIBES_MAX);
      expect(w.tribes).toEqual(TRIBES.filter((v) => w.tribes.includes(v)));
      expect(w.pronouns === null || (PRONOUNS as readonly string[]).includes(w.pronouns)).toBe(true);
      if (w.heightCm !== null)
        expect(Number.isInteger(w.heightCm) && w.heightCm >= HEIGHT_CM.min && w.heightCm <= HEIGHT_CM.max).toBe(true);
      if (w.weightKg !== null)
        expect(Number.isInteger(w.weightKg) && w.weightKg >= WEIGHT_KG.min && w.weightKg <= WEIGHT_KG.max).toBe(true);
    }
  });

  it('When the seed draws them, then members say them as often as members do: each thing looked for about one in four, right now rarer, a position for most, tribes for many, heights and weights of men, pronouns for a few', () => {
    for (const value of ['chat', 'dates', 'friends', 'relationship'])
      expect(
        share((w) => w.lookingFor.includes(value)),
        value,
      ).toBeCloseTo(0.25, 1);
    expect(share((w) => w.lookingFor.includes('right_now'))).toBeGreaterThan(0.05);
    expect(share((w) => w.lookingFor.includes('right_now'))).toBeLessThan(0.15);
    expect(share((w) => w.position !== null)).toBeGreaterThan(0.7);
    for (const position of POSITIONS)
      expect(
        share((w) => w.position === position),
        position,
      ).toBeGreaterThan(0.01);
    expect(share((w) => w.tribes.length > 0)).toBeGreaterThan(0.5);
    expect(share((w) => w.tribes.length === TRIBES_MAX)).toBeGreaterThan(0.05);
    for (const tribe of TRIBES)
      expect(
        share((w) => w.tribes.includes(tribe)),
        tribe,
      ).toBeGreaterThan(0.04);
    expect(share((w) => w.heightCm !== null)).toBeCloseTo(2 / 3, 1);
    expect(share((w) => w.weightKg !== null)).toBeCloseTo(0.5, 1);
    expect(share((w) => w.pronouns !== null)).toBeGreaterThan(0.02);
    expect(share((w) => w.pronouns !== null)).toBeLessThan(0.12);
    const heights = many.flatMap((w) => (w.heightCm === null ? [] : [w.heightCm])).sort((a, b) => a - b);
    expect(heights[Math.floor(heights.length / 2)]).toBeGreaterThanOrEqual(175);
    expect(heights[Math.floor(heights.length / 2)]).toBeLessThanOrEqual(182);
    expect(heights[0]).toBeGreaterThanOrEqual(155);
    expect(heights.at(-1)).toBeLessThanOrEqual(205);
    const weights = many.flatMap((w) => (w.weightKg === null ? [] : [w.weightKg])).sort((a, b) => a - b);
    expect(weights[Math.floor(weights.length / 2)]).toBeGreaterThanOrEqual(68);
    expect(weights[Math.floor(weights.length / 2)]).toBeLessThanOrEqual(85);
    expect(weights[0]).toBeGreaterThanOrEqual(45);
  });

  it('When the same member is seeded again with the same seed, then he has the same words; with another seed, the demo differs', () => {
    const again = Array.from({ length: 4000 }, (_, i) => seedWords(`member1-${i}@seed.invalid`, SEED, BODIES[i % 4] as string));
    expect(again).toEqual(many);
    const other = Array.from({ length: 200 }, (_, i) => seedWords(`member1-${i}@seed.invalid`, SEED + 1, BODIES[i % 4] as string));
    expect(other).not.toEqual(many.slice(0, 200));
  });
});

describe('the seeded demo with the members’ own words', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ members: 120 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  interface Row {
    email: string;
    body_type: string;
    looking_for: string[];
    position: string | null;
    tribes: string[];
    height_cm: number | null;
    weight_kg: number | null;
    pronouns: string | null;
  }
  const rows = () =>
    ctx.db.query<Row>(sql`SELECT u.email, p.body_type, p.looking_for, p.position, p.tribes, p.height_cm, p.weight_kg, p.pronouns
      FROM users u JOIN profiles p ON p.user_id = u.id ORDER BY u.id`);

  it('When the demo is seeded, then every generated member has the words his address and the seed give him, and the demo logins and the staff have none', async () => {
    const all = await rows();
    const demo = new Set<string>(Object.values(DEMO_LOGINS));
    expect(all.filter((r) => demo.has(r.email))).toHaveLength(demo.size);
    for (const r of all) {
      const stored = {
        lookingFor: r.looking_for,
        position: r.position,
        tribes: r.tribes,
        heightCm: r.height_cm,
        weightKg: r.weight_kg,
        pronouns: r.pronouns,
      };
      if (demo.has(r.email)) expect(stored, r.email).toEqual(NO_WORDS);
      else expect(stored, r.email).toEqual(seedWords(r.email, SEED, r.body_type));
    }
    // A realistic demo: most say something.
    const said = all.filter((r) => r.looking_for.length > 0 || r.position !== null || r.tribes.length > 0 || r.height_cm !== null);
    expect(said.length / all.length).toBeGreaterThan(0.8);
  });

  it('When the premium demo member uses the new filters on a fresh demo, then each finds members', async () => {
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    for (const query of [
      'looking_for=dates',
      'looking_for=relationship&looking_for=friends',
      'position=versatile',
      'position=top&position=bottom',
      'tribes=bear&tribes=otter',
      'min_height=175&max_height=190',
    ]) {
      const res = await request(ctx.app).get(`/api/members.php?${query}`).set('cookie', premium);
      expect(res.status, query).toBe(200);
      expect((res.body.profiles as unknown[]).length, query).toBeGreaterThan(0);
    }
  });
});
