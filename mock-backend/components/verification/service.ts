import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  VERIFICATION_POSES,
  VERIFICATION_SELFIE_KEEP_DAYS,
  VERIFICATION_SELFIES_PER_DAY,
  type VerificationRefusalReason,
} from '../../../src/shared/verification';
import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Bus } from '../../lib/bus';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, badRequest, notFound } from '../../lib/errors';
import { recordMemberEvent, tell } from '../../lib/live-events';
import type { MediaStore } from '../../lib/media-store';
import type { Outbox } from '../../lib/outbox';
import { requireModerator } from '../moderation/index';
import { processPhoto } from '../photos/index';
import { linkOrigin, localeOf, mail, renderVerificationRefusal, tiedMembers } from '../safety/index';
import { removeSelfie, selfieThumbOf, storeSelfie } from './media';
import * as repo from './repository';

export type Verification = Schemas['Verification'];
export type VerificationQueue = Schemas['VerificationQueue'];
export type VerificationDecision = Schemas['VerificationDecision'];

/** The page where a member asks, reads a refusal's statement and tries again (built by the app). */
const VERIFICATION_PATH = '/verification';

const DAY_MS = 24 * 3600 * 1000;
/** Requests the console shows at once. */
const QUEUE_LIMIT = 20;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A selfie as an Image for its member and the moderators (the JSON serializer signs its paths). */
function selfieImage(r: { id: number; selfie: string; status: repo.RequestStatus }): Schemas['Image'] {
  const status = r.status === 'approved' ? 'approved' : r.status === 'refused' ? 'rejected' : 'pending';
  return { id: r.id, filename: r.selfie, thumb_filename: selfieThumbOf(r.selfie), status, match_path: r.selfie, locked: false };
}

/** The selfies the member may still send today, and when the next one counts again when none is left. */
async function allowance(db: Db, userId: number, now = Date.now()): Promise<{ left: number; next: Date | null }> {
  const sent = await repo.selfiesSince(db, userId, new Date(now - DAY_MS));
  const left = Math.max(0, VERIFICATION_SELFIES_PER_DAY - sent.length);
  const oldest = sent[sent.length - VERIFICATION_SELFIES_PER_DAY];
  return { left, next: left === 0 && oldest ? new Date(oldest.getTime() + DAY_MS) : null };
}

/**
 * The member's verification as he sees it: his latest request, whether the badge shows, and what he may do next —
 * including whether he has an approved photo to be compared with, and which of his photos wait for a moderator.
 */
async function stateOf(db: Db, userId: number): Promise<Verification> {
  const [request, verified, { left, next }, approved, waiting] = await Promise.all([
    repo.latestRequest(db, userId),
    repo.isVerified(db, userId),
    allowance(db, userId),
    repo.approvedPhotoCount(db, userId),
    repo.waitingPhotos(db, userId),
  ]);
  const decided = request?.decided_at ? new Date(request.decided_at) : null;
  return {
    status: request?.status ?? 'none',
    verified,
    // Approved once, but the main photo now is one no moderator matched: the badge is gone, and he is told why.
    lapsed: request?.status === 'approved' && !verified,
    pose: request && request.status !== 'approved' ? request.pose : null,
    selfie: request?.selfie ? selfieImage({ id: request.id, selfie: request.selfie, status: request.status }) : null,
    reason: request?.reason ?? null,
    submitted_at: iso(request?.submitted_at ?? null),
    decided_at: iso(decided),
    selfie_kept_until:
      decided && request?.selfie ? new Date(decided.getTime() + VERIFICATION_SELFIE_KEEP_DAYS * DAY_MS).toISOString() : null,
    selfies_left: left,
    next_selfie_at: iso(next),
    approved_photos: approved,
    waiting_photos: waiting.map((p) => ({
      id: p.id,
      filename: p.filename,
      thumb_filename: p.thumb_filename,
      status: 'pending' as const,
      match_path: p.filename,
      locked: false,
    })),
  };
}

export async function getVerification(db: Db, viewer: Viewer | null): Promise<Verification> {
  if (!viewer) throw authenticationRequired();
  return stateOf(db, viewer.userId);
}

/**
 * Starts a verification: the site picks one of the poses at random and keeps it with the request. Asked again while
 * the pose waits for a selfie, the same pose (no picking the easiest). Refused while a selfie waits for a moderator
 * (409 verification_pending), when the badge shows (409 already_verified) and without an approved photo to compare
 * with (422 verification_no_photo). Answers whether a request was created.
 */
