import { type Db, raw, sql } from '../../lib/db';

export type TokenPurpose = 'activate' | 'reset_password' | 'mail_change' | 'reactivate' | 'login_link';

export interface AccountRow {
  id: number;
  /** Where mail goes and what logins look up; a decoy account's is an undeliverable `.invalid` address. */
  email: string;
  /** The address the member sees as his own (a decoy's typed address, else `email`). */
  shown_email: string;
  status: 'active' | 'not_confirmed' | 'deleted';
  language: string;
  password_hash: string;
  profile_name: string | null;
}

const ACCOUNT =
  raw(`SELECT u.id, u.email, COALESCE(u.shown_email, u.email) AS shown_email, u.status, u.language, u.password_hash, p.name AS profile_name
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id`);

export async function findAccount(db: Db, userId: number): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(sql`${ACCOUNT} WHERE u.id = ${userId}`);
  return row ?? null;
}

export async function findAccountByEmail(db: Db, siteId: number, email: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(sql`${ACCOUNT} WHERE u.site_id = ${siteId} AND lower(u.email) = lower(${email})`);
  return row ?? null;
}

export async function isDefaultSite(db: Db, siteId: number): Promise<boolean> {
  const [row] = await db.query<{ is_default: boolean }>(sql`SELECT is_default FROM sites WHERE id = ${siteId}`);
  return row?.is_default ?? true;
}

/** Inserts the user unless the address already has an account on the site; null = the address is taken. */
export async function insertUser(
  db: Db,
  u: {
    siteId: number;
    email: string;
    /** Only for a decoy account: the address its creator typed (see migration 016). */
    shownEmail?: string | undefined;
    passwordHash: string;
    language: string;
    credits: number;
    tracking: Record<string, string>;
    /** The network the signup came from (lib/client.ts `networkOf`), null when unknown. */
    signupNetwork: string | null;
  },
): Promise<number | null> {
  const [row] = await db.query<{
    id: number;
  }>(sql`INSERT INTO users (site_id, email, shown_email, password_hash, status, language, credits, tracking, signup_network)
     VALUES (${u.siteId}, ${u.email}, ${u.shownEmail ?? null}, ${u.passwordHash}, 'not_confirmed', ${u.language}, ${u.credits},
             ${JSON.stringify(u.tracking)}::jsonb, ${u.signupNetwork})
     ON CONFLICT (site_id, lower(email)) DO NOTHING RETURNING id`);
  return row?.id ?? null;
}

/** The profile in his own words he may give at signup (all optional; the contract checked the values). */
export interface SignupWords {
  looking_for?: string[] | undefined;
  position?: string | null | undefined;
  tribes?: string[] | undefined;
  height_cm?: number | null | undefined;
  weight_kg?: number | null | undefined;
  pronouns?: string | null | undefined;
}

export async function insertProfile(
  db: Db,
  p: { userId: number; name: string; birthDate: string | null; about: string; country: string | null; words?: SignupWords },
): Promise<void> {
  const w = p.words ?? {};
  await db.query(
    sql`INSERT INTO profiles (user_id, name, birth_date, about, country, gender, status, looking_for, position, tribes, height_cm, weight_kg, pronouns)
     VALUES (${p.userId}, ${p.name}, ${p.birthDate}::date, ${p.about}, ${p.country}, 'male', 'disabled', ${w.looking_for ?? []}::text[],
             ${w.position ?? null}, ${w.tribes ?? []}::text[], ${w.height_cm ?? null}::smallint, ${w.weight_kg ?? null}::smallint, ${w.pronouns ?? null})`,
  );
}

export async function updateProfile(
  db: Db,
  p: { userId: number; name: string; birthDate: string; about: string | undefined },
): Promise<void> {
  await db.query(sql`UPDATE profiles SET name = ${p.name}, birth_date = ${p.birthDate}::date, about = COALESCE(${p.about ?? null}, about),
       status = CASE WHEN (SELECT status FROM users WHERE id = ${p.userId}) = 'active' THEN 'active' ELSE status END,
       updated_at = now()
     WHERE user_id = ${p.userId}`);
}

