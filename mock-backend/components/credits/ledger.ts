import { type Db, sql } from '../../lib/db';
import { insertLedger } from './spend';

/**
 * Credits coming in: every grant is a lot (free signup credits, promotional credits, a paid bundle with its price
 * after discount) plus its ledger row, in the caller's transaction together with the balance change.
 */

type LotKind = 'free' | 'promo' | 'paid';

export interface GrantRequest {
  userId: number;
  credits: number;
  kind: LotKind;
  /** Ledger reason: 'signup', 'purchase', 'bonus', … */
  reason: string;
  /** What the whole lot cost after discount, in minor units (paid lots). */
  amountMinor?: number;
  currency?: string | null;
  paymentId?: string | null;
  /** Paid lots: refundable for this many days (the site's refund_days). */
  refundDays?: number | null;
  ref?: string | null;
  /** Unique over the whole ledger: a second grant with the same key is refused by the database. */
  idempotencyKey?: string | null;
}

export interface Grant {
  lotId: string;
  balance: number;
}

export async function grantCredits(db: Db, g: GrantRequest): Promise<Grant> {
  if (!Number.isSafeInteger(g.credits) || g.credits <= 0) throw new RangeError('credits must be a positive integer');
  if (g.kind === 'paid' && (!g.currency || !Number.isSafeInteger(g.amountMinor ?? -1))) throw new RangeError('a paid lot needs its price');
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ credits: number }>(
      sql`UPDATE users SET credits = credits + ${g.credits}, updated_at = now() WHERE id = ${g.userId} RETURNING credits`,
    );
    if (!user) throw new Error(`no member ${g.userId}`);
    const [lot] = await tx.query<{
      id: string;
    }>(sql`INSERT INTO credit_lots (user_id, kind, credits, remaining, amount_minor, currency, payment_id, refundable_until)
       VALUES (${g.userId}, ${g.kind}, ${g.credits}, ${g.credits}, ${g.amountMinor ?? 0}, ${g.currency ?? null}, ${g.paymentId ?? null}, CASE WHEN ${g.refundDays ?? null}::int IS NULL THEN NULL ELSE now() + make_interval(days => ${g.refundDays ?? null}::int) END)
       RETURNING id`);
    const lotId = (lot as { id: string }).id;
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

export interface InvariantViolation {
  user_id: number;
  balance: number;
  ledger: number;
  lots: number;
}

/**
 * Members whose balance differs from their ledger's sum or their lots' remaining credits (empty when the books are
 * right). Tests run it after every scenario; the spend benchmark at the end.
 */
export async function ledgerInvariantViolations(db: Db, userIds?: number[]): Promise<InvariantViolation[]> {
  return db.query<InvariantViolation>(sql`SELECT u.id AS user_id, u.credits AS balance, coalesce(g.total, 0)::int AS ledger, coalesce(l.total, 0)::int AS lots
     FROM users u
     LEFT JOIN (SELECT user_id, sum(delta) AS total FROM credit_ledger GROUP BY user_id) g ON g.user_id = u.id
     LEFT JOIN (SELECT user_id, sum(remaining) AS total FROM credit_lots GROUP BY user_id) l ON l.user_id = u.id
     WHERE (${userIds ?? null}::int[] IS NULL OR u.id = ANY(${userIds ?? null}::int[]))
       AND (u.credits < 0 OR u.credits <> coalesce(g.total, 0) OR u.credits <> coalesce(l.total, 0))`);
}
