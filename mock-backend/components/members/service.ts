import type { Db } from '../../lib/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Image, ProfileDetail, ProfileSummary, Schemas } from '../../lib/api-types';
import { distanceBand, type DistanceBand, findLocation } from '../privacy/index';
import { sexualHealthShownTo } from '../sexual-health/index';
import * as repo from './repository';

type Position = { lat: number | null; lon: number | null } | null;

/** An approved photo as the API shows it; paths are relative to the site's cdn_prefix. */
export function toImage(p: repo.PhotoRow): Image {
  return { id: p.id, filename: p.filename, thumb_filename: p.thumb_filename, status: p.status, match_path: p.filename, locked: false };
}

/** A profile summary; with the viewer's snapped position it carries a distance band (never a position). */
export function toSummary(row: repo.SummaryRow, viewerPosition?: Position): ProfileSummary {
  const distance: DistanceBand | null | undefined =
    viewerPosition === undefined ? undefined : distanceBand(viewerPosition, { lat: row.loc_lat, lon: row.loc_lon });
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    age: row.age,
    main_image:
      row.photo_id !== null && row.photo_filename && row.photo_thumb && row.photo_status
        ? toImage({ id: row.photo_id, filename: row.photo_filename, thumb_filename: row.photo_thumb, status: row.photo_status })
        : null,
    online: row.online,
    premium: row.premium,
    fictional: row.fictional,
    verified: row.verified,
    // The brief of his own words (the card's line): only what he said, nothing when he said nothing.
    ...(row.looking_for?.length ? { looking_for: row.looking_for } : {}),
    ...(row.position ? { position: row.position } : {}),
    ...(row.height_cm != null ? { height_cm: row.height_cm } : {}),
    ...(distance !== undefined ? { distance } : {}),
    // Only with a viewer: whether he likes this member (the like heart, without loading his likes list).
    ...(typeof row.liked === 'boolean' ? { liked: row.liked } : {}),
  };
}

function encodeCursor(c: repo.MemberCursor): string {
  return Buffer.from(JSON.stringify(c.band === undefined ? [c.ts, c.id] : [c.ts, c.id, c.band])).toString('base64url');
}

/** PostgreSQL's text form of a timestamptz (`2026-11-22 10:23:41.662+00`), as `cursor_ts` carries it. */
const CURSOR_TS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::[0-5]\d){0,2}$/;
const MAX_INT4 = 2_147_483_647;

/** A real instant in PostgreSQL's text form: a calendar date, a time of day and an offset within ±15 h. */
function isCursorTimestamp(value: unknown): value is string {
  const m = typeof value === 'string' ? CURSOR_TS.exec(value) : null;
  if (!m) return false;
  const [y, mo, d, h, mi, sec, offset] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const realDay = y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return realDay && h < 24 && mi < 60 && sec < 60 && offset <= 15;
}

const isRowId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT4;

/**
 * The cursor is opaque to clients but not trusted: anything but what encodeCursor wrote — a timestamp PostgreSQL
 * reads, a row id within int4, a band rank 0–6 — is a 400, never a failing query.
 */
function decodeCursor(raw: string): repo.MemberCursor {
  let value: unknown;
  try {
    value = /^[A-Za-z0-9_-]+$/.test(raw) ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null;
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    (value.length === 2 || value.length === 3) &&
    isCursorTimestamp(value[0]) &&
    isRowId(value[1]) &&
    (value[2] === undefined || (Number.isInteger(value[2]) && value[2] >= 0 && value[2] <= 6))
  ) {
    return { ts: value[0], id: value[1], ...(value[2] === undefined ? {} : { band: value[2] as number }) };
  }
  throw badRequest({ field: 'cursor' });
}

/** Searches count their results up to this many; beyond it the answer says "at least" (`total_capped`). */
export const COUNT_CAP = 1000;

/** A first page with fewer results than this also lists similar members (a looser search). */
const FEW_RESULTS = 6;
const SIMILAR_LIMIT = 12;

