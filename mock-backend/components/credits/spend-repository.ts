import { raw, sql, statement, type Db } from '../../lib/db';

// The SQL of spending credits (spend.ts): the reservations, the member's balance, his lots and the ledger rows.

export type ReservationStatus = 'held' | 'posted' | 'voided';

export interface ReservationRow {
  id: string;
  user_id: number;
  credits: number;
  reason: string;
  ref: string | null;
  status: ReservationStatus;
}

export interface Lot {
  id: string | number;
  remaining: number;
}

const balanceQuery = statement('credits_balance', (userId: number) => sql`SELECT credits FROM users WHERE id = ${userId}`);

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ credits: number }>(balanceQuery(userId));
  return row?.credits ?? 0;
}

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: string;
  balanceAfter: number;
  lotId?: number | string | null;
  reservationId?: string | null;
  ref?: string | null;
  idempotencyKey?: string | null;
}

/** One ledger row. Only the functions of this component call it, in the transaction of the balance change. */
export async function insertLedger(tx: Db, e: LedgerEntry): Promise<void> {
  await tx.query(sql`INSERT INTO credit_ledger (user_id, delta, reason, balance_after, lot_id, reservation_id, ref, idempotency_key)
     VALUES (${e.userId}, ${e.delta}, ${e.reason}, ${e.balanceAfter}, ${e.lotId ?? null}, ${e.reservationId ?? null}, ${e.ref ?? null}, ${e.idempotencyKey ?? null})`);
}

/** The order lots are spent in: free, then promotional, then paid oldest first. */
const LOT_ORDER = raw(`CASE kind WHEN 'free' THEN 0 WHEN 'promo' THEN 1 ELSE 2 END, bought_at, id`);

const spendableLots = statement(
  'credits_spendable_lots',
  (userId: number) =>
    sql`SELECT id, remaining FROM credit_lots WHERE user_id = ${userId} AND remaining > 0 ORDER BY ${LOT_ORDER} FOR UPDATE`,
);

/**
 * reserve(): the reservation, the balance change, and the lots it is taken from with their ledger rows, in one
 * statement. The member's spendable lots are locked and read after his row (FOR UPDATE reads their newest versions);
 * the credits are taken from them in LOT_ORDER (free, promotional, paid oldest first), one ledger row per lot touched,
 * only when they add up to the balance before the spend (`taken`): a lot granted while the statement waited for the
 * member's row is not in its snapshot, and then nothing is taken here and the caller takes from the lots read again
 * (takeFromLots). `balance` is null when the balance was short (nothing changed but the reservation row).
 */
export const reserveQuery = statement(
  'credits_reserve',
  (
    id: string,
    userId: number,
    credits: number,
    reason: string,
    ref: string | null,
    idempotencyKey: string | null,
    holdSeconds: number,
    status: ReservationStatus,
  ) => sql`WITH r AS (
     INSERT INTO credit_reservations (id, user_id, credits, reason, ref, idempotency_key, expires_at, status, settled_at)
     VALUES (${id}, ${userId}, ${credits}, ${reason}, ${ref}, ${idempotencyKey}, now() + make_interval(secs => ${holdSeconds}), ${status},
             CASE WHEN ${status}::text = 'posted' THEN now() END)
     ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING id, user_id, credits, reason, ref, status
   ),
   paid AS (
     UPDATE users SET credits = credits - ${credits}, updated_at = now()
     WHERE id = ${userId} AND credits >= ${credits} AND EXISTS (SELECT 1 FROM r) RETURNING credits
   ),
   lots AS (
     SELECT id, remaining, kind, bought_at FROM credit_lots
     WHERE user_id = ${userId} AND remaining > 0 AND EXISTS (SELECT 1 FROM paid)
     FOR UPDATE
   ),
   covered AS (
     SELECT paid.credits + ${credits}::int AS before FROM paid WHERE (SELECT sum(remaining) FROM lots) = paid.credits + ${credits}::int
   ),
   running AS (
     SELECT id, remaining, row_number() OVER w AS n, sum(remaining) OVER w AS through FROM lots WHERE EXISTS (SELECT 1 FROM covered)
     WINDOW w AS (ORDER BY ${LOT_ORDER} ROWS UNBOUNDED PRECEDING)
   ),
   takes AS (
     SELECT id AS lot_id, n, least(remaining, ${credits}::int - (through - remaining))::int AS take,
            ((SELECT before FROM covered) - least(through, ${credits}::int))::int AS balance_after
     FROM running WHERE through - remaining < ${credits}::int
   ),
   taken_lots AS (UPDATE credit_lots l SET remaining = l.remaining - t.take, updated_at = now() FROM takes t WHERE l.id = t.lot_id),
   ledger AS (
     INSERT INTO credit_ledger (user_id, delta, reason, balance_after, lot_id, reservation_id, ref)
     SELECT ${userId}, -t.take, ${reason}, t.balance_after, t.lot_id, ${id}, ${ref} FROM takes t ORDER BY t.n
   )
   SELECT r.*, paid.credits AS balance, EXISTS (SELECT 1 FROM covered) AS taken
   FROM r LEFT JOIN paid ON true`,
);

