import type { Logger } from 'pino';
import type { Schemas } from '../../lib/api-types';
import type { Db } from '../../lib/db';
import { badRequest } from '../../lib/errors';
import { toSummary } from '../members/index';
import * as repo from './repository';

/**
 * Footprints: who opened the member's profile in the last 30 days. Free for every member (docs/product-rules.md):
 * a visit is a reason to write, and messages are what the site lives on.
 */

/**
 * Records a visit of `viewedId`'s profile by `viewerId` (the members component calls it through the function app.ts
 * hands it). One statement that decides by itself whether the visit counts; a failure is logged and never fails the
 * profile's answer.
 */
export async function recordVisit(db: Db, logger: Logger, q: { siteId: number; viewerId: number; viewedId: number }): Promise<void> {
  if (q.viewerId === q.viewedId) return;
  try {
    await repo.recordVisitOf(db, q.siteId, q.viewerId, q.viewedId);
  } catch (err) {
    logger.warn({ err }, 'footprint not recorded');
  }
}

const CURSOR = /^(\d{1,17})\.(\d{1,10})$/;
const MAX_INT4 = 2_147_483_647;

function encodeCursor(row: repo.FootprintRow): string {
  return Buffer.from(`${row.cursor_us}.${row.id}`, 'utf8').toString('base64url');
}

/** The cursor is opaque to clients but not trusted: anything encodeCursor did not write is a 400. */
function decodeCursor(raw: string): repo.FootprintCursor {
  const m = /^[A-Za-z0-9_-]+$/.test(raw) ? CURSOR.exec(Buffer.from(raw, 'base64url').toString('utf8')) : null;
  const id = m ? Number(m[2]) : 0;
  if (!m?.[1] || id < 1 || id > MAX_INT4) throw badRequest({ field: 'cursor' });
  return { us: m[1], id };
}

/** A page of the member's footprints; the first page marks them all seen (the answer still flags the new ones). */
export async function listFootprints(
  db: Db,
  userId: number,
  q: { limit: number; cursor?: string | undefined },
): Promise<Schemas['FootprintList']> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  if (!(await repo.isEnabled(db, userId))) return { enabled: false, footprints: [], next_cursor: null };
  const rows = await repo.listFootprints(db, userId, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  if (!after && page.some((r) => r.is_new)) await repo.markSeen(db, userId);
  const last = page.at(-1);
  return {
    enabled: true,
    footprints: page.map((r) => ({ profile: toSummary(r), viewed_at: new Date(r.last_viewed_at).toISOString(), new: r.is_new })),
    next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null,
  };
}

export async function getSettings(db: Db, userId: number): Promise<Schemas['FootprintSettings']> {
  return { enabled: await repo.isEnabled(db, userId) };
}

export async function setSettings(db: Db, userId: number, enabled: boolean): Promise<Schemas['FootprintSettings']> {
  await repo.setEnabled(db, userId, enabled);
  return { enabled };
}

/** New footprints for the navigation's badge; undefined when he switched them off. */
export async function countNew(db: Db, userId: number): Promise<number | undefined> {
  return (await repo.countNewFootprints(db, userId)) ?? undefined;
}

/** The cleanup job's part: footprints older than 30 days go. */
export function deleteExpiredFootprints(db: Db): Promise<number> {
  return repo.deleteExpired(db);
}

/** The member's footprints for his data export: the profiles he opened and who opened his, by name. */
export async function footprintsForExport(db: Db, userId: number) {
  const rows = await repo.exportRows(db, userId);
  const at = (d: Date) => new Date(d).toISOString();
  return {
    left: rows.filter((r) => r.left).map((r) => ({ name: r.name, at: at(r.at) })),
    received: rows.filter((r) => !r.left).map((r) => ({ name: r.name, at: at(r.at) })),
  };
}
