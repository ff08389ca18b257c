import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import { type Db, sql } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';

/** Days the member's delete discount stays valid after he claims it. */
const DELETE_DISCOUNT_DAYS = 30;

interface CodeRow {
  code: string;
  value_percentage: string;
  status: 'active' | 'used' | 'inactive';
  expires_at: Date | null;
  expired: boolean;
  used: boolean;
}

/**
 * A member about to delete his account because it is too expensive may stay with the company's `delete_discount`
 * off his next purchase: his own code `STAY-<id>`, once, valid DELETE_DISCOUNT_DAYS, on his site. It is an ordinary
 * discount code, so the checkout prices and redeems it like any other. Created once (the code is unique); asking
 * again answers the same code; 404 when the site offers none, 409 `code_used` once he has used it.
 */
export async function claimDeleteDiscount(db: Db, site: Site, viewer: Viewer): Promise<Schemas['DiscountCode']> {
  const [company] = await db.query<{ delete_discount: number }>(
    sql`SELECT delete_discount FROM company_info WHERE id = ${site.company_id}`,
  );
  const percentage = Number(company?.delete_discount ?? 0);
  if (!(percentage > 0)) throw notFound();
  const code = `STAY-${viewer.userId}`;
  await db.query(sql`INSERT INTO discount_codes (code, site_id, user_id, value_percentage, status, validity, expires_at, kind)
     VALUES (${code}, ${site.id}, ${viewer.userId}, ${percentage}, 'active', 'once-per-user', now() + make_interval(days => ${DELETE_DISCOUNT_DAYS}), 'code')
     ON CONFLICT DO NOTHING`);
  const [row] =
    await db.query<CodeRow>(sql`SELECT d.code, d.value_percentage, d.status, d.expires_at, (d.expires_at IS NOT NULL AND d.expires_at <= now()) AS expired,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND x.user_id = ${viewer.userId}) AS used
     FROM discount_codes d WHERE upper(d.code) = upper(${code}) AND d.user_id = ${viewer.userId}`);
  if (!row || row.status === 'inactive') throw notFound();
  if (row.used || row.status === 'used') throw new AppError(409, 'code_used');
  return {
    code: row.code,
    country: null,
    user_id: viewer.userId,
    expires: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    value_percentage: Number(row.value_percentage),
    currency: null,
    minimum_order_value: null,
    status: row.status,
    validity: 'once-per-user',
    expired: row.expired,
    paymentmethods: [],
  };
}
