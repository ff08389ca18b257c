import { randomUUID } from 'node:crypto';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import {
  addToBalance,
  balanceOf,
  deleteReservation,
  expiredHolds,
  findReservation,
  insertLedger,
  markPosted,
  markVoided,
  reservationByKey,
  reserveQuery,
  returnToLot,
  spendableLotsOf,
  takeFromLotsQuery,
  takenFromLots,
  type Lot,
  type ReservationRow,
  type ReservationStatus,
} from './spend-repository';

/**
 * The one spend API of the product. Chat messages, gifts and photo messages pay through it; nothing else
 * touches `users.credits`, `credit_lots` or `credit_ledger` for spending.
 *
 * How to use it (chat, gifts, photo messages):
 *
 * ```ts
 * import { reserveCredits, postReservation, voidReservation } from '../credits/spend';
 *
 * // 1. Before delivering: hold the price. Throws AppError 402 `insufficient_credits` when the balance is short
 * //    (the UI shows the credit alert); nothing is held then. Pass the request's Idempotency-Key (or your own
 * //    stable key) so that a repeated request holds once and answers the same reservation.
 * const hold = await reserveCredits(db, { userId, credits: site.message_credits, reason: 'message', ref: `conversation:${id}`, idempotencyKey });
 * // 2a. Delivered: make it final.
 * await postReservation(db, { userId, reservationId: hold.id });
 * // 2b. Failed after the hold (upload refused, recipient gone…): the credits go back to the lots they came from.
 * await voidReservation(db, { userId, reservationId: hold.id });
 * ```
 *
 * Or `spendCredits` (reserve and post in one step) when delivery happens in the same transaction.
 *
 * Every function takes a `Db`: pass your transaction (`db.transaction(async (tx) => …)`) to make the hold part of
 * your own write (e.g. the message row and its hold commit together); otherwise each call is its own transaction.
 * Guarantees: the balance never goes below 0 and equals the sum of the ledger and of the lots' remaining credits
 * (one ledger row per lot touched); parallel reservations against one balance are serialised on the member's row
 * (`UPDATE … WHERE credits >= $n`), so 50 parallel spends against a balance that covers one succeed exactly once;
 * the same idempotency key holds once. A hold that is neither posted nor voided is voided by the
 * `credits-expire-holds` job once `holdSeconds` (default 600) have passed.
 * Free and promotional credits are spent first, then paid lots oldest first — that decides what stays refundable.
 */

export interface ReserveRequest {
  userId: number;
  /** Price in credits, a positive integer. */
  credits: number;
  /** What is bought: 'message', 'gift', 'photo_message', … (lower-case snake_case, ≤ 40 characters). */
  reason: string;
  /** Free-form reference for the ledger and support (e.g. `conversation:12`, `message:345`). */
  ref?: string | null | undefined;
  /** The same key for the same member holds once and answers the first reservation again. */
  idempotencyKey?: string | null | undefined;
  /** How long an unsettled hold lives before the expiry job voids it (default 600 s). */
  holdSeconds?: number | undefined;
}

export interface Reservation {
  id: string;
  userId: number;
  credits: number;
  reason: string;
  ref: string | null;
  status: ReservationStatus;
  /** The member's balance right after this call. */
  balance: number;
  /** True when an earlier call with the same idempotency key made this reservation. */
  replayed: boolean;
}

export interface SettleRequest {
  userId: number;
  reservationId: string;
}

const DEFAULT_HOLD_SECONDS = 600;
const REASON = /^[a-z][a-z0-9_]{0,39}$/;

const insufficientCredits = (needed: number, balance: number): AppError =>
  new AppError(402, 'insufficient_credits', { params: { needed, balance } });

function toReservation(row: ReservationRow, balance: number, replayed: boolean): Reservation {
  return { id: row.id, userId: row.user_id, credits: row.credits, reason: row.reason, ref: row.ref, status: row.status, balance, replayed };
}

/**
 * Takes `credits` out of the member's lots (free, then promotional, then paid oldest first), one ledger row per lot,
 * after the balance was lowered to `balanceAfter` in the same transaction. Internal to the credits component.
 * `known`: the member's spendable lots, locked, as the statement that lowered the balance read them; they are used
 * when they add up to the balance before the spend (a lot granted while that statement waited for the member's row
 * is not among them, and then they do not: the lots are read again).
 */
export async function takeFromLots(
  tx: Db,
  q: { userId: number; credits: number; balanceAfter: number; reason: string; reservationId?: string | null; ref?: string | null },
  known?: readonly Lot[],
): Promise<void> {
  // The books say the balance before this spend is the sum of the lots: when the known lots add up to it, none is
  // missing (every grant adds its lot and its credits together).
  const lots =
    known && known.reduce((sum, lot) => sum + lot.remaining, 0) === q.balanceAfter + q.credits
      ? known
      : await spendableLotsOf(tx, q.userId);
  let left = q.credits;
  let running = q.balanceAfter + q.credits;
  const takes: { lotId: string | number; take: number; balanceAfter: number }[] = [];
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    running -= take;
    left -= take;
    takes.push({ lotId: lot.id, take, balanceAfter: running });
  }
  // Every lot touched and its ledger row in one statement (one round trip, however many lots).
  if (takes.length > 0) {
    await tx.query(
      takeFromLotsQuery(
        takes.map((t) => t.lotId),
        takes.map((t) => t.take),
        takes.map((t) => t.balanceAfter),
        q.userId,
        q.reason,
        q.reservationId ?? null,
        q.ref ?? null,
      ),
    );
  }
  // The balance covered the amount, so the lots must too; anything else is a broken invariant: roll back.
  if (left !== 0) throw new Error(`credit lots of member ${q.userId} do not cover the balance`);
}

