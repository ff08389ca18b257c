import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { clientIp } from './client';
import { getViewer } from './context';
import { prepared, type Db } from './db';
import { AppError, badRequest } from './errors';

/**
 * Idempotency keys as draft-ietf-httpapi-idempotency-key-header describes them, for the operations whose entry in
 * openapi.yaml lists the `Idempotency-Key` parameter. The keys live in the database (`idempotency_keys`), so every
 * instance sees them:
 * - the first request with a key claims it (a lease while it runs), does the work and stores a successful answer;
 * - the same key again: the stored answer, with `Idempotent-Replayed: true`, and the work is not done again;
 * - the same key while the first is still running: 409 `idempotency_key_in_use` with Retry-After;
 * - the same key with another body or operation: 422 `idempotency_key_reused`;
 * - an error answer keeps nothing: the key is released and may be tried again.
 * Keys are scoped to the member (visitors: to their address) and expire IDEMPOTENCY_TTL_HOURS after first use; an
 * instance that died mid-request leaves its lease to run out, after which a retry with the same body runs again.
 */

export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_LEASE_SECONDS = 120;
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
  for (const file of ((req as unknown as { files?: UploadedFile[] }).files ?? [])) {
    hash.update(`\n${file.fieldname}:`);
    hash.update(file.buffer);
  }
  return hash.digest('hex');
}

type Claim = { kind: 'run' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'busy'; retryAfter: number } | { kind: 'mismatch' };

async function claim(db: Db, scope: string, key: string, operation: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claimed = await db.query(
      prepared(`INSERT INTO idempotency_keys (scope, key, operation, fingerprint, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now() + make_interval(hours => $6))
       ON CONFLICT (scope, key) DO UPDATE SET
         operation = EXCLUDED.operation, fingerprint = EXCLUDED.fingerprint, status = NULL, response_body = NULL,
         locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, created_at = now(), updated_at = now()
       WHERE idempotency_keys.expires_at <= now()
          OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= now()
              AND idempotency_keys.operation = EXCLUDED.operation AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
       RETURNING 1`),
      [scope, key, operation, fingerprint, IDEMPOTENCY_LEASE_SECONDS, IDEMPOTENCY_TTL_HOURS],
    );
    if (claimed.length > 0) return { kind: 'run' };
    const [row] = await db.query<{ operation: string; fingerprint: string; status: number | null; response_body: unknown; wait: number }>(
      `SELECT operation, fingerprint, status, response_body,
              greatest(1, ceil(extract(epoch FROM (locked_until - now()))))::int AS wait
       FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at > now()`,
      [scope, key],
    );
    if (!row) continue; // released or expired in between: claim again
    if (row.operation !== operation || row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.status === null) return { kind: 'busy', retryAfter: row.wait ?? 1 };
    return { kind: 'replay', status: row.status, body: row.response_body };
  }
  return { kind: 'busy', retryAfter: 1 };
}

/**
 * Answers `status` with the JSON that `work` returns — once per Idempotency-Key when the request carries one.
 * Without a key the work simply runs. Use it in the route of every operation that openapi.yaml marks.
 */
export async function respondIdempotently(db: Db, req: Request, res: Response, status: number, work: () => Promise<unknown>): Promise<void> {
  const key = idempotencyKeyOf(req);
  if (key === null) {
    res.status(status).json(await work());
    return;
  }
  const viewer = getViewer(res);
  const scope = viewer ? `member:${viewer.userId}` : `ip:${clientIp(req, res)}`;
  const operation = `${req.method} ${req.baseUrl}${req.path}`;
  const found = await claim(db, scope, key, operation, fingerprintOf(req));
  switch (found.kind) {
    case 'mismatch':
      throw new AppError(422, 'idempotency_key_reused', { params: { field: 'Idempotency-Key' } });
    case 'busy':
      throw new AppError(409, 'idempotency_key_in_use', { headers: { 'Retry-After': String(found.retryAfter) } });
    case 'replay':
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(found.status).json(found.body);
      return;
    case 'run':
      break;
  }
  let body: unknown;
  try {
    body = await work();
  } catch (error) {
    await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL', [scope, key]);
    throw error;
  }
  await db.query(
    prepared(`UPDATE idempotency_keys SET status = $3, response_body = $4, locked_until = NULL, updated_at = now() WHERE scope = $1 AND key = $2`),
    [scope, key, status, JSON.stringify(body ?? null)],
  );
  res.status(status).json(body);
}

/** Removes keys past their expiry (the cleanup job). */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db.query('DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING 1');
  return rows.length;
}
