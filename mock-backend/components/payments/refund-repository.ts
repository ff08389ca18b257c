import { sql, type Db, type Sql } from '../../lib/db';

/** The refund SQL: the refundable credit lots, the refund rows and the balance, lot and payment writes of a refund. */

export interface LotRow {
  lot_id: string;
  payment_id: string;
  provider_payment_id: string | null;
  credits: number;
  remaining: number;
  amount_minor: number;
  currency: string;
  refundable_until: Date;
  method: string;
}

/** The member's paid lots with credits left inside their refund window, of payments neither charged back nor unpaid. */
const lots = (userId: number): Sql =>
  sql`SELECT l.id AS lot_id, p.id AS payment_id, p.provider_payment_id, l.credits, l.remaining, l.amount_minor, l.currency,
    l.refundable_until, p.method
  FROM credit_lots l JOIN payments p ON p.id::text = l.payment_id
  WHERE l.user_id = ${userId} AND l.kind = 'paid' AND l.remaining > 0 AND l.refundable_until > now()
    AND p.status = 'paid' AND p.charged_back_at IS NULL`;

/** The member's refundable lots, oldest purchase first. */
export async function refundableLots(db: Db, userId: number): Promise<LotRow[]> {
  return db.query<LotRow>(sql`${lots(userId)} ORDER BY l.bought_at, l.id`);
}

/** The refundable lot of one of the member's payments, locked; null when it has none. */
export async function lockRefundableLot(tx: Db, userId: number, paymentId: number): Promise<LotRow | null> {
  const [row] = await tx.query<LotRow>(sql`${lots(userId)} AND p.id = ${paymentId} FOR UPDATE OF l`);
  return row ?? null;
}

/** Locks the member's row; false when there is no such member. */
export async function lockMemberBalance(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.query(sql`SELECT credits FROM users WHERE id = ${userId} FOR UPDATE`);
  return rows.length > 0;
}

export async function ownsPayment(tx: Db, userId: number, paymentId: number): Promise<boolean> {
  const rows = await tx.query(sql`SELECT 1 FROM payments WHERE id = ${paymentId} AND user_id = ${userId}`);
  return rows.length > 0;
}

/** Takes `credits` out of the balance unless it holds fewer; the new balance, null when it held fewer. */
export async function takeCredits(tx: Db, userId: number, credits: number): Promise<number | null> {
  const [row] = await tx.query<{ credits: number }>(
    sql`UPDATE users SET credits = credits - ${credits}, updated_at = now() WHERE id = ${userId} AND credits >= ${credits} RETURNING credits`,
  );
  return row ? row.credits : null;
}

/** Puts `credits` back into the balance; the new balance (0 when there is no such member). */
export async function giveCreditsBack(tx: Db, userId: number, credits: number): Promise<number> {
  const [row] = await tx.query<{ credits: number }>(
    sql`UPDATE users SET credits = credits + ${credits}, updated_at = now() WHERE id = ${userId} RETURNING credits`,
  );
  return row?.credits ?? 0;
}

export async function emptyLot(tx: Db, lotId: string): Promise<void> {
  await tx.query(sql`UPDATE credit_lots SET remaining = 0, updated_at = now() WHERE id = ${lotId}`);
}

export async function refillLot(tx: Db, lotId: string, credits: number): Promise<void> {
  await tx.query(sql`UPDATE credit_lots SET remaining = remaining + ${credits}, updated_at = now() WHERE id = ${lotId}`);
}

/** A pending refund of the payment; its id. */
export async function insertRefund(
  tx: Db,
  r: { paymentId: string; userId: number; credits: number; amountMinor: number; currency: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    sql`INSERT INTO payment_refunds (payment_id, user_id, credits, amount_minor, currency)
        VALUES (${r.paymentId}, ${r.userId}, ${r.credits}, ${r.amountMinor}, ${r.currency}) RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function addRefunded(tx: Db, paymentId: string, amountMinor: number): Promise<void> {
  await tx.query(sql`UPDATE payments SET refunded_minor = refunded_minor + ${amountMinor}, updated_at = now() WHERE id = ${paymentId}`);
}

export async function takeBackRefunded(tx: Db, paymentId: string, amountMinor: number): Promise<void> {
  await tx.query(sql`UPDATE payments SET refunded_minor = refunded_minor - ${amountMinor}, updated_at = now() WHERE id = ${paymentId}`);
}

export async function markRefunded(db: Db, refundId: string, providerRefundId: string): Promise<void> {
  await db.query(
    sql`UPDATE payment_refunds SET status = 'refunded', provider_refund_id = ${providerRefundId}, updated_at = now() WHERE id = ${refundId}`,
  );
}

export async function markRefundFailed(tx: Db, refundId: string): Promise<void> {
  await tx.query(sql`UPDATE payment_refunds SET status = 'failed', updated_at = now() WHERE id = ${refundId}`);
}

export interface PendingRefund {
  id: string;
  user_id: number;
  payment_id: string;
  credits: number;
  amount_minor: number;
  currency: string;
  provider_payment_id: string;
  lot_id: string;
}

/** Refunds still pending a minute after they were asked (the provider was down), oldest first. */
export async function pendingRefunds(db: Db, limit: number): Promise<PendingRefund[]> {
  return db.query<PendingRefund>(
    sql`SELECT r.id, r.user_id, r.payment_id, r.credits, r.amount_minor, r.currency, p.provider_payment_id, l.id AS lot_id
     FROM payment_refunds r JOIN payments p ON p.id = r.payment_id JOIN credit_lots l ON l.payment_id = p.id::text
     WHERE r.status = 'pending' AND r.created_at < now() - interval '1 minute' ORDER BY r.id LIMIT ${limit}`,
  );
}