export interface SearchQuery {
  siteId: number;
  viewerId: number | null;
  country?: string | undefined;
  gender?: 'male' | 'female' | undefined;
  region?: number | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
  limit: number;
  cursor?: string | undefined;
  /** 'distance': nearest band first (needs the viewer's shared location, else it is 'last_active'). */
  sort?: 'last_active' | 'distance' | undefined;
  /** The quick filters: online now, with an approved main photo, joined recently, verified. */
  online?: boolean | undefined;
  withPhoto?: boolean | undefined;
  newMembers?: boolean | undefined;
  /** Verified members: the main photo is one a moderator matched with the member's selfie. */
  verified?: boolean | undefined;
  /** Within 50 km of the viewer's shared location (distance bands up to 25–50 km); needs that location. */
  nearby?: boolean | undefined;
  /** At or nearer than this distance band of the viewer's shared location; needs that location. */
  maxDistance?: Exclude<DistanceBand, 'gt100'> | undefined;
  /** The profile's own words: any of these (looking for, position, tribes), a height range in centimetres. */
  lookingFor?: readonly string[] | undefined;
  position?: readonly string[] | undefined;
  tribes?: readonly string[] | undefined;
  minHeight?: number | undefined;
  maxHeight?: number | undefined;
  /** Online now and looking for `right_now`. */
  rightNow?: boolean | undefined;
}

/** The ranks of the bands `max_distance` takes (privacy/geo.ts BAND_RANKS): the cells of bands 0 to this rank. */
const MAX_DISTANCE_RANK: Record<Exclude<DistanceBand, 'gt100'>, number> = { lt5: 0, '5to10': 1, '10to25': 2, '25to50': 3, '50to100': 4 };
/** "Nearby": the bands up to 25–50 km. */
const NEARBY_RANK = 3;