export async function start(
  db: Db,
  viewer: Viewer | null,
  site: Pick<Site, 'id'>,
): Promise<{ created: boolean; verification: Verification }> {
  if (!viewer) throw authenticationRequired();
  const created = await db.transaction(async (tx) => {
    if (!(await repo.lockMember(tx, viewer.userId))) throw authenticationRequired();
    const latest = await repo.latestRequest(tx, viewer.userId);
    if (latest?.status === 'posed') return false;
    if (latest?.status === 'pending') throw new AppError(409, 'verification_pending');
    if (await repo.isVerified(tx, viewer.userId)) throw new AppError(409, 'already_verified');
    if ((await repo.approvedPhotoCount(tx, viewer.userId)) === 0) throw new AppError(422, 'verification_no_photo');
    const pose = VERIFICATION_POSES[randomInt(VERIFICATION_POSES.length)] ?? 'peace';
    await repo.insertRequest(tx, { siteId: site.id, userId: viewer.userId, pose });
    return true;
  });
  return { created, verification: await stateOf(db, viewer.userId) };
}

function dailyLimit(next: Date | null, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil(((next?.getTime() ?? now + DAY_MS) - now) / 1000));
  return new AppError(429, 'verification_daily', {
    params: { count: VERIFICATION_SELFIES_PER_DAY, hours: Math.max(1, Math.ceil(seconds / 3600)), next: next?.toISOString() ?? null },
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Takes the selfie of the member's posed request with the photos' defences (content check, size and pixel limits,
 * re-encoded without metadata), stores it privately and puts the request in the moderators' queue with the photos the
 * moderator will compare it with: his approved photos now, recorded with the request (an approval vouches for these
 * only). At most VERIFICATION_SELFIES_PER_DAY selfies per 24 hours (429 verification_daily, counted again under the
 * member's lock); without a posed request 409 verification_not_started; without an approved photo left 422
 * verification_no_photo. A refusal keeps no file and no row.
 */
export async function submitSelfie(
  db: Db,
  media: MediaStore,
  viewer: Viewer | null,
  file: Buffer | undefined,
  logger: Logger,
): Promise<Verification> {
  if (!viewer) throw authenticationRequired();
  if (!file) throw badRequest({ field: 'photo' });
  const latest = await repo.latestRequest(db, viewer.userId);
  if (latest?.status !== 'posed')
    throw new AppError(409, latest?.status === 'pending' ? 'verification_pending' : 'verification_not_started');
  const before = await allowance(db, viewer.userId);
  if (before.left === 0) throw dailyLimit(before.next);
  const variants = await processPhoto(file);
  const selfie = await storeSelfie(media, variants);
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.lockMember(tx, viewer.userId))) throw authenticationRequired();
      const now = await allowance(tx, viewer.userId);
      if (now.left === 0) throw dailyLimit(now.next);
      const request = await repo.submitSelfie(tx, viewer.userId, selfie);
      if (!request) throw new AppError(409, 'verification_not_started');
      if ((await repo.recordShownPhotos(tx, request.id, viewer.userId)) === 0) throw new AppError(422, 'verification_no_photo');
    });
  } catch (err) {
    await removeSelfie(media, selfie, logger);
    throw err;
  }
  return stateOf(db, viewer.userId);
}

/**
 * The moderators' queue: pending selfies, oldest first, each with the pose asked for and the photos the request shows
 * (his approved photos when he sent the selfie, those still approved, main first) to compare with — exactly the photos
 * an approval marks; never the moderator's own request, and marked where he is tied to the member (a block either way
 * or a conversation: another moderator decides).
 */
export async function listQueue(db: Db, viewer: Viewer | null, siteId: number): Promise<VerificationQueue> {
  const moderator = await requireModerator(db, viewer);
  const rows = await repo.listPending(db, siteId, moderator.userId, QUEUE_LIMIT);
  const memberIds = rows.map((r) => r.user_id);
  const [photos, tied] = await Promise.all([
    repo.shownPhotos(
      db,
      rows.map((r) => r.id),
    ),
    tiedMembers(db, moderator.userId, memberIds),
  ]);
  return {
    requests: rows.map((r) => ({
      id: r.id,
      member: { id: r.user_id, name: r.name },
      pose: r.pose,
      selfie: selfieImage({ id: r.id, selfie: r.selfie, status: 'pending' }),
      photos: photos
        .filter((p) => p.request_id === r.id)
        .map((p) => ({
          id: p.id,
          filename: p.filename,
          thumb_filename: p.thumb_filename,
          status: 'approved' as const,
          match_path: p.filename,
          locked: false,
        })),
      submitted_at: new Date(r.submitted_at).toISOString(),
      conflict_of_interest: tied.has(r.user_id),
    })),
  };
}