/** The signup credits the new user row already holds: a free lot and its ledger row (credits/ledger.ts's books). */
export async function addSignupCredits(db: Db, userId: number, credits: number): Promise<void> {
  await db.query(sql`WITH lot AS (INSERT INTO credit_lots (user_id, kind, credits, remaining) VALUES (${userId}, 'free', ${credits}, ${credits}) RETURNING id)
     INSERT INTO credit_ledger (user_id, delta, reason, balance_after, lot_id) SELECT ${userId}, ${credits}, 'signup', ${credits}, id FROM lot`);
}

export async function insertSignupMessage(db: Db, userId: number, recipientId: number, body: string): Promise<void> {
  await db.query(sql`INSERT INTO signup_messages (user_id, recipient_id, body) VALUES (${userId}, ${recipientId}, ${body})`);
}

/** A member another visitor may write to: visible on the site (active, not deleted, profile enabled). */
export async function isVisibleMember(db: Db, siteId: number, userId: number): Promise<boolean> {
  const [row] = await db.query(sql`SELECT 1 FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.id = ${userId} AND u.site_id = ${siteId} AND u.status = 'active' AND u.deleted_at IS NULL AND p.status = 'active'`);
  return row !== undefined;
}

/** Hands the messages written before activation to their recipients as ordinary conversations. */
export async function deliverSignupMessages(db: Db, userId: number, siteId: number): Promise<number> {
  const pending = await db.query<{ id: number; recipient_id: number; body: string }>(
    sql`SELECT id, recipient_id, body FROM signup_messages WHERE user_id = ${userId} AND delivered_at IS NULL ORDER BY id FOR UPDATE`,
  );
  for (const m of pending) {
    const [conv] = await db.query<{ id: number }>(
      sql`INSERT INTO conversations (site_id, last_message_at) VALUES (${siteId}, now()) RETURNING id`,
    );
    const conversationId = (conv as { id: number }).id;
    await db.query(
      sql`INSERT INTO conversation_members (conversation_id, user_id, unread_count) VALUES (${conversationId}, ${userId}, 0), (${conversationId}, ${m.recipient_id}, 1)`,
    );
    await db.query(sql`INSERT INTO messages (conversation_id, sender_id, body) VALUES (${conversationId}, ${userId}, ${m.body})`);
    await db.query(sql`UPDATE signup_messages SET delivered_at = now(), updated_at = now() WHERE id = ${m.id}`);
  }
  return pending.length;
}

/** Stores a new token (its sha256 only) and ends the earlier unused ones of the same purpose. */
export async function insertToken(
  db: Db,
  t: { tokenHash: string; purpose: TokenPurpose; userId: number; ttlMinutes: number; newEmail?: string; keepEarlier?: boolean },
): Promise<void> {
  if (!t.keepEarlier) {
    await db.query(
      sql`UPDATE account_tokens SET used_at = now(), updated_at = now() WHERE user_id = ${t.userId} AND purpose = ${t.purpose} AND used_at IS NULL`,
    );
  }
  await db.query(sql`INSERT INTO account_tokens (token_hash, purpose, user_id, new_email, expires_at)
     VALUES (${t.tokenHash}, ${t.purpose}, ${t.userId}, ${t.newEmail ?? null}, now() + make_interval(mins => ${t.ttlMinutes}))`);
}

