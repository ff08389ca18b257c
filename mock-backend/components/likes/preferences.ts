import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import * as repo from './repository';

export type MatchPreferences = Schemas['MatchPreferences'];

/** Years either side of the member's own age when he has not said what he looks for. */
const DEFAULT_AGE_SPREAD = 10;
const MIN_AGE = 18;
const MAX_AGE = 99;

/**
 * What the member looks for when he never said: men for gay men, women for lesbian women, the other gender for
 * hetero members, anyone for bi members or an unknown sexuality; ten years either side of his age; his own country.
 */
function defaultPreferences(own: repo.OwnFacts | null): repo.Preferences {
  let gender: repo.Preferences['gender'] = null;
  if (own?.gender && (own.sexuality === 'gay' || own.sexuality === 'lesbian')) gender = own.gender;
  else if (own?.gender && own.sexuality === 'hetero') gender = own.gender === 'male' ? 'female' : 'male';
  const age = own?.age ?? null;
  return {
    gender,
    min_age: age === null ? MIN_AGE : Math.max(MIN_AGE, age - DEFAULT_AGE_SPREAD),
    max_age: age === null ? MAX_AGE : Math.min(MAX_AGE, Math.max(MIN_AGE, age + DEFAULT_AGE_SPREAD)),
    country: own?.country ?? null,
    region_id: null,
  };
}

/** The member's preferences: saved ones, or the defaults of his profile. */
export async function preferencesOf(db: Db, userId: number): Promise<repo.Preferences & { saved: boolean }> {
  const saved = await repo.findPreferences(db, userId);
  if (saved) return { ...saved, saved: true };
  return { ...defaultPreferences(await repo.findOwnFacts(db, userId)), saved: false };
}

export async function getPreferences(db: Db, userId: number): Promise<MatchPreferences> {
  return preferencesOf(db, userId);
}

function rule(code: 'preferences_age_range' | 'profile_region_unknown', field: string): AppError {
  return new AppError(422, code, { params: { field } });
}

export async function savePreferences(db: Db, userId: number, body: Schemas['MatchPreferencesUpdate']): Promise<MatchPreferences> {
  if (body.min_age > body.max_age) throw rule('preferences_age_range', 'min_age');
  const country = body.country ? body.country.toUpperCase() : null;
  const regionId = body.region_id ?? null;
  if (regionId !== null && (country === null || (await repo.regionCountry(db, regionId)) !== country)) {
    throw rule('profile_region_unknown', 'region_id');
  }
  const prefs: repo.Preferences = {
    gender: body.gender ?? null,
    min_age: body.min_age,
    max_age: body.max_age,
    country,
    region_id: regionId,
  };
  await repo.savePreferences(db, userId, prefs);
  return { ...prefs, saved: true };
}
