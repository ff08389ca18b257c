import type { Logger } from 'pino';
import type { Db } from '../../lib/db';
import * as repo from './transparency-repository';
import { eeaScope, puidOf, toRecord } from './transparency';

/**
 * Delivery of the statements of reasons to the EU's DSA Transparency Database through its API (POST
 * `/api/v1/statements`, a bearer token, at most 100 statements a call). Every statement is sent once: a delivery row
 * records each one the database took, and a pass sends only those without one, oldest first, so a failed call leaves
 * its batch to the next pass. The database refuses a whole batch when one statement fails its rules, and answers a
 * PUID it already holds (a call whose answer was lost) with `existing_puids`: those are recorded as delivered and the
 * rest is sent again at once. A site outside the EEA files nothing.
 *
 * The database's API offers no withdrawal: a decision reversed before its statement was sent is never sent, and one
 * reversed after gets a withdrawal record (listed with the export) for the provider to send to the Commission.
 */

export interface TdbTarget {
  /** The database's origin, e.g. https://transparency.dsa.ec.europa.eu (its sandbox for tests). */
  url: string;
  token: string;
  /** The most statements one call carries (the database takes 100). */
  batchSize?: number;
  fetch?: typeof fetch;
}

const MAX_BATCH = 100;

export interface DeliveryResult {
  delivered: number;
  batches: number;
  withdrawals: number;
}

/** Statements the database took, by PUID, with its own id of each (the multiple endpoint answers them in order). */
type Accepted = { puid: string; uuid: string | null }[];

async function post(target: TdbTarget, statements: object[]): Promise<{ status: number; body: unknown }> {
  const res = await (target.fetch ?? fetch)(new URL('/api/v1/statements', target.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

function acceptedOf(body: unknown): Accepted {
  const statements = (body as { statements?: { puid?: unknown; uuid?: unknown }[] } | null)?.statements ?? [];
  return statements.flatMap((s) =>
    typeof s.puid === 'string' ? [{ puid: s.puid, uuid: typeof s.uuid === 'string' ? s.uuid : null }] : [],
  );
}

function existingOf(body: unknown): string[] {
  const existing = (body as { errors?: { existing_puids?: unknown } } | null)?.errors?.existing_puids;
  return Array.isArray(existing) ? existing.filter((p): p is string => typeof p === 'string') : [];
}

/** One pass over every site: sends what is not delivered yet and records the withdrawals due. Throws on a refusal. */
export async function deliverStatements(db: Db, logger: Logger, target: TdbTarget): Promise<DeliveryResult> {
  const size = Math.min(target.batchSize ?? MAX_BATCH, MAX_BATCH);
  const result: DeliveryResult = { delivered: 0, batches: 0, withdrawals: 0 };
  for (const site of await repo.sites(db)) {
    const territories = eeaScope(site);
    if (territories.length === 0) continue;
    for (;;) {
      const rows = await repo.undelivered(db, site.id, size);
      if (rows.length === 0) break;
      const byPuid = new Map(rows.map((r) => [puidOf(r.id), r.id]));
      const statements = rows.map((r) => {
        const { reversed: _siteOnly, ...statement } = toRecord(r, territories);
        return statement;
      });
      const answer = await post(target, statements);
      result.batches += 1;
      let taken: Accepted;
      if (answer.status === 201) taken = acceptedOf(answer.body);
      else if (answer.status === 422 && existingOf(answer.body).length > 0)
        taken = existingOf(answer.body).map((puid) => ({ puid, uuid: null }));
      else {
        // The answer names fields and rules, never a member; the token is not logged.
        logger.error(
          { status: answer.status, errors: (answer.body as { errors?: unknown } | null)?.errors, site: site.id },
          'transparency database refused a batch',
        );
        throw new Error(`transparency database answered ${answer.status}`);
      }
      const delivered = taken.flatMap((t) => {
        const decisionId = byPuid.get(t.puid);
        return decisionId === undefined ? [] : [{ decisionId, puid: t.puid, uuid: t.uuid }];
      });
      if (delivered.length === 0) throw new Error('transparency database took none of the batch');
      await repo.recordDeliveries(db, delivered);
      result.delivered += answer.status === 201 ? delivered.length : 0;
    }
    result.withdrawals += await repo.recordWithdrawals(db, site.id);
  }
  if (result.batches > 0 || result.withdrawals > 0)
    logger.info({ ...result }, 'statements of reasons delivered to the transparency database');
  return result;
}
