import { ATTRIBUTE_OPTIONS } from '../../lib/interest-messages';
import type { ProfileUpdate } from './api/update-profile';

/** The profile form (its route action: app/pages/my-profile-page.tsx). */
export const PROFILE_FORM = 'profile';

/** The hidden field the interests' fieldset carries: without it (no list shown) the interests are left as they are. */
export const INTERESTS_SHOWN_FIELD = 'interests_shown';

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
  return body;
}

/** The fields of a refused profile form as they were sent (the interests joined by commas), to show them again. */
export function profileFieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['name', 'about', 'birth_date', 'country', 'region_id', 'tattoos', ...Object.keys(ATTRIBUTE_OPTIONS)]) {
    if (form.has(name)) fields[name] = text(form, name);
  }
  if (form.has(INTERESTS_SHOWN_FIELD)) fields.interests = form.getAll('interests').join(',');
  return fields;
}