/** Spends a token atomically: one UPDATE, so two requests with the same token cannot both succeed. */
export async function consumeToken(
  db: Db,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<{ user_id: number; new_email: string | null } | null> {
  const [row] = await db.query<{
    user_id: number;
    new_email: string | null;
  }>(sql`UPDATE account_tokens SET used_at = now(), updated_at = now()
     WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, new_email`);
  return row ?? null;
}

/** Whether a token would be spent by consumeToken now (unused, not expired, its account not deleted); spends nothing. */
export async function isUsableToken(db: Db, purpose: TokenPurpose, tokenHash: string): Promise<boolean> {
  const [row] = await db.query(sql`SELECT 1 FROM account_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = ${tokenHash} AND t.purpose = ${purpose} AND t.used_at IS NULL AND t.expires_at > now() AND u.status <> 'deleted'`);
  return row !== undefined;
}

/** Ends the member's unused tokens of one purpose (e.g. pending e-mail changes when the password changes). */
export async function cancelTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<number> {
  const rows = await db.query(sql`UPDATE account_tokens SET used_at = now(), updated_at = now()
     WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL RETURNING 1`);
  return rows.length;
}

export async function lastTokenAgeSeconds(db: Db, userId: number, purpose: TokenPurpose): Promise<number | null> {
  const [row] = await db.query<{ age: number }>(
    sql`SELECT extract(epoch FROM now() - max(created_at))::int AS age FROM account_tokens WHERE user_id = ${userId} AND purpose = ${purpose}`,
  );
  return row?.age ?? null;
}

export async function activate(db: Db, userId: number): Promise<{ site_id: number } | null> {
  const [row] = await db.query<{ site_id: number }>(
    sql`UPDATE users SET status = 'active', updated_at = now() WHERE id = ${userId} AND status = 'not_confirmed' RETURNING site_id`,
  );
  if (row) await db.query(sql`UPDATE profiles SET status = 'active', updated_at = now() WHERE user_id = ${userId} AND name <> ''`);
  return row ?? null;
}

/** One more reset request for the address today; returns today's count (atomic upsert, safe when concurrent). */
export async function countResetRequest(db: Db, siteId: number, email: string): Promise<number> {
  const [row] = await db.query<{
    requests: number;
  }>(sql`INSERT INTO reset_requests AS r (site_id, email, day, requests) VALUES (${siteId}, lower(${email}), current_date, 1)
     ON CONFLICT (site_id, email, day) DO UPDATE SET requests = r.requests + 1, updated_at = now()
     RETURNING requests`);
  return row?.requests ?? 1;
}

/** Sets the password; device cookies issued before no longer make a login trusted (a new device epoch). */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.query(
    sql`UPDATE users SET password_hash = ${passwordHash}, device_epoch = device_epoch + 1, updated_at = now() WHERE id = ${userId}`,
  );
}

/** Ends the member's sessions, all or all but one. */
export async function deleteSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  await db.query(
    sql`DELETE FROM sessions WHERE user_id = ${userId} AND (${exceptSessionId ?? null}::text IS NULL OR id <> ${exceptSessionId ?? null})`,
  );
}

/** A password reset lifts the member's login locks, so a member can never be locked out for good. */
export async function clearAccountThrottle(db: Db, siteId: number, userId: number, email: string): Promise<void> {
  await db.query(sql`DELETE FROM login_account_throttle WHERE site_id = ${siteId} AND email = lower(${email})`);
  await db.query(sql`DELETE FROM login_failures WHERE site_id = ${siteId} AND email = lower(${email})`);
  await db.query(sql`DELETE FROM login_device_throttle WHERE user_id = ${userId}`);
}

export async function emailTaken(db: Db, siteId: number, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db.query(
    sql`SELECT 1 FROM users WHERE site_id = ${siteId} AND lower(email) = lower(${email}) AND id <> ${exceptUserId}`,
  );
  return row !== undefined;
}

/** The address bounced: notification e-mails stop until the member confirms another address. */
export async function markBounced(db: Db, address: string): Promise<void> {
  await db.query(sql`UPDATE users SET notifications_disabled = array_append(notifications_disabled, 'bounce'), updated_at = now()
     WHERE lower(email) = lower(${address.replace(/^.*<|>$/g, '')}) AND NOT ('bounce' = ANY(notifications_disabled))`);
}

export async function setEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.query(sql`UPDATE users SET email = ${email}, shown_email = NULL, status = CASE WHEN status = 'not_confirmed' THEN 'active' ELSE status END,
       notifications_disabled = array_remove(notifications_disabled, 'bounce'), updated_at = now()
     WHERE id = ${userId}`);
  await db.query(sql`UPDATE profiles SET status = 'active', updated_at = now()
     WHERE user_id = ${userId} AND name <> '' AND (SELECT status FROM users WHERE id = ${userId}) = 'active'`);
}

export async function markDeleted(db: Db, userId: number, reasons: string[], comment: string): Promise<void> {
  await db.query(sql`UPDATE users SET status_before_delete = status, status = 'deleted', deleted_at = now(), delete_reasons = ${reasons},
       delete_comment = ${comment}, updated_at = now()
     WHERE id = ${userId} AND status <> 'deleted'`);
  await db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
}

/** Takes a deleted account back while it is inside the undo window and not purged. */
export async function reactivate(db: Db, userId: number, undoDays: number): Promise<boolean> {
  const [row] =
    await db.query(sql`UPDATE users SET status = COALESCE(status_before_delete, 'not_confirmed'), status_before_delete = NULL, deleted_at = NULL,
       delete_reasons = '{}', delete_comment = '', updated_at = now()
     WHERE id = ${userId} AND status = 'deleted' AND purged_at IS NULL AND deleted_at > now() - make_interval(days => ${undoDays})
     RETURNING id`);
  return row !== undefined;
}

