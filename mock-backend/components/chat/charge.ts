import type { Db } from '../../lib/db';
import { postReservation, reserveCredits, voidReservation } from '../credits/spend';

/**
 * What a chat send pays, through the credits component's spend API: the price is reserved before the message is
 * stored (402 `insufficient_credits` when the balance is short) and posted once it is, both inside the send's
 * transaction, so a refused send stores nothing and a stored message is paid. The member's row is the spend API's
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

/** The message is stored: the hold becomes final. */
export async function postMessage(tx: Db, userId: number, reservationId: string): Promise<void> {
  await postReservation(tx, { userId, reservationId });
}

/** The message was not stored (a refused photo, a rule broken meanwhile): the credits go back. */
export async function voidMessage(db: Db, userId: number, reservationId: string): Promise<void> {
  await voidReservation(db, { userId, reservationId });
}
