import { type Db, sql } from '../../lib/db';

export interface DiscountRow {
  id: number;
  code: string;
  country: string | null;
  user_id: number | null;
  value_percentage: string | number;
  currency: string | null;
  minimum_order_value: number | null;
  status: 'active' | 'used' | 'inactive';
  validity: 'once' | 'once-per-user' | 'unlimited';
  expires_at: Date | null;
  expired: boolean;
  paymentmethods: string[];
  /** A payment that completed spent it (or it was used before payments kept uses). */
  spent_by_anyone: boolean;
  spent_by_user: boolean;
  /** The member's own payment, not completed yet, that reserves it; null when none does. */
  reserved_by: string | null;
  /** Another member's payment, not completed yet, reserves it. */
  reserved_by_other: boolean;
  kind: 'code' | 'welcome' | 'time_bonus';
}

export async function findCode(db: Db, q: { code: string; siteId: number; userId: number }): Promise<DiscountRow | null> {
  const [row] =
    await db.query<DiscountRow>(sql`SELECT d.id, d.code, d.country, d.user_id, d.value_percentage, d.currency, d.minimum_order_value, d.status,
            d.validity, d.kind, d.expires_at, (d.expires_at IS NOT NULL AND d.expires_at <= now()) AS expired, d.paymentmethods,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND NOT x.reserved) AS spent_by_anyone,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND x.user_id = ${q.userId} AND NOT x.reserved) AS spent_by_user,
            (SELECT x.payment_id::text FROM discount_code_uses x
              WHERE x.discount_code_id = d.id AND x.user_id = ${q.userId} AND x.reserved AND x.payment_id IS NOT NULL) AS reserved_by,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND x.user_id <> ${q.userId} AND x.reserved) AS reserved_by_other
     FROM discount_codes d
     WHERE upper(d.code) = upper(${q.code}) AND (d.site_id IS NULL OR d.site_id = ${q.siteId}) AND (d.user_id IS NULL OR d.user_id = ${q.userId})`);
  return row ?? null;
}

export async function findWelcomeState(
  db: Db,
  userId: number,
): Promise<{ paid_user: boolean; staff: boolean; signup_date: Date; seconds_since_signup: number } | null> {
  const [row] = await db.query<{
    paid_user: boolean;
    staff: boolean;
    signup_date: Date;
    seconds_since_signup: number;
  }>(sql`SELECT paid_user, role <> 'member' AS staff, signup_date, extract(epoch FROM (now() - signup_date))::float8 AS seconds_since_signup
     FROM users WHERE id = ${userId}`);
  return row ?? null;
}

/** The member's own welcome code (`WELCOME-<id>`), created once: valid `days` after his signup, once, on his site. */
export async function ensureWelcomeCode(db: Db, q: { userId: number; siteId: number; percentage: number; days: number }): Promise<string> {
  const code = `WELCOME-${q.userId}`;
  await db.query(sql`INSERT INTO discount_codes (code, site_id, user_id, value_percentage, status, validity, expires_at, kind)
     SELECT ${code}, ${q.siteId}, u.id, ${q.percentage}, 'active', 'once-per-user', u.signup_date + make_interval(days => ${q.days}), 'welcome'
     FROM users u WHERE u.id = ${q.userId}
     ON CONFLICT DO NOTHING`);
  return code;
}

/** The code's validity, null when it is gone. */
export async function codeValidity(tx: Db, codeId: number): Promise<{ validity: DiscountRow['validity'] } | null> {
  const [row] = await tx.query<{ validity: DiscountRow['validity'] }>(sql`SELECT validity FROM discount_codes WHERE id = ${codeId}`);
  return row ?? null;
}

/** A single-use code flips to `used` (guarded: of two parallel redemptions one wins); false when it was not active. */
export async function markCodeUsed(tx: Db, codeId: number): Promise<boolean> {
  const flipped = await tx.query(
    sql`UPDATE discount_codes SET status = 'used', updated_at = now() WHERE id = ${codeId} AND status = 'active' RETURNING 1`,
  );
  return flipped.length > 0;
}

/**
 * The member's one use of a code for a payment: reserved while the payment is open or pending, spent (`reserved`
 * false) when it is inserted for a payment that completed. False when he has a use of it already.
 */
export async function insertCodeUse(tx: Db, codeId: number, userId: number, paymentId: string | number, reserved = true): Promise<boolean> {
  const used = await tx.query(
    sql`INSERT INTO discount_code_uses (discount_code_id, user_id, payment_id, reserved)
        VALUES (${codeId}, ${userId}, ${paymentId}, ${reserved}) ON CONFLICT DO NOTHING RETURNING 1`,
  );
  return used.length > 0;
}

/** The payment completed: its reservation of a code becomes a use; false when it held none. */
export async function spendCodeUse(tx: Db, paymentId: string | number): Promise<boolean> {
  const spent = await tx.query(
    sql`UPDATE discount_code_uses SET reserved = false, updated_at = now() WHERE payment_id = ${paymentId} RETURNING 1`,
  );
  return spent.length > 0;
}

/** Who holds a code reserved or spent, the member's own use first: his payment (if any) and whether it is reserved. */
export async function codeHolder(
  tx: Db,
  codeId: number,
  userId: number,
): Promise<{ user_id: number; payment_id: string | null; reserved: boolean } | null> {
  const [row] = await tx.query<{ user_id: number; payment_id: string | null; reserved: boolean }>(
    sql`SELECT user_id, payment_id::text AS payment_id, reserved FROM discount_code_uses WHERE discount_code_id = ${codeId}
        ORDER BY (user_id = ${userId}) DESC, reserved DESC LIMIT 1`,
  );
  return row ?? null;
}

export async function deleteCodeUses(tx: Db, paymentId: string | number): Promise<{ discount_code_id: number }[]> {
  return tx.query<{ discount_code_id: number }>(
    sql`DELETE FROM discount_code_uses WHERE payment_id = ${paymentId} RETURNING discount_code_id`,
  );
}

export async function reactivateSingleUseCode(tx: Db, codeId: number): Promise<void> {
  await tx.query(
    sql`UPDATE discount_codes SET status = 'active', updated_at = now() WHERE id = ${codeId} AND validity = 'once' AND status = 'used'`,
  );
}
