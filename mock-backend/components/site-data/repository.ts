import type { Schemas } from '../../../src/shared/api/client';
import { raw, sql, type Db, type Sql } from '../../lib/db';

const SITE_COLUMNS = raw(`id, host, name, domain, domain_language, niche, cdn_prefix, countries, signups, logged_out_search,
  logged_out_search_trafficsource, enable_site_entry_popup, index_title, description, push_public_key, support_phone,
  support_email, minimum_message_costs, fictional_icon, fictional_warning, fictional_singular, fictional_plural,
  visible_profile_fields, visible_profile_notes, search_fields, message_credits, photo_credits, gift_credits,
  signup_credits, message_length, refund_days, member_resell, company_id, mail_name, us_footer, texts AS site_texts, premium_conversations_per_day`);

/**
 * The site of the host, or the default site for an unknown host, as a fragment for a statement that reads more with it
 * (the session lookup of every API request reads it as a CTE).
 */
export function siteByHost(host: string): Sql {
  return sql`SELECT ${SITE_COLUMNS} FROM sites WHERE host = ${host} OR is_default ORDER BY is_default ASC, id LIMIT 1`;
}

export async function listInterests(db: Db): Promise<{ id: number; key: string }[]> {
  return db.query(sql`SELECT id, key FROM interests ORDER BY id`);
}

export async function listRegions(db: Db, countries: string[]): Promise<{ id: number; country: string; code: string; name: string }[]> {
  return db.query(sql`SELECT id, country, code, name FROM regions WHERE country = ANY(${countries}::text[]) ORDER BY country, name, id`);
}

/** A `company_info` row: the contract's CompanyInfo with `added` still a Date. */
export type CompanyRow = Omit<Schemas['CompanyInfo'], 'added'> & { added: Date };

export async function findCompany(db: Db, companyId: number): Promise<CompanyRow | null> {
  const [row] =
    await db.query<CompanyRow>(sql`SELECT name, address, kvk, city, country, tradenames, vat_numbers, support_phone, delete_discount, added
     FROM company_info WHERE id = ${companyId}`);
  return row ?? null;
}