export interface DecideDeps {
  db: Db;
  /** Tells the member's open pages (the event stream) of the decision. */
  bus?: Bus;
  media: MediaStore;
  logger: Logger;
  outbox: Pick<Outbox, 'kick'>;
  publicUrl: string;
}

/**
 * A moderator's decision on a pending selfie. Approving marks as matched the photos the request showed him that are
 * still approved, and no other (with his main photo among them the badge shows from now on; a photo approved since the
 * selfie was sent needs a later verification); refusing needs a reason from the short list and mails the member its
 * statement of reasons in his language. Nobody decides about himself (403 own_case) or a member he is tied to (403
 * conflict_of_interest); a request decided before is 409 verification_decided, an unknown one 404. Every decision is
 * the request row's moderator, time and reason, and a log line of ids.
 */
export async function decide(
  deps: DecideDeps,
  viewer: Viewer | null,
  site: Site,
  input: VerificationDecision,
): Promise<{ member: number }> {
  const moderator = await requireModerator(deps.db, viewer);
  const reason: VerificationRefusalReason | null = input.decision === 'refuse' ? (input.reason ?? null) : null;
  if (input.decision === 'refuse' && !reason) throw new AppError(422, 'invalid_value', { params: { field: 'reason' } });
  const member = await deps.db.transaction(async (tx) => {
    const request = await repo.requestOfSite(tx, site.id, input.request);
    if (!request || request.status === 'posed') throw notFound();
    if (request.user_id === moderator.userId) throw new AppError(403, 'own_case');
    if ((await tiedMembers(tx, moderator.userId, [request.user_id])).size > 0) throw new AppError(403, 'conflict_of_interest');
    await repo.lockMember(tx, request.user_id);
    const decided = await repo.decide(tx, {
      id: request.id,
      moderatorId: moderator.userId,
      status: input.decision === 'approve' ? 'approved' : 'refused',
      reason,
    });
    if (!decided) throw new AppError(409, 'verification_decided');
    if (input.decision === 'approve') {
      if ((await repo.matchPhotos(tx, request.user_id, request.id)) === 0) throw new AppError(422, 'verification_no_photo');
      await recordMemberEvent(tx, request.user_id, { kind: 'verification', data: { status: 'approved' } });
      return request.user_id;
    }
    const address = await repo.mailAddress(tx, request.user_id);
    if (address && reason) {
      const rendered = renderVerificationRefusal(localeOf(address.language), {
        site: site.name,
        reason,
        selfiesPerDay: VERIFICATION_SELFIES_PER_DAY,
        keepDays: VERIFICATION_SELFIE_KEEP_DAYS,
        link: `${await linkOrigin(deps.publicUrl, tx, site)}${VERIFICATION_PATH}`,
      });
      await mail(tx, site, address.email, 'verification_refused', `verification:${request.id}`, rendered);
    }
    await recordMemberEvent(tx, request.user_id, { kind: 'verification', data: { status: 'refused' } });
    return request.user_id;
  });
  await tell(deps.bus, [member]);
  if (input.decision === 'refuse') deps.outbox.kick();
  return { member };
}

/** Requests the purge handles per pass. */
const PURGE_BATCH = 200;

/**
 * The retention purge (a scheduled job): deletes the selfie files of requests decided more than
 * VERIFICATION_SELFIE_KEEP_DAYS ago; the request row keeps the decision (pose, outcome, reason, who and when). The
 * file name is forgotten first and the files deleted after the commit; a file the store did not delete is swept.
 */
export async function purgeSelfies(db: Db, media: MediaStore, logger: Logger, now = Date.now()): Promise<number> {
  const before = new Date(now - VERIFICATION_SELFIE_KEEP_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const rows = await repo.selfiesToPurge(db, before, PURGE_BATCH);
    if (rows.length === 0) break;
    await repo.forgetSelfies(
      db,
      rows.map((r) => r.id),
    );
    for (const r of rows) await removeSelfie(media, r.selfie, logger);
    purged += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  return purged;
}
