import { ATTRIBUTE_OPTIONS } from '../../lib/interest-messages';
import {
  LOOKING_FOR,
  parseMeasure,
  PRONOUNS,
  POSITIONS,
  profileWordsProblems,
  TRIBES,
  type WordsProblem,
} from '../../../shared/profile-words';
import type { ProfileUpdate } from './api/update-profile';
import { WORDS_SHOWN_FIELD } from '../../components/profile-words-fields';

/** The profile form (its route action: app/pages/my-profile-page.tsx). */
export const PROFILE_FORM = 'profile';

/** The hidden field the interests' fieldset carries: without it (no list shown) the interests are left as they are. */
export const INTERESTS_SHOWN_FIELD = 'interests_shown';

/** The own-words fields the form posts (the lists once per ticked value). */
const WORDS_FIELDS = ['looking_for', 'position', 'tribes', 'height_cm', 'weight_kg', 'pronouns'] as const;

/** Field ids of the settings lists mapped to the form's fields. */
const SETTING_OF: Record<string, string> = { birth_date: 'age', region_id: 'region' };

/** Whether the site shows `field` (settings.visible_profile_fields and visible_profile_notes; all when empty). */
export const showsProfileField = (visibleFields: readonly string[], field: string): boolean =>
  visibleFields.length === 0 || visibleFields.includes(SETTING_OF[field] ?? field);

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The change a posted profile form asks for (the route's action reads it, through the router or from the browser's own
 * post): the fields the site shows, an empty choice clears its field, an empty birth date is left as it is.
 */
export function profileUpdateOf(form: FormData, visibleFields: readonly string[]): ProfileUpdate {
  const shows = (field: string) => showsProfileField(visibleFields, field);
  const body: ProfileUpdate = { name: text(form, 'name') };
  if (shows('about')) body.about = text(form, 'about');
  const birthDate = text(form, 'birth_date');
  if (shows('birth_date') && birthDate) body.birth_date = birthDate;
  if (shows('country')) body.country = text(form, 'country') || null;
  if (shows('region_id')) {
    const region = Number(text(form, 'region_id'));
    body.region_id = Number.isInteger(region) && region > 0 ? region : null;
  }
  if (shows('tattoos')) {
    const tattoos = text(form, 'tattoos');
    body.tattoos = tattoos === 'yes' ? true : tattoos === 'no' ? false : null;
  }
  if (shows('interests') && form.has(INTERESTS_SHOWN_FIELD)) {
    body.interests = form.getAll('interests').filter((v): v is string => typeof v === 'string');
  }
  for (const key of Object.keys(ATTRIBUTE_OPTIONS) as Array<keyof typeof ATTRIBUTE_OPTIONS>) {
    if (!shows(key)) continue;
    (body as Record<string, unknown>)[key] = text(form, key) || null;
  }
  if (form.has(WORDS_SHOWN_FIELD)) Object.assign(body, profileWordsOf(form));
  return body;
}

const listOf = <T extends string>(form: FormData, name: string, allowed: readonly T[]): T[] => {
  const ticked = new Set(form.getAll(name));
  // The contract's order, each once (a doubled or unknown value in a hand-made post is left out, not refused).
  return allowed.filter((v) => ticked.has(v));
};
const oneOf = <T extends string>(value: string, allowed: readonly T[]): T | null => allowed.find((v) => v === value) ?? null;

/** The own words of a posted profile form: an empty choice or field clears it, a list is what was ticked. */
export function profileWordsOf(
  form: FormData,
): Required<Pick<ProfileUpdate, 'looking_for' | 'position' | 'tribes' | 'height_cm' | 'weight_kg' | 'pronouns'>> {
  return {
    looking_for: listOf(form, 'looking_for', LOOKING_FOR),
    position: oneOf(text(form, 'position'), POSITIONS),
    tribes: listOf(form, 'tribes', TRIBES),
    height_cm: parseMeasure(text(form, 'height_cm')),
    weight_kg: parseMeasure(text(form, 'weight_kg')),
    pronouns: oneOf(text(form, 'pronouns'), PRONOUNS),
  };
}

/** The own-words rules a posted form breaks (checked before the backend is asked), every one at once. */
export function profileWordsProblemsOf(form: FormData): WordsProblem[] {
  if (!form.has(WORDS_SHOWN_FIELD)) return [];
  const words = profileWordsOf(form);
  return profileWordsProblems(words);
}

/** The fields of a refused profile form as they were sent (the interests joined by commas), to show them again. */
export function profileFieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['name', 'about', 'birth_date', 'country', 'region_id', 'tattoos', ...Object.keys(ATTRIBUTE_OPTIONS)]) {
    if (form.has(name)) fields[name] = text(form, name);
  }
  if (form.has(INTERESTS_SHOWN_FIELD)) fields.interests = form.getAll('interests').join(',');
  return { ...fields, ...profileWordsFieldsOf(form) };
}

/**
 * The own words of a refused form as they were sent (the lists joined by commas; wordsAsSent reads them back), so the
 * form shows them again; none when the form had no own-words fields.
 */
export function profileWordsFieldsOf(form: FormData): Record<string, string> {
  if (!form.has(WORDS_SHOWN_FIELD)) return {};
  return Object.fromEntries(
    WORDS_FIELDS.map((name) => [
      name,
      form
        .getAll(name)
        .filter((v) => typeof v === 'string')
        .join(','),
    ]),
  );
}
