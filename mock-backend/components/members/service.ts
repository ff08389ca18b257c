import type { Db } from '../../lib/db';
import { badRequest, notFound } from '../../lib/errors';
import type { Image, ProfileDetail, ProfileSummary } from '../../lib/api-types';
import * as repo from './repository';

/** An approved photo as the API shows it; paths are relative to the site's cdn_prefix. */
export function toImage(p: repo.PhotoRow): Image {
  return { id: p.id, filename: p.filename, thumb_filename: p.thumb_filename, status: p.status, match_path: p.filename, locked: false };
}

export function toSummary(row: repo.SummaryRow): ProfileSummary {
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
  };
}

function encodeCursor(c: repo.MemberCursor): string {
  return Buffer.from(JSON.stringify([c.ts, c.id])).toString('base64url');
}

function decodeCursor(raw: string): repo.MemberCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isInteger(value[1])
    ) {
      return { ts: value[0], id: value[1] as number };
    }
  } catch {
    // fall through to the bad_request below
  }
  throw badRequest({ field: 'cursor' });
}

export async function listMembers(
  db: Db,
  q: { siteId: number; viewerId: number | null; country?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const country = q.country ? q.country.toUpperCase() : null;
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const [rows, total] = await Promise.all([
    repo.listMembers(db, { siteId: q.siteId, viewerId: q.viewerId, country, limit: q.limit + 1, after }),
    repo.countMembers(db, { siteId: q.siteId, viewerId: q.viewerId, country }),
  ]);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    profiles: page.map(toSummary),
    next_cursor: rows.length > q.limit && last ? encodeCursor({ ts: last.cursor_ts, id: last.id }) : null,
    total,
  };
}

export async function getProfile(db: Db, q: { siteId: number; id: number; viewerId: number | null }): Promise<ProfileDetail> {
  const row = await repo.findProfile(db, q.siteId, q.id, q.viewerId);
  if (!row) throw notFound();
  const own = q.viewerId === row.id;
  const [photos, interests] = await Promise.all([repo.listPhotos(db, row.id, own), repo.listInterestKeys(db, row.id)]);
  if (q.viewerId !== null && !own) await repo.markLikeSeen(db, row.id, q.viewerId);
  return {
    ...toSummary(row),
    about: row.about,
    images: photos.map(toImage),
    interests,
    attributes: {
      gender: row.gender,
      sexuality: row.sexuality,
      relationship_status: row.relationship_status,
      hair_colour: row.hair_colour,
      eye_colour: row.eye_colour,
      body_type: row.body_type,
      tattoos: row.tattoos,
      signup_reason: row.signup_reason,
    },
    last_active: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
  };
}
