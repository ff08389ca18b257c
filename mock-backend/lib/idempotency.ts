import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { clientIp } from './client';
import { getViewer } from './context';
import { atomically, sql, statement, type Db } from './db';
import { AppError, badRequest } from './errors';
import { faultPoint } from './fault-injection';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../../src/shared/constants';

/**
 * Idempotency keys as draft-ietf-httpapi-idempotency-key-header describes them, for the operations whose entry in
 * openapi.yaml lists the `Idempotency-Key` parameter. The keys live in the database (`idempotency_keys`), so every
 * instance sees them:
 * - the first request with a key runs its work in one transaction (lib/db atomically) that also stores the answer:
 *   the effect (a message, a payment, a refund, a complaint, a photo) and its answer commit together or not at all,
 *   so a retry after a crash at any moment finds either the stored answer or nothing done;
 * - while it runs, the transaction holds an advisory lock on the key; the same key meanwhile answers 409
 *   `idempotency_key_in_use` with Retry-After: 1. The lock belongs to the holder's database session: when that
 *   process dies, PostgreSQL ends the session and the key is free at once (nothing to wait out);
 * - the same key again: the stored answer, with `Idempotent-Replayed: true`, and the work is not done again;
 * - the same key with another body or operation: 422 `idempotency_key_reused`;
 * - an error answer keeps nothing: no answer is stored and the key may be tried again.
 * Keys are scoped to the member (visitors: to their address) and expire IDEMPOTENCY_TTL_HOURS after first use.
 * A row without an answer (written by earlier versions while a request ran) counts as absent.
 */

/** The chat outbox drops a message before its key could expire (src/shared/chat.ts, OUTBOX_MAX_WAIT_MS). */
const IDEMPOTENCY_TTL_HOURS = IDEMPOTENCY_KEY_TTL_HOURS;
const HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,255}$/;

interface UploadedFile {
  fieldname: string;
  buffer: Buffer;
}

