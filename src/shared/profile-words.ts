import type { Schemas } from './api/client';

/**
 * The profile in the member's own words (openapi.yaml LookingFor, Position, Tribes, HeightCm, WeightKg, Pronouns):
 * the values the editor offers, in the order it offers them, and the rules the page's action checks before the
 * backend is asked (the backend and the database check the same ones). Every field is optional.
 */
export const LOOKING_FOR = [
  'chat',
  'dates',
  'friends',
  'relationship',
  'right_now',
] as const satisfies readonly Schemas['LookingFor'][number][];
export const POSITIONS = ['top', 'vers_top', 'versatile', 'vers_bottom', 'bottom', 'side'] as const satisfies readonly NonNullable<
  Schemas['Position']
>[];
export const TRIBES = [
  'bear',
  'clean_cut',
  'cub',
  'daddy',
  'discreet',
  'geek',
  'jock',
  'leather',
  'muscle',
  'otter',
  'rugged',
  'sober',
  'twink',
  'wolf',
] as const satisfies readonly Schemas['Tribes'][number][];
export const PRONOUNS = ['he_him', 'he_they', 'they_them', 'any'] as const satisfies readonly NonNullable<Schemas['Pronouns']>[];

/** At most this many tribes. */
export const TRIBES_MAX = 3;
/** Height in whole centimetres and weight in whole kilograms: the one unit stored, whatever the member's language. */
export const HEIGHT_CM = { min: 120, max: 230 } as const;
export const WEIGHT_KG = { min: 40, max: 250 } as const;

export type WordsField = 'tribes' | 'height_cm' | 'weight_kg';
export type WordsProblemCode = 'profile_tribes_too_many' | 'profile_height_range' | 'profile_weight_range';
export interface WordsProblem {
  field: WordsField;
  code: WordsProblemCode;
}

/** A whole number typed into a measure field: null when empty, NaN when it is no whole number. */
export function parseMeasure(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const within = (value: number | null, range: { min: number; max: number }) =>
  value === null || (Number.isInteger(value) && value >= range.min && value <= range.max);

/** Every rule the fields break, all at once (the form shows each beside its field). */
export function profileWordsProblems(words: {
  tribes: readonly string[];
  height_cm: number | null;
  weight_kg: number | null;
}): WordsProblem[] {
  const problems: WordsProblem[] = [];
  if (new Set(words.tribes).size > TRIBES_MAX) problems.push({ field: 'tribes', code: 'profile_tribes_too_many' });
  if (!within(words.height_cm, HEIGHT_CM)) problems.push({ field: 'height_cm', code: 'profile_height_range' });
  if (!within(words.weight_kg, WEIGHT_KG)) problems.push({ field: 'weight_kg', code: 'profile_weight_range' });
  return problems;
}
