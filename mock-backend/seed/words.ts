import { base, en, Faker } from '@faker-js/faker';
import type { POSITIONS, PRONOUNS } from '../../src/shared/profile-words';
import { HEIGHT_CM, LOOKING_FOR, TRIBES, TRIBES_MAX, WEIGHT_KG } from '../../src/shared/profile-words';

/** A demo member's profile in his own words (migration 044), as stored: empty lists and nulls where he said nothing. */
export interface SeedWords {
  lookingFor: string[];
  position: string | null;
  tribes: string[];
  heightCm: number | null;
  weightKg: number | null;
  pronouns: string | null;
}

/** A member who said nothing of himself (the demo logins and the staff: the tests fill in their own). */
export const NO_WORDS: SeedWords = { lookingFor: [], position: null, tribes: [], heightCm: null, weightKg: null, pronouns: null };

/**
 * How often a demo member says what, as members fill the fields in (the search benchmark's fill has the same shares):
 * each thing he looks for about one in four, "right now" one in ten; a position for four in five (versatile the most
 * common); one to three of the fourteen tribes for three in five (each tribe some 8 % of members); a height for two in
 * three and a weight for half; pronouns for a few.
 */
const LOOKING_FOR_SHARE: Record<(typeof LOOKING_FOR)[number], number> = {
  chat: 0.25,
  dates: 0.25,
  friends: 0.25,
  relationship: 0.25,
  right_now: 0.1,
};
const POSITION_SHARE = 0.8;
const POSITION_WEIGHTS: Record<(typeof POSITIONS)[number], number> = {
  top: 20,
  vers_top: 16,
  versatile: 28,
  vers_bottom: 16,
  bottom: 17,
  side: 3,
};
const TRIBES_SHARE = 0.6;
const HEIGHT_SHARE = 2 / 3;
const WEIGHT_SHARE = 0.5;
const PRONOUNS_SHARE = 0.06;
const PRONOUN_WEIGHTS: Record<(typeof PRONOUNS)[number], number> = { he_him: 75, he_they: 15, they_them: 5, any: 5 };
/** Body mass index by the seed's body types, for a weight that fits his height and build. */
const BMI: Record<string, number> = { slim: 20.5, normal: 23.5, fat: 30 };
/** Men's heights: mean and spread in centimetres, kept to a plausible band inside the stored range. */
const HEIGHT = { mean: 179, sd: 7, min: 158, max: 205 };

const f = new Faker({ locale: [en, base] });

/** Deterministic 32-bit hash of a text (FNV-1a), so each member's words depend on him alone. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const clamp = (value: number, range: { min: number; max: number }) => Math.min(range.max, Math.max(range.min, value));

/** A normally distributed number (Box–Muller) from the member's own generator. */
function normal(mean: number, sd: number): number {
  const u = 1 - f.number.float({ min: 0, max: 1 });
  const v = f.number.float({ min: 0, max: 1 });
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const weighted = <T extends string>(weights: Record<T, number>): T =>
  f.helpers.weightedArrayElement((Object.entries(weights) as [T, number][]).map(([value, weight]) => ({ value, weight })));

/**
 * The words of the demo member `key` (his e-mail address) for the seed `seed`: drawn from a generator of his own, so a
 * re-seed gives every member the same words, and the demo's other data (drawn from the seed's shared generator) stays
 * as it was. `body` is his body type, which his weight fits.
 */
export function seedWords(key: string, seed: number, body: string): SeedWords {
  f.seed([seed, hash(key)]);
  const lookingFor = LOOKING_FOR.filter((value) => f.datatype.boolean({ probability: LOOKING_FOR_SHARE[value] }));
  const position = f.datatype.boolean({ probability: POSITION_SHARE }) ? weighted(POSITION_WEIGHTS) : null;
  const tribes = f.datatype.boolean({ probability: TRIBES_SHARE })
    ? f.helpers.arrayElements(
        TRIBES,
        f.helpers.weightedArrayElement([
          { value: 1, weight: 50 },
          { value: 2, weight: 35 },
          { value: TRIBES_MAX, weight: 15 },
        ]),
      )
    : [];
  const height = Math.round(clamp(normal(HEIGHT.mean, HEIGHT.sd), HEIGHT));
  const heightCm = f.datatype.boolean({ probability: HEIGHT_SHARE }) ? clamp(height, HEIGHT_CM) : null;
  const bmi = (BMI[body] ?? BMI.normal!) + f.number.float({ min: -1.5, max: 1.5 });
  const weightKg = f.datatype.boolean({ probability: WEIGHT_SHARE }) ? clamp(Math.round(bmi * (height / 100) ** 2), WEIGHT_KG) : null;
  const pronouns = f.datatype.boolean({ probability: PRONOUNS_SHARE }) ? weighted(PRONOUN_WEIGHTS) : null;
  // The contract's order for the lists, as the editor sends them.
  return { lookingFor, position, tribes: TRIBES.filter((t) => tribes.includes(t)), heightCm, weightKg, pronouns };
}
