import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';

/**
 * What a chat send pays, inside the transaction that delivers it (so a refused charge stores nothing and a stored
 * message is paid). Interim until the credits component's spend API lands on this branch: one atomic balance update
 * and one ledger row, never read-modify-write.
 */
export interface ChargeRequest {
  userId: number;
  credits: number;
  reason: 'message' | 'gift' | 'photo_message';
  ref: string;
  idempotencyKey: string | null;
}

export async function chargeMessage(tx: Db, req: ChargeRequest): Promise<number> {
  const [paid] = await tx.query<{ credits: number }>(
    'UPDATE users SET credits = credits - $2, updated_at = now() WHERE id = $1 AND credits >= $2 RETURNING credits',
    [req.userId, req.credits],
  );
  if (!paid) {
    const [row] = await tx.query<{ credits: number }>('SELECT credits FROM users WHERE id = $1', [req.userId]);
    throw new AppError(402, 'insufficient_credits', { params: { needed: req.credits, balance: row?.credits ?? 0 } });
  }
  await tx.query(`INSERT INTO credit_ledger (user_id, delta, reason, balance_after) VALUES ($1, $2, $3, $4)`, [
    req.userId,
    -req.credits,
    req.reason,
    paid.credits,
  ]);
  return paid.credits;
}