/** The key of the request (a bare token or a structured-field string), or null when absent. */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.get(HEADER);
  if (raw === undefined) return null;
  const trimmed = raw.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).replace(/\\(["\\])/g, '$1') : trimmed;
  if (!KEY.test(key)) throw badRequest({ field: 'Idempotency-Key' });
  return key;
}

/** What makes two requests "the same": operation, query, body and uploaded files. */
function fingerprintOf(req: Request): string {
  const hash = createHash('sha256');
  hash.update(`${req.method} ${req.originalUrl}\n`);
  hash.update(JSON.stringify(req.body ?? null));
  for (const file of (req as unknown as { files?: UploadedFile[] }).files ?? []) {
    hash.update(`\n${file.fieldname}:`);
    hash.update(file.buffer);
  }
  return hash.digest('hex');
}

type Found = { kind: 'replay'; status: number; body: unknown } | { kind: 'mismatch' };

const findKey = statement(
  'idempotency_find',
  (scope: string, key: string) => sql`SELECT operation, fingerprint, status, response_body FROM idempotency_keys
  WHERE scope = ${scope} AND key = ${key} AND expires_at > now() AND status IS NOT NULL`,
);
/**
 * The key's advisory lock and, when it was taken, the stored answer in the same round trip. The answer is read in the
 * statement's snapshot, taken just before the lock: an answer committed in between is not seen here, and the store
 * (storeKey) finds it instead (see respondIdempotently).
 */
const lockAndFindKey = statement(
  'idempotency_lock_find',
  (
    lock: string,
    scope: string,
    key: string,
  ) => sql`WITH l AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtextextended(${lock}, 7)) AS locked)
  SELECT l.locked, k.operation, k.fingerprint, k.status, k.response_body
  FROM l LEFT JOIN idempotency_keys k ON l.locked AND k.scope = ${scope} AND k.key = ${key} AND k.expires_at > now() AND k.status IS NOT NULL`,
);
/** The SQLSTATE the store raises when another request's answer under the key committed first. */
const ANSWERED_MEANWHILE = 'IK409';

/**
 * The answer, as the transaction's last statement (sent with its COMMIT): it raises ANSWERED_MEANWHILE when a live
 * answer of the key is there already, which rolls the whole transaction back.
 */
const storeKey = statement(
  'idempotency_store',
  (scope: string, key: string, operation: string, fingerprint: string, status: number, body: string) => sql`WITH stored AS (
    INSERT INTO idempotency_keys (scope, key, operation, fingerprint, status, response_body, expires_at)
    VALUES (${scope}, ${key}, ${operation}, ${fingerprint}, ${status}, ${body}, now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
    ON CONFLICT (scope, key) DO UPDATE SET
      operation = EXCLUDED.operation, fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status,
      response_body = EXCLUDED.response_body, locked_until = NULL, expires_at = EXCLUDED.expires_at,
      created_at = now(), updated_at = now()
    WHERE idempotency_keys.status IS NULL OR idempotency_keys.expires_at <= now()
    RETURNING 1)
  SELECT raise_error(${ANSWERED_MEANWHILE}, 'another answer of this idempotency key committed first')
  WHERE NOT EXISTS (SELECT 1 FROM stored)`,
);

const answeredMeanwhile = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === ANSWERED_MEANWHILE;

interface KeyRow {
  operation: string;
  fingerprint: string;
  status: number;
  response_body: unknown;
}

/** The stored answer of the key as `row` holds it (or a mismatch), null when none is stored. */
function foundOf(row: KeyRow | undefined, operation: string, fingerprint: string): Found | null {
  if (!row) return null;
  if (row.operation !== operation || row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  return { kind: 'replay', status: row.status, body: row.response_body };
}

/** Answers a stored outcome: the replayed answer, or 422 for another request under the same key. */
function answerFound(res: Response, found: Found): void {
  if (found.kind === 'mismatch') throw new AppError(422, 'idempotency_key_reused', { params: { field: 'Idempotency-Key' } });
  res.setHeader('Idempotent-Replayed', 'true');
  res.status(found.status).json(found.body);
}

class KeyInUse extends Error {}
/** The key has a stored answer: the work stops and rolls back, and that answer is given. */
class Answered extends Error {}

export interface IdempotentOptions {
  /**
   * The work starts with a statement, before anything outside the database (no upload processed, no file stored, no
   * message sent): that statement goes out with the key's lock in one round trip, and the rest of the work waits for
   * the lock's answer (lib/db hold()). When the key is not this request's, the transaction — that first statement
   * included — rolls back. A chat send saves a round trip this way.
   */
  firstStepIsStatement?: boolean;
}

/**
 * Answers `status` with the JSON that `work` returns — once per Idempotency-Key when the request carries one.
 * Without a key the work simply runs. Use it in the route of every operation that openapi.yaml marks.
 */
export async function respondIdempotently(
  db: Db,
  req: Request,
  res: Response,
  status: number,
  work: () => Promise<unknown>,
  options: IdempotentOptions = {},
): Promise<void> {
  const key = idempotencyKeyOf(req);
  if (key === null) {
    res.status(status).json(await work());
    return;
  }
  const viewer = getViewer(res);
  const scope = viewer ? `member:${viewer.userId}` : `ip:${clientIp(req, res)}`;
  const operation = `${req.method} ${req.baseUrl}${req.path}`;
  const fingerprint = fingerprintOf(req);
  let replay: Found | null = null;
  let body: unknown;
  try {
    body = await atomically(
      db,
      async (tx) => {
        // Statements on tx itself are not the work's: they do not need a savepoint before its first transaction.
        // The lock and, under it, the answer of a request that held the key before (a retry, or one that raced this one).
        const locked = tx
          .query<{ locked: boolean } & Partial<KeyRow>>(lockAndFindKey(`idempotency:${scope}:${key}`, scope, key))
          .then(([row]) => {
            if (!row?.locked) throw new KeyInUse();
            replay = foundOf(row.operation ? (row as KeyRow) : undefined, operation, fingerprint);
            if (replay) throw new Answered();
          });
        if (!options.firstStepIsStatement) {
          await locked;
          return work();
        }
        tx.hold(locked);
        const [lock, done] = await Promise.allSettled([locked, work()]);
        if (lock.status === 'rejected') throw lock.reason;
        if (done.status === 'rejected') throw done.reason;
        return done.value;
      },
      async (tx, outcome) => {
        // Not this request's key: whatever the work's first statement wrote is rolled back.
        if (!outcome.ok && (outcome.error instanceof KeyInUse || outcome.error instanceof Answered)) throw outcome.error;
        if (!outcome.ok) return;
        faultPoint('idempotency-before-commit');
        // With the COMMIT, in one round trip. A live answer under the key (committed by the lock's previous holder
        // after the lock statement's snapshot was taken) makes it raise: this request's work is undone and that
        // answer given instead, so the work happens once.
        tx.commitWith(storeKey(scope, key, operation, fingerprint, status, JSON.stringify(outcome.value ?? null)));
      },
    );
  } catch (error) {
    if (error instanceof KeyInUse) throw new AppError(409, 'idempotency_key_in_use', { headers: { 'Retry-After': '1' } });
    if (error instanceof Answered && replay) return answerFound(res, replay);
    if (!answeredMeanwhile(error)) throw error;
    const [row] = await db.query<KeyRow>(findKey(scope, key));
    replay = foundOf(row, operation, fingerprint);
    // Gone again meanwhile (expired): the client may try the key once more.
    if (!replay) throw new AppError(409, 'idempotency_key_in_use', { headers: { 'Retry-After': '1' } });
  }
  if (replay) return answerFound(res, replay);
  faultPoint('idempotency-after-commit');
  res.status(status).json(body);
}

/** Removes keys past their expiry (the cleanup job). */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db.query(sql`DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING 1`);
  return rows.length;
}
