import type { Db } from '../../lib/db';
import { spendCredits } from '../credits/spend';

/**
 * What a chat send pays, through the credits component's spend API, inside the transaction that delivers it: the
 * hold and its posting commit together with the message row, so a refused charge (402 `insufficient_credits`)
 * stores nothing and a stored message is paid. The member's row is the serialisation point of the spend API, so
 * parallel sends against a balance for one pay once.
 */
export interface ChargeRequest {
  userId: number;
  credits: number;
  reason: 'message' | 'gift' | 'photo_message';
  ref: string;
  idempotencyKey: string | null;
}

/** Spends and answers the balance after it. */
export async function chargeMessage(tx: Db, req: ChargeRequest): Promise<number> {
  const spent = await spendCredits(tx, {
    userId: req.userId,
    credits: req.credits,
    reason: req.reason,
    ref: req.ref,
    idempotencyKey: req.idempotencyKey === null ? null : `chat:${req.idempotencyKey}`,
  });
  return spent.balance;
}