/** takeFromLots(): every lot touched and its ledger row (one round trip, however many lots). */
export const takeFromLotsQuery = statement(
  'credits_take_from_lots',
  (
    lotIds: readonly (string | number)[],
    takes: readonly number[],
    balancesAfter: readonly number[],
    userId: number,
    reason: string,
    reservationId: string | null,
    ref: string | null,
  ) => sql`WITH t AS (SELECT * FROM unnest(${lotIds}::bigint[], ${takes}::int[], ${balancesAfter}::int[]) WITH ORDINALITY AS t(lot_id, take, balance_after, n)),
       lots AS (UPDATE credit_lots l SET remaining = l.remaining - t.take, updated_at = now() FROM t WHERE l.id = t.lot_id)
       INSERT INTO credit_ledger (user_id, delta, reason, balance_after, lot_id, reservation_id, ref)
       SELECT ${userId}, -t.take, ${reason}, t.balance_after, t.lot_id, ${reservationId}, ${ref} FROM t ORDER BY t.n`,
);

export async function spendableLotsOf(tx: Db, userId: number): Promise<Lot[]> {
  return tx.query<Lot>(spendableLots(userId));
}

/** The reservation made earlier under the member's idempotency key. */
export async function reservationByKey(
  tx: Db,
  userId: number,
  idempotencyKey: string | null | undefined,
): Promise<ReservationRow | undefined> {
  const [earlier] = await tx.query<ReservationRow>(
    sql`SELECT id, user_id, credits, reason, ref, status FROM credit_reservations WHERE user_id = ${userId} AND idempotency_key = ${idempotencyKey}`,
  );
  return earlier;
}

export async function deleteReservation(tx: Db, id: string): Promise<void> {
  await tx.query(sql`DELETE FROM credit_reservations WHERE id = ${id}`);
}

export async function findReservation(tx: Db, reservationId: string, userId: number): Promise<ReservationRow | undefined> {
  const [row] = await tx.query<ReservationRow>(
    sql`SELECT id, user_id, credits, reason, ref, status FROM credit_reservations WHERE id = ${reservationId} AND user_id = ${userId}`,
  );
  return row;
}

/** A held reservation becomes posted; undefined when it is not held (any more). */
export async function markPosted(tx: Db, reservationId: string, userId: number): Promise<ReservationRow | undefined> {
  const [row] = await tx.query<ReservationRow>(sql`UPDATE credit_reservations SET status = 'posted', settled_at = now(), updated_at = now()
       WHERE id = ${reservationId} AND user_id = ${userId} AND status = 'held'
       RETURNING id, user_id, credits, reason, ref, status`);
  return row;
}

