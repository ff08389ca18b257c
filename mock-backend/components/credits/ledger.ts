import type { Db } from '../../lib/db';
import * as repo from './spend-repository';
import { insertLedger, type GrantRequest, type InvariantViolation } from './spend-repository';

export type { GrantRequest, InvariantViolation } from './spend-repository';

/**
 * Credits coming in: every grant is a lot (free signup credits, promotional credits, a paid bundle with its price
 * after discount) plus its ledger row, in the caller's transaction together with the balance change.
 */

export interface Grant {
  lotId: string;
  balance: number;
}

export async function grantCredits(db: Db, g: GrantRequest): Promise<Grant> {
  if (!Number.isSafeInteger(g.credits) || g.credits <= 0) throw new RangeError('credits must be a positive integer');
  if (g.kind === 'paid' && (!g.currency || !Number.isSafeInteger(g.amountMinor ?? -1))) throw new RangeError('a paid lot needs its price');
  return db.transaction(async (tx) => {
    const user = await repo.addGrantToBalance(tx, g);
    if (!user) throw new Error(`no member ${g.userId}`);
    const lotId = await repo.insertLot(tx, g);
    await insertLedger(tx, {
      userId: g.userId,
      delta: g.credits,
      reason: g.reason,
      balanceAfter: user.credits,
      lotId,
      ref: g.ref ?? null,
      idempotencyKey: g.idempotencyKey ?? null,
    });
    return { lotId, balance: user.credits };
  });
}

/**
 * Members whose balance differs from their ledger's sum or their lots' remaining credits (empty when the books are
 * right). Tests run it after every scenario; the spend benchmark at the end.
 */
export async function ledgerInvariantViolations(db: Db, userIds?: number[]): Promise<InvariantViolation[]> {
  return repo.ledgerInvariantViolations(db, userIds);
}
