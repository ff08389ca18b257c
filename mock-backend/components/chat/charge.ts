import type { Db } from '../../lib/db';
import { postReservation, reserveCredits, spendCredits, voidReservation } from '../credits/index';

/**
 * What a chat send pays, through the credits component's spend API: inside the send's transaction, before the message
 * is stored (402 `insufficient_credits` when the balance is short), so a refused send stores nothing and a stored
 * message is paid. Texts and gifts are spent in one step (chargeMessage); a photo's price is held before its upload
 * is processed (reserveMessage) and posted with the message (postMessage) or voided (voidMessage). The member's row is the spend API's
 * serialisation point, so parallel sends against a balance for one pay once.
 */
export interface ChargeRequest {
  userId: number;
  credits: number;
  reason: 'message' | 'gift' | 'photo_message';
  ref: string;
  idempotencyKey: string | null;
}

/** Holds the price; answers the reservation's id. */
export async function reserveMessage(tx: Db, req: ChargeRequest): Promise<string> {
  const hold = await reserveCredits(tx, {
    userId: req.userId,
    credits: req.credits,
    reason: req.reason,
    ref: req.ref,
    idempotencyKey: req.idempotencyKey === null ? null : `chat:${req.idempotencyKey}`,
  });
  return hold.id;
}

/**
 * Pays a message stored in the same transaction (spendCredits: reserved and posted in one step, 402
 * `insufficient_credits` when the balance is short); answers the balance after it.
 */
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

/** The message is stored: the hold becomes final. */
export async function postMessage(tx: Db, userId: number, reservationId: string): Promise<void> {
  await postReservation(tx, { userId, reservationId });
}

/** The message was not stored (a refused photo, a rule broken meanwhile): the credits go back. */
export async function voidMessage(db: Db, userId: number, reservationId: string): Promise<void> {
  await voidReservation(db, { userId, reservationId });
}
