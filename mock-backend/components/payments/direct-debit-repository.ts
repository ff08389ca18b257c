import { sql, type Db } from '../../lib/db';

/** The direct-debit SQL: mandates awaiting their SMS code, the member's direct-debit totals and the chargeback block. */

export async function directDebitBlocked(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.query(sql`SELECT 1 FROM direct_debit_blocks WHERE user_id = ${userId}`);
  return rows.length > 0;
}

export interface DirectDebitTotals {
  new_member: boolean;
  day: number;
  week: number;
  month: number;
}

/** The member's open, pending and paid direct debits over the last day, week and 30 days; null for no member. */
export async function directDebitTotals(tx: Db, userId: number, newMemberDays: number): Promise<DirectDebitTotals | null> {
  const [row] = await tx.query<DirectDebitTotals>(
    sql`SELECT u.signup_date > now() - make_interval(days => ${newMemberDays}) AS new_member,
       coalesce(sum(p.amount_minor) FILTER (WHERE p.created_at > now() - interval '1 day'), 0)::int AS day,
       coalesce(sum(p.amount_minor) FILTER (WHERE p.created_at > now() - interval '7 days'), 0)::int AS week,
       coalesce(sum(p.amount_minor) FILTER (WHERE p.created_at > now() - interval '30 days'), 0)::int AS month
     FROM users u LEFT JOIN payments p ON p.user_id = u.id AND p.method = 'directdebit' AND p.status IN ('open', 'pending', 'paid')
     WHERE u.id = ${userId} GROUP BY u.signup_date`,
  );
  return row ?? null;
}

export interface MandateValues {
  userId: number;
  reference: string;
  accountHolder: string;
  iban: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  mobile: string;
  codeHash: string;
  codeTtlMinutes: number;
  packageId: number;
}

/** A mandate awaiting its code, valid `codeTtlMinutes` from now. */
export async function insertMandate(tx: Db, v: MandateValues): Promise<{ id: string; code_expires_at: Date }> {
  const [row] = await tx.query<{ id: string; code_expires_at: Date }>(
    sql`INSERT INTO direct_debit_mandates (user_id, reference, account_holder, iban, street, house_number, postcode, city, mobile, code_hash,
         code_expires_at, package_id)
       VALUES (${v.userId}, ${v.reference}, ${v.accountHolder}, ${v.iban}, ${v.street}, ${v.houseNumber}, ${v.postcode}, ${v.city},
         ${v.mobile}, ${v.codeHash}, now() + make_interval(mins => ${v.codeTtlMinutes}), ${v.packageId})
       RETURNING id, code_expires_at`,
  );
  return row as { id: string; code_expires_at: Date };
}

/** A mandate whose code could not be sent: revoked, its code void. */
export async function revokeMandate(db: Db, id: string): Promise<void> {
  await db.query(sql`UPDATE direct_debit_mandates SET status = 'revoked', code_hash = NULL, updated_at = now() WHERE id = ${id}`);
}

export interface ResendableMandate {
  id: string;
  reference: string;
  mobile: string;
  status: string;
  code_resends: number;
}

/** The member's own mandate, locked, for a new code; null for anyone else's. */
export async function lockMandateForResend(tx: Db, userId: number, mandateId: number): Promise<ResendableMandate | null> {
  const [row] = await tx.query<ResendableMandate>(
    sql`SELECT id, reference, mobile, status, code_resends FROM direct_debit_mandates
        WHERE id = ${mandateId} AND user_id = ${userId} FOR UPDATE`,
  );
  return row ?? null;
}

/** A new code replaces the old one: the tries and the time start again. */
export async function replaceCode(tx: Db, id: string, codeHash: string, codeTtlMinutes: number): Promise<Date> {
  const [row] = await tx.query<{ code_expires_at: Date }>(
    sql`UPDATE direct_debit_mandates SET code_hash = ${codeHash}, code_attempts = 0, code_resends = code_resends + 1,
         code_expires_at = now() + make_interval(mins => ${codeTtlMinutes}), updated_at = now()
       WHERE id = ${id} RETURNING code_expires_at`,
  );
  return (row as { code_expires_at: Date }).code_expires_at;
}

/** The mandate's code is void (the member asks for a new one). */
export async function voidCode(db: Db, id: string): Promise<void> {
  await db.query(sql`UPDATE direct_debit_mandates SET code_hash = NULL, updated_at = now() WHERE id = ${id}`);
}

export interface ConfirmableMandate {
  id: string;
  reference: string;
  code_hash: string | null;
  expired: boolean;
  code_attempts: number;
  status: string;
  package_id: number;
  account_holder: string;
  iban: string;
}

/** The member's own mandate, locked, to check a code; null for anyone else's. */
export async function lockMandateForCode(tx: Db, userId: number, mandateId: number): Promise<ConfirmableMandate | null> {
  const [row] = await tx.query<ConfirmableMandate>(
    sql`SELECT id, reference, code_hash, code_expires_at <= now() AS expired, code_attempts, status, package_id, account_holder, iban
       FROM direct_debit_mandates WHERE id = ${mandateId} AND user_id = ${userId} FOR UPDATE`,
  );
  return row ?? null;
}

export async function countWrongCode(tx: Db, id: string): Promise<void> {
  await tx.query(sql`UPDATE direct_debit_mandates SET code_attempts = code_attempts + 1, updated_at = now() WHERE id = ${id}`);
}

/** The right code: the mandate is valid (a parallel confirmation finds it no longer pending); the hash stays. */
export async function claimMandate(tx: Db, id: string): Promise<void> {
  await tx.query(sql`UPDATE direct_debit_mandates SET status = 'valid', confirmed_at = now(), updated_at = now() WHERE id = ${id}`);
}

/** The provider has the mandate: its id is kept and the code hash goes. */
export async function recordProviderMandate(db: Db, id: string, providerMandateId: string): Promise<void> {
  await db.query(
    sql`UPDATE direct_debit_mandates SET provider_mandate_id = ${providerMandateId}, code_hash = NULL, updated_at = now() WHERE id = ${id}`,
  );
}

/** The provider could not take the mandate: it awaits its code again. */
export async function reopenMandate(db: Db, id: string): Promise<void> {
  await db.query(sql`UPDATE direct_debit_mandates SET status = 'pending_code', updated_at = now() WHERE id = ${id}`);
}
