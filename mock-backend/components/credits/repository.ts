import type { Db } from '../../lib/db';

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
  used_by_anyone: boolean;
  used_by_user: boolean;
  kind: 'code' | 'welcome' | 'time_bonus';
}

export async function findCode(db: Db, q: { code: string; siteId: number; userId: number }): Promise<DiscountRow | null> {
  const [row] = await db.query<DiscountRow>(
    `SELECT d.id, d.code, d.country, d.user_id, d.value_percentage, d.currency, d.minimum_order_value, d.status,
            d.validity, d.kind, d.expires_at, (d.expires_at IS NOT NULL AND d.expires_at <= now()) AS expired, d.paymentmethods,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id) AS used_by_anyone,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND x.user_id = $3) AS used_by_user
     FROM discount_codes d
     WHERE upper(d.code) = upper($1) AND (d.site_id IS NULL OR d.site_id = $2) AND (d.user_id IS NULL OR d.user_id = $3)`,
    [q.code, q.siteId, q.userId],
  );
  return row ?? null;
}

export async function findWelcomeState(
  db: Db,
  userId: number,
): Promise<{ paid_user: boolean; signup_date: Date; seconds_since_signup: number } | null> {
  const [row] = await db.query<{ paid_user: boolean; signup_date: Date; seconds_since_signup: number }>(
    `SELECT paid_user, signup_date, extract(epoch FROM (now() - signup_date))::float8 AS seconds_since_signup
     FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? null;
}