export async function listMembers(db: Db, q: SearchQuery): Promise<Schemas['MemberPage']> {
  if (q.minAge && q.maxAge && q.minAge > q.maxAge) throw badRequest({ field: 'max_age' });
  if (q.minHeight && q.maxHeight && q.minHeight > q.maxHeight) throw badRequest({ field: 'max_height' });
  const filters: repo.MemberFilters = {
    siteId: q.siteId,
    viewerId: q.viewerId,
    country: q.country ? q.country.toUpperCase() : null,
    gender: q.gender ?? null,
    regionId: q.region ?? null,
    minAge: q.minAge ?? null,
    maxAge: q.maxAge ?? null,
    online: q.online === true,
    withPhoto: q.withPhoto === true,
    newMembers: q.newMembers === true,
    verified: q.verified === true,
    lookingFor: q.lookingFor,
    position: q.position,
    tribes: q.tribes,
    minHeight: q.minHeight ?? null,
    maxHeight: q.maxHeight ?? null,
    rightNow: q.rightNow === true,
  };
  // The quick filters are part of every page's query (the cursor is only a position in the order), so the next
  // page is asked with the same filters as the first.
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const position = q.viewerId === null ? null : await findLocation(db, q.viewerId);
  const at = position?.lat != null && position.lon != null ? { lat: position.lat, lon: position.lon } : null;
  const near = q.sort === 'distance' ? at : null;
  // "Nearby" without a shared location cannot be answered honestly (neither everybody nor nobody is near him).
  if (q.nearby && !at) throw new AppError(400, 'location_required', { params: { field: 'nearby' } });
  if (q.maxDistance && !at) throw new AppError(400, 'location_required', { params: { field: 'max_distance' } });
  // Both narrow to the cells of the bands up to one band; together, the nearer of the two.
  const ranks = [...(q.nearby ? [NEARBY_RANK] : []), ...(q.maxDistance ? [MAX_DISTANCE_RANK[q.maxDistance]] : [])];
  filters.nearby = ranks.length > 0 ? at : null;
  filters.maxBand = ranks.length > 0 ? Math.min(...ranks) : undefined;
  // A cursor belongs to one order; one from the other order would skip or repeat members.
  if (after && (after.band !== undefined) !== (near !== null)) throw badRequest({ field: 'cursor' });
  // With the profile's own words, the planner's estimate (one EXPLAIN) decides how the count reads them, and the page
  // by distance; a page by activity does not wait for it.
  const estimating = repo.wordsEstimate(db, filters);
  const asked = { ...filters, limit: q.limit + 1, after, near };
  const [rows, { total, capped }] = await Promise.all([
    near ? estimating.then((estimate) => repo.listMembers(db, { ...asked, estimate })) : repo.listMembers(db, { ...asked, estimate: null }),
    estimating.then((estimate) => repo.countMembers(db, filters, COUNT_CAP, { estimate })),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const narrowed = filters.regionId !== null || filters.minAge !== null || filters.maxAge !== null;
  let similar: ProfileSummary[] | undefined;
  if (!after && total < FEW_RESULTS && narrowed) {
    // Looser: the same gender and country, any region and age; the quick filters the member tapped still apply.
    const loose = await repo.listMembers(db, {
      ...filters,
      regionId: null,
      minAge: null,
      maxAge: null,
      excludeIds: page.map((r) => r.id),
      limit: SIMILAR_LIMIT,
      after: null,
    });
    similar = loose.map((r) => toSummary(r, position));
  }
  return {
    profiles: page.map((r) => toSummary(r, position)),
    next_cursor:
      rows.length > q.limit && last
        ? encodeCursor({ ts: last.cursor_ts, id: last.id, ...(near ? { band: last.band_rank ?? 6 } : {}) })
        : null,
    total,
    ...(capped ? { total_capped: true } : {}),
    ...(similar ? { similar } : {}),
    sort: near ? 'distance' : 'last_active',
  };
}

/** The contract's ProfileAttributes of a profile row (the profile view and the profile editor). */
export function attributesOf(row: repo.AttributeColumns): Schemas['ProfileAttributes'] {
  return {
    gender: row.gender,
    sexuality: row.sexuality,
    relationship_status: row.relationship_status,
    hair_colour: row.hair_colour,
    eye_colour: row.eye_colour,
    body_type: row.body_type,
    tattoos: row.tattoos,
    signup_reason: row.signup_reason,
    looking_for: row.looking_for,
    position: row.position,
    tribes: row.tribes,
    height_cm: row.height_cm,
    weight_kg: row.weight_kg,
    pronouns: row.pronouns,
  };
}

/**
 * Photos as this viewer may see them: the owner and premium members get every photo sharp; everybody else gets the
 * main photo sharp and every other photo only as its blurred file (`locked`), so no sharp URL ever reaches them.
 */
function galleryImage(p: repo.GalleryRow, canSeeAll: boolean): Image {
  if (canSeeAll || p.is_main) return toImage(p);
  return {
    id: p.id,
    filename: p.blurred_filename,
    thumb_filename: p.blurred_filename,
    status: p.status,
    match_path: p.blurred_filename,
    locked: true,
  };
}

export async function getProfile(
  db: Db,
  q: { siteId: number; id: number; viewerId: number | null; viewerPaid: boolean },
): Promise<ProfileDetail> {
  const row = await repo.findProfile(db, q.siteId, q.id, q.viewerId);
  if (!row) throw notFound();
  const own = q.viewerId === row.id;
  const [photos, interests, position, sexualHealth, privateAlbum] = await Promise.all([
    repo.listPhotos(db, row.id, own),
    repo.listInterestKeys(db, row.id),
    q.viewerId === null || own ? Promise.resolve(null) : findLocation(db, q.viewerId),
    // Special category data: only as his visibility allows this viewer (components/sexual-health), never in lists.
    sexualHealthShownTo(db, row.id, q.viewerId),
    q.viewerId === null || own ? Promise.resolve(null) : repo.findPrivateAlbum(db, row.id, q.viewerId),
  ]);
  if (q.viewerId !== null && !own) await repo.markLikeSeen(db, row.id, q.viewerId);
  const { liked, ...summary } = toSummary(row, position);
  // The viewer's own like relation to this member (the full like button: liked, "likes you", match); none on his own profile.
  const relation =
    q.viewerId === null || own ? {} : { liked: liked ?? false, likes_me: row.likes_me ?? false, like_new: row.like_new ?? false };
  const ownMain = own ? photos.find((p) => p.is_main) : undefined;
  return {
    ...summary,
    // The owner also sees a main photo that still awaits moderation.
    main_image: own ? (ownMain ? toImage(ownMain) : null) : summary.main_image,
    about: row.about,
    images: photos.map((p) => galleryImage(p, own || q.viewerPaid)),
    interests,
    attributes: attributesOf(row),
    last_active: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
    ...relation,
    ...(sexualHealth ? { sexual_health: sexualHealth } : {}),
    // Another member's private album: its size and who shares with whom (the photos come from album.php).
    ...(privateAlbum ? { private_album: privateAlbum } : {}),
  };
}