export async function readNotificationSettings(
  db: Db,
  userId: number,
): Promise<{ mail_off: string[]; notifications_disabled: string[] } | null> {
  const [row] = await db.query<{ mail_off: string[]; notifications_disabled: string[] }>(
    sql`SELECT mail_off, notifications_disabled FROM users WHERE id = ${userId}`,
  );
  return row ?? null;
}

export async function writeNotificationSettings(db: Db, userId: number, mailOff: string[], liftUnsubscribe: boolean): Promise<void> {
  await db.query(sql`UPDATE users SET mail_off = ${mailOff},
       notifications_disabled = CASE WHEN ${liftUnsubscribe} THEN array_remove(notifications_disabled, 'unsubscribe') ELSE notifications_disabled END,
       updated_at = now()
     WHERE id = ${userId}`);
}

/** Accounts deleted longer ago than the undo window and not yet purged. */
/** A decoy account: one made by signing up with an address that already had an account (see signup.ts). */
const DECOY = raw(`(shown_email IS NOT NULL AND email LIKE 'decoy-%@signup.invalid')`);

export async function accountsToPurge(db: Db, undoDays: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(sql`SELECT id FROM users WHERE purged_at IS NULL AND (
       (status = 'deleted' AND deleted_at <= now() - make_interval(days => ${undoDays}))
       -- A decoy account (migration 016) once nothing can reach it any more: no live session (it cannot log in with a
       -- password, and reset links go to the address's owner) and no pending e-mail change that could adopt it.
       OR (${DECOY} AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.id AND s.expires_at > now())
           AND NOT EXISTS (SELECT 1 FROM account_tokens t WHERE t.user_id = users.id AND t.purpose = 'mail_change'
                           AND t.expires_at > now())))
     ORDER BY deleted_at NULLS FIRST LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/**
 * Removes the personal data of one deleted (or unreachable decoy) account; the users row stays as an anonymous
 * tombstone so the credit ledger and the other members' conversations keep their references. Answers the files of its
 * photos (to remove once the transaction committed).
 */
export interface PurgedFiles {
  photos: Array<{ filename: string; thumb_filename: string; blurred_filename: string }>;
  /** Photo messages the member sent (their rows are gone). */
  chatPhotos: string[];
}

/**
 * Removes the member's personal data (call it in a transaction); answers the files whose rows went, for the caller
 * to delete after the commit.
 */
export async function purgeAccount(db: Db, userId: number): Promise<PurgedFiles> {
  const [row] = await db.query<{ site_id: number; email: string }>(
    sql`SELECT site_id, email FROM users WHERE id = ${userId} AND (status = 'deleted' OR ${DECOY}) AND purged_at IS NULL FOR UPDATE`,
  );
  if (!row) return { photos: [], chatPhotos: [] };
  const photos = await db.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
    sql`DELETE FROM photos WHERE user_id = ${userId} RETURNING filename, thumb_filename, blurred_filename`,
  );
  await db.query(sql`DELETE FROM login_failures WHERE site_id = ${row.site_id} AND email = lower(${row.email})`);
  await db.query(sql`DELETE FROM login_account_throttle WHERE site_id = ${row.site_id} AND email = lower(${row.email})`);
  await db.query(sql`DELETE FROM reset_requests WHERE site_id = ${row.site_id} AND email = lower(${row.email})`);
  await db.query(sql`DELETE FROM mail_outbox WHERE lower(to_address) = lower(${row.email})`);
  await db.query(sql`DELETE FROM account_device_links WHERE user_id = ${userId} OR other_id = ${userId}`);
  for (const table of [
    'profiles',
    'likes',
    'sessions',
    'push_subscriptions',
    'account_tokens',
    'signup_messages',
    'login_device_throttle',
    // His verification requests: the selfie files no row names then go with the verification's hourly sweep.
    'verification_requests',
    // His sexual health values (special category data, components/sexual-health).
    'sexual_health',
  ]) {
    const column = table === 'likes' ? 'liker_id' : 'user_id';
    await db.query(sql`DELETE FROM ${raw(table)} WHERE ${raw(column)} = ${userId}`);
  }
  await db.query(sql`DELETE FROM likes WHERE liked_id = ${userId}`);
  await db.query(sql`DELETE FROM swipes WHERE user_id = ${userId} OR target_id = ${userId}`);
  await db.query(sql`DELETE FROM swipe_quota WHERE user_id = ${userId}`);
  await db.query(sql`DELETE FROM match_preferences WHERE user_id = ${userId}`);
  const chatPhotos = await db.query<{ photo_filename: string | null }>(
    sql`DELETE FROM messages WHERE sender_id = ${userId} RETURNING photo_filename`,
  );
  await db.query(sql`UPDATE users SET email = 'purged-' || id || '@purged.invalid', shown_email = NULL, password_hash = '', tracking = '{}',
       signup_network = NULL, status = 'deleted', deleted_at = COALESCE(deleted_at, now()),
       delete_comment = '', notifications_disabled = '{}', mail_off = '{}', purged_at = now(), updated_at = now()
     WHERE id = ${userId}`);
  return { photos, chatPhotos: chatPhotos.flatMap((m) => (m.photo_filename ? [m.photo_filename] : [])) };
}

/** Mailed links past their validity, and reset-mail counts of past days (the cleanup job). */
/** A sign-in link asked for (any address: see login-link.ts). */
export async function insertLoginLinkRequest(db: Db, siteId: number, email: string, locale: string): Promise<void> {
  await db.query(sql`INSERT INTO login_link_requests (site_id, email, locale) VALUES (${siteId}, ${email}, ${locale})`);
}

/** Takes the oldest waiting request out of the table (inside the transaction that handles it), with its site's host. */
export async function claimLoginLinkRequest(db: Db): Promise<{ site_id: number; host: string; email: string; locale: string } | null> {
  const [row] = await db.query<{ site_id: number; host: string; email: string; locale: string }>(sql`WITH claimed AS (
       DELETE FROM login_link_requests WHERE id = (
         SELECT id FROM login_link_requests ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING site_id, email, locale)
     SELECT c.site_id, s.host, c.email, c.locale FROM claimed c JOIN sites s ON s.id = c.site_id`);
  return row ?? null;
}

export async function deleteExpiredTokens(db: Db): Promise<number> {
  const tokens = await db.query(sql`DELETE FROM account_tokens WHERE expires_at <= now() RETURNING 1`);
  await db.query(sql`DELETE FROM reset_requests WHERE day < current_date - 1`);
  return tokens.length;
}

// The delete discount (delete-discount.ts).

export interface CodeRow {
  code: string;
  value_percentage: string;
  status: 'active' | 'used' | 'inactive';
  expires_at: Date | null;
  expired: boolean;
  used: boolean;
}

/** The company's delete discount in percent (undefined: no such company). */
export async function deleteDiscountOf(db: Db, companyId: number): Promise<number | undefined> {
  const [company] = await db.query<{ delete_discount: number }>(sql`SELECT delete_discount FROM company_info WHERE id = ${companyId}`);
  return company?.delete_discount;
}

/** The member's own delete-discount code (nothing when he has it already: the code is unique). */
export async function insertDeleteDiscount(
  db: Db,
  c: { code: string; siteId: number; userId: number; percentage: number; days: number },
): Promise<void> {
  await db.query(sql`INSERT INTO discount_codes (code, site_id, user_id, value_percentage, status, validity, expires_at, kind)
     VALUES (${c.code}, ${c.siteId}, ${c.userId}, ${c.percentage}, 'active', 'once-per-user', now() + make_interval(days => ${c.days}), 'code')
     ON CONFLICT DO NOTHING`);
}

/** The member's code and whether he used it (a completed payment spent it; an unpaid order only reserves it). */
export async function memberCode(db: Db, code: string, userId: number): Promise<CodeRow | undefined> {
  const [row] =
    await db.query<CodeRow>(sql`SELECT d.code, d.value_percentage, d.status, d.expires_at, (d.expires_at IS NOT NULL AND d.expires_at <= now()) AS expired,
            EXISTS (SELECT 1 FROM discount_code_uses x WHERE x.discount_code_id = d.id AND x.user_id = ${userId} AND NOT x.reserved) AS used
     FROM discount_codes d WHERE upper(d.code) = upper(${code}) AND d.user_id = ${userId}`);
  return row;
}