/** Holds `credits` of the member's balance. See the module comment. */
export async function reserveCredits(db: Db, req: ReserveRequest): Promise<Reservation> {
  return reserve(db, req, 'held');
}

/**
 * The reservation row and the balance change in one statement; `status` 'posted' makes a reservation that is final
 * at once (spendCredits: the purchase is delivered in the same transaction, so no separate posting is needed).
 */
async function reserve(db: Db, req: ReserveRequest, status: 'held' | 'posted'): Promise<Reservation> {
  if (!Number.isSafeInteger(req.credits) || req.credits <= 0) throw new RangeError('credits must be a positive integer');
  if (!REASON.test(req.reason)) throw new RangeError('reason must be lower-case snake_case');
  const holdSeconds = req.holdSeconds ?? DEFAULT_HOLD_SECONDS;
  return db.transaction(async (tx) => {
    const id = randomUUID();
    // The reservation row first: with an idempotency key, a parallel twin waits here on the unique index and then
    // finds the first one's row (or, if that one was refused, makes its own). The balance is lowered in the same
    // statement only when the row was made (`credits >= $n` is checked on the newest version of the member's row),
    // and the lots are locked, taken from and written to the ledger with it (reserveQuery; `taken` false when a lot
    // granted meanwhile is missing from its snapshot: then takeFromLots reads them again).
    const [row] = await tx.query<ReservationRow & { balance: number | null; taken: boolean }>(
      reserveQuery(id, req.userId, req.credits, req.reason, req.ref ?? null, req.idempotencyKey ?? null, holdSeconds, status),
    );
    if (!row) {
      const earlier = await reservationByKey(tx, req.userId, req.idempotencyKey);
      if (!earlier) throw new AppError(409, 'idempotency_key_in_use', { headers: { 'Retry-After': '1' } });
      if (earlier.credits !== req.credits || earlier.reason !== req.reason) {
        throw new AppError(422, 'idempotency_key_reused', { params: { field: 'Idempotency-Key' } });
      }
      return toReservation(earlier, await balanceOf(tx, req.userId), true);
    }
    const { balance, taken, ...reservation } = row;
    if (balance === null) {
      await deleteReservation(tx, id);
      throw insufficientCredits(req.credits, await balanceOf(tx, req.userId));
    }
    if (!taken) {
      await takeFromLots(tx, {
        userId: req.userId,
        credits: req.credits,
        balanceAfter: balance,
        reason: req.reason,
        reservationId: id,
        ref: req.ref ?? null,
      });
    }
    return toReservation(reservation, balance, false);
  });
}

async function settledAlready(tx: Db, req: SettleRequest, wanted: ReservationStatus): Promise<Reservation> {
  const row = await findReservation(tx, req.reservationId, req.userId);
  if (!row) throw new AppError(404, 'not_found');
  if (row.status !== wanted) throw new AppError(409, 'reservation_settled', { params: { status: row.status } });
  return toReservation(row, await balanceOf(tx, req.userId), true);
}

/** Makes a hold final (the thing was delivered). Posting a posted hold again is a no-op; a voided one: 409. */
export async function postReservation(db: Db, req: SettleRequest): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const row = await markPosted(tx, req.reservationId, req.userId);
    if (!row) return settledAlready(tx, req, 'posted');
    return toReservation(row, await balanceOf(tx, req.userId), false);
  });
}

/** Gives a hold back to the lots it came from. Voiding a voided hold again is a no-op; a posted one: 409. */
export async function voidReservation(db: Db, req: SettleRequest): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const row = await markVoided(tx, req.reservationId, req.userId);
    if (!row) return settledAlready(tx, req, 'voided');
    const balance = await addToBalance(tx, req.userId, row.credits);
    const taken = await takenFromLots(tx, row.id);
    let running = balance - row.credits;
    for (const t of taken) {
      await returnToLot(tx, t.lot_id, t.credits);
      running += t.credits;
      await insertLedger(tx, {
        userId: req.userId,
        delta: t.credits,
        reason: 'void',
        balanceAfter: running,
        lotId: t.lot_id,
        reservationId: row.id,
        ref: row.ref,
      });
    }
    if (running !== balance) throw new Error(`reservation ${row.id} does not match its ledger rows`);
    return toReservation(row, balance, false);
  });
}

/**
 * Reserve and post in one step: for a purchase delivered in the same transaction as the spend. The reservation is
 * written as posted at once (the same rows as a hold posted right away, in fewer statements). A repeated idempotency
 * key answers the first reservation (replayed) and takes nothing.
 */
export async function spendCredits(db: Db, req: ReserveRequest): Promise<Reservation> {
  return reserve(db, req, 'posted');
}

export const getBalance = balanceOf;

/** Voids holds whose time ran out (the `credits-expire-holds` job); answers how many. */
export async function voidExpiredReservations(db: Db, limit = 200): Promise<number> {
  const due = await expiredHolds(db, limit);
  let voided = 0;
  for (const r of due) {
    try {
      const res = await voidReservation(db, { userId: r.user_id, reservationId: r.id });
      if (!res.replayed) voided += 1;
    } catch (error) {
      // Posted in between: nothing to void.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return voided;
}
