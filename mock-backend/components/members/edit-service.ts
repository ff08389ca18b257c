import { ageOn, NAME_MAX_LENGTH } from '../../../src/shared/account-rules';
import { hasVisibleText } from '../../../src/shared/visible-text';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../src/shared/constants';
import type { Db } from '../../lib/db';
import type { Site } from '../../lib/context';
import { AppError, authenticationRequired, badRequest } from '../../lib/errors';
import type { Schemas } from '../../lib/api-types';
import { listOwnPhotos, toOwnImage } from '../photos/index';
import * as repo from './edit-repository';
import { listInterestKeys } from './repository';
import { attributesOf } from './service';

export type MyProfile = Schemas['MyProfile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];

/** Members must be adults. */
const MIN_AGE = 18;
const MAX_AGE = 120;

export async function getMyProfile(db: Db, userId: number): Promise<MyProfile> {
  const row = await repo.findMyProfile(db, userId);
  if (!row) throw authenticationRequired();
  const [interests, photos] = await Promise.all([listInterestKeys(db, userId), listOwnPhotos(db, userId)]);
  return {
    id: row.id,
    name: row.name,
    about: row.about,
    birth_date: row.birth_date,
    age: row.age,
    country: row.country,
    region_id: row.region_id,
    attributes: attributesOf(row),
    interests,
    photos: photos.map(toOwnImage),
    photo_limit: row.paid_user ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE,
    invisible: row.invisible,
    has_location: row.has_location,
  };
}

type RuleCode =
  | 'profile_name_length'
  | 'profile_name_email'
  | 'profile_name_at'
  | 'profile_birth_date_invalid'
  | 'profile_too_young'
  | 'profile_interest_unknown'
  | 'profile_region_unknown';

/** 422 with the field that breaks the rule, so the form can show the message beside it. */
function rule(code: RuleCode, field: string, params: Record<string, unknown> = {}): AppError {
  return new AppError(422, code, { params: { field, ...params } });
}

/**
 * Checks every profile field rule (lengths, formats, allowed values) for the fields sent, then saves them and the
 * interests in one transaction.
 */
export async function updateProfile(db: Db, site: Site, userId: number, body: ProfileUpdate, today = new Date()): Promise<MyProfile> {
  const current = await repo.findMyProfile(db, userId);
  if (!current) throw authenticationRequired();
  const changes: Partial<Record<repo.EditableColumn, unknown>> = {};

  if (body.name !== undefined) {
    const name = body.name.trim().replace(/\s+/g, ' ');
    if (!hasVisibleText(name)) throw new AppError(422, 'text_invisible', { params: { field: 'name' } });
    if (name.length < 2 || name.length > NAME_MAX_LENGTH) throw rule('profile_name_length', 'name');
    if (name.startsWith('@')) throw rule('profile_name_at', 'name');
    if (name.toLowerCase() === current.email.toLowerCase()) throw rule('profile_name_email', 'name');
    changes.name = name;
  }
  if (body.about !== undefined) changes.about = body.about.trim();
  if (body.birth_date !== undefined) {
    // A real calendar date (1990-02-30 is none: `new Date` would roll it over to March, PostgreSQL would refuse it).
    const age = ageOn(body.birth_date, today);
    if (age === null || age < 0 || age > MAX_AGE) throw rule('profile_birth_date_invalid', 'birth_date');
    if (age < MIN_AGE) throw rule('profile_too_young', 'birth_date', { min_age: MIN_AGE });
    changes.birth_date = body.birth_date;
  }
  for (const key of [
    'gender',
    'sexuality',
    'relationship_status',
    'hair_colour',
    'eye_colour',
    'body_type',
    'tattoos',
    'signup_reason',
    // The profile in his own words: null clears a value, a list replaces the stored one (the contract checks them).
    'looking_for',
    'position',
    'tribes',
    'height_cm',
    'weight_kg',
    'pronouns',
  ] as const) {
    if (body[key] !== undefined) changes[key] = body[key];
  }

  const country = body.country !== undefined ? body.country : current.country;
  if (body.country !== undefined) {
    if (body.country !== null && site.countries.length > 0 && !site.countries.includes(body.country))
      throw badRequest({ field: 'country' });
    changes.country = body.country;
  }
  if (body.region_id !== undefined) {
    // The region must exist and lie in the profile's country, whether or not a country is set (none: no region fits).
    if (body.region_id !== null) {
      const regionCountry = await repo.regionCountry(db, body.region_id);
      if (regionCountry === null || regionCountry !== country) throw rule('profile_region_unknown', 'region_id');
    }
    changes.region_id = body.region_id;
  } else if (body.country !== undefined && body.country !== current.country) {
    changes.region_id = null;
  }

  let interestIds: number[] | null = null;
  if (body.interests !== undefined) {
    interestIds = await repo.interestIds(db, body.interests);
    if (interestIds.length !== new Set(body.interests).size) throw rule('profile_interest_unknown', 'interests');
  }

  await db.transaction(async (tx) => {
    await repo.updateProfile(tx, userId, changes);
    if (interestIds) await repo.replaceInterests(tx, userId, interestIds);
  });
  return getMyProfile(db, userId);
}