/** A held reservation becomes voided; undefined when it is not held (any more). */
export async function markVoided(tx: Db, reservationId: string, userId: number): Promise<ReservationRow | undefined> {
  const [row] = await tx.query<ReservationRow>(sql`UPDATE credit_reservations SET status = 'voided', settled_at = now(), updated_at = now()
       WHERE id = ${reservationId} AND user_id = ${userId} AND status = 'held'
       RETURNING id, user_id, credits, reason, ref, status`);
  return row;
}

/** Gives credits back to the member's balance; answers the balance after. */
export async function addToBalance(tx: Db, userId: number, credits: number): Promise<number> {
  const [user] = await tx.query<{ credits: number }>(
    sql`UPDATE users SET credits = credits + ${credits}, updated_at = now() WHERE id = ${userId} RETURNING credits`,
  );
  return user?.credits ?? 0;
}

/** What a reservation took from each lot. */
export async function takenFromLots(tx: Db, reservationId: string): Promise<{ lot_id: string; credits: number }[]> {
  return tx.query<{ lot_id: string; credits: number }>(sql`SELECT lot_id, (-sum(delta))::int AS credits FROM credit_ledger
       WHERE reservation_id = ${reservationId} AND delta < 0 GROUP BY lot_id ORDER BY lot_id`);
}

export async function returnToLot(tx: Db, lotId: string, credits: number): Promise<void> {
  await tx.query(sql`UPDATE credit_lots SET remaining = remaining + ${credits}, updated_at = now() WHERE id = ${lotId}`);
}

/** Held reservations whose time ran out, oldest first. */
export async function expiredHolds(db: Db, limit: number): Promise<{ id: string; user_id: number }[]> {
  return db.query<{ id: string; user_id: number }>(
    sql`SELECT id, user_id FROM credit_reservations WHERE status = 'held' AND expires_at <= now() ORDER BY expires_at LIMIT ${limit}`,
  );
}

// Grants (ledger.ts).

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

export interface InvariantViolation {
  user_id: number;
  balance: number;
  ledger: number;
  lots: number;
}

export async function addGrantToBalance(tx: Db, g: GrantRequest): Promise<{ credits: number } | undefined> {
  const [user] = await tx.query<{ credits: number }>(
    sql`UPDATE users SET credits = credits + ${g.credits}, updated_at = now() WHERE id = ${g.userId} RETURNING credits`,
  );
  return user;
}

/** The grant's lot; answers its id. */
export async function insertLot(tx: Db, g: GrantRequest): Promise<string> {
  const [lot] = await tx.query<{
    id: string;
  }>(sql`INSERT INTO credit_lots (user_id, kind, credits, remaining, amount_minor, currency, payment_id, refundable_until)
       VALUES (${g.userId}, ${g.kind}, ${g.credits}, ${g.credits}, ${g.amountMinor ?? 0}, ${g.currency ?? null}, ${g.paymentId ?? null}, CASE WHEN ${g.refundDays ?? null}::int IS NULL THEN NULL ELSE now() + make_interval(days => ${g.refundDays ?? null}::int) END)
       RETURNING id`);
  return (lot as { id: string }).id;
}

export async function ledgerInvariantViolations(db: Db, userIds?: number[]): Promise<InvariantViolation[]> {
  return db.query<InvariantViolation>(sql`SELECT u.id AS user_id, u.credits AS balance, coalesce(g.total, 0)::int AS ledger, coalesce(l.total, 0)::int AS lots
     FROM users u
     LEFT JOIN (SELECT user_id, sum(delta) AS total FROM credit_ledger GROUP BY user_id) g ON g.user_id = u.id
     LEFT JOIN (SELECT user_id, sum(remaining) AS total FROM credit_lots GROUP BY user_id) l ON l.user_id = u.id
     WHERE (${userIds ?? null}::int[] IS NULL OR u.id = ANY(${userIds ?? null}::int[]))
       AND (u.credits < 0 OR u.credits <> coalesce(g.total, 0) OR u.credits <> coalesce(l.total, 0))`);
}
