import type { Site } from '../../lib/context';
import { type Db, raw, sql, statement } from '../../lib/db';
import { siteByHost } from '../site-data/index';

export interface UserRow {
  id: number;
  /** The address the member sees as his own (a decoy account's typed address; see migration 016). */
  email: string;
  role: 'member' | 'moderator' | 'admin';
  status: 'active' | 'not_confirmed' | 'deleted';
  credits: number;
  paid_user: boolean;
  language: string;
  signup_date: Date;
  notifications_disabled: string[];
  profile_name: string | null;
  profile_country: string | null;
  profile_status: 'active' | 'disabled' | null;
  profile_invisible: boolean | null;
  photo_id: number | null;
  photo_filename: string | null;
  photo_thumb: string | null;
  photo_status: 'approved' | 'pending' | 'rejected' | null;
  /** The free text messages he has sent (the chat counts them the same way: messages_sender_free). */
  free_used: number;
}

const USER_COLUMNS =
  raw(`u.id, COALESCE(u.shown_email, u.email) AS email, u.role, u.status, u.credits, u.paid_user, u.language, u.signup_date, u.notifications_disabled,
  p.name AS profile_name, p.country AS profile_country, p.status AS profile_status, p.invisible AS profile_invisible,
  ph.id AS photo_id, ph.filename AS photo_filename, ph.thumb_filename AS photo_thumb, ph.status AS photo_status,
  (SELECT count(*)::int FROM messages m WHERE m.sender_id = u.id AND m.free) AS free_used`);
const USER_JOINS = raw(`LEFT JOIN profiles p ON p.user_id = u.id
  LEFT JOIN photos ph ON ph.user_id = u.id AND ph.is_main`);

/** The member behind a session (user.php, on every member page): prepared once. */
const userById = statement(
  'session_user_by_id',
  (userId: number) => sql`SELECT ${USER_COLUMNS} FROM users u ${USER_JOINS} WHERE u.id = ${userId}`,
);

export async function findUser(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(userById(userId));
  return row ?? null;
}

export interface LoginCandidate {
  id: number;
  password_hash: string;
  status: string;
  /** Counted up by every password reset or change; device cookies of an older epoch are not trusted. */
  device_epoch: number;
  /** 'legacy' for a member from the PHP service (with password_hash '' until his first login here). */
  origin: string;
}

export async function findLoginCandidate(db: Db, siteId: number, email: string): Promise<LoginCandidate | null> {
  const [row] = await db.query<LoginCandidate>(sql`SELECT id, password_hash, status, device_epoch, origin FROM users
     WHERE site_id = ${siteId} AND lower(email) = lower(${email}) AND status <> 'deleted'`);
  return row ?? null;
}

export interface SessionRow {
  user_id: number;
  paid_user: boolean;
  language: string;
  stale: boolean;
}

const siteAndSession = statement(
  'site_and_session',
  (
    host: string,
    sessionId: string | null,
    knownSiteId: number | null,
    knownVersion: string | null,
  ) => sql`WITH site AS (${siteByHost(host)})
   SELECT v.id AS site_row_id, v.xmin::text AS site_row_version, full_site.*,
          sess.user_id AS session_user_id, sess.paid_user AS session_paid_user, sess.language AS session_language,
          sess.stale AS session_stale
   FROM site JOIN sites v ON v.id = site.id
   -- The site's columns only when the caller does not hold this version of the row already (null columns cost nothing).
   LEFT JOIN LATERAL (SELECT site.* WHERE (v.id, v.xmin::text) IS DISTINCT FROM (${knownSiteId}::int, ${knownVersion}::text)) full_site ON true
   LEFT JOIN LATERAL (
     SELECT s.user_id, u.paid_user, u.language, (s.last_seen_at < now() - interval '5 minutes') AS stale
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = ${sessionId} AND s.expires_at > now() AND u.site_id = site.id AND u.status <> 'deleted'
       -- A suspended or banned member has no session, however he got one (a sign-in link, a password reset).
       AND (u.suspended_until IS NULL OR u.suspended_until <= now())
   ) sess ON true`,
);

/** Sites kept per cache at most (a process serves a handful; the oldest host is forgotten first beyond it). */
const SITE_CACHE_HOSTS = 64;

/**
 * The site rows a process has parsed, by request host, each with the version of the row it was read from (its xmin:
 * every update of the row writes a new one). Nothing is trusted without the database: every request's statement
 * names the version it holds, and reads the row's columns again when that is not the row's version now, so an edit
 * on another instance is seen by the next request here as before. What it saves is the transfer and parsing of the
 * site's many columns on every request.
 */
export interface SiteRowCache {
  rows: Map<string, { id: number; version: string; site: Site }>;
}

export function createSiteRowCache(): SiteRowCache {
  return { rows: new Map() };
}

type SiteAndSessionRow = { [K in keyof Site]: Site[K] | null } & {
  site_row_id: number;
  site_row_version: string;
  session_user_id: number | null;
  session_paid_user: boolean | null;
  session_language: string | null;
  session_stale: boolean | null;
};

/** The session's columns of a site_and_session row; the others are the site's. */
const SESSION_COLUMNS = [
  'site_row_id',
  'site_row_version',
  'session_user_id',
  'session_paid_user',
  'session_language',
  'session_stale',
] as const;

/**
 * The site's columns of a row that carries them: only when the site's row changed, or in a new process. A rest
 * pattern over the row's forty-odd columns on every request was most of this lookup's own CPU in the profile.
 */
function siteColumns(row: SiteAndSessionRow): Site {
  const columns: Record<string, unknown> = { ...row };
  for (const key of SESSION_COLUMNS) delete columns[key];
  return columns as Site;
}

/**
 * The site of the host (siteByHost) and the session of that site's member behind `sessionId` (null
 * without one, or when it is unknown, expired, another site's, a deleted or a suspended member's): one statement for what every
 * API request needs first. `cache`: the site rows this caller parsed before (see SiteRowCache).
 */
export async function findSiteAndSession(
  db: Db,
  host: string,
  sessionId: string | null,
  cache?: SiteRowCache,
): Promise<{ site: Site; session: SessionRow | null } | null> {
  const known = cache?.rows.get(host);
  const [row] = await db.query<SiteAndSessionRow>(siteAndSession(host, sessionId, known?.id ?? null, known?.version ?? null));
  if (!row) return null;
  const {
    site_row_id: siteId,
    site_row_version: version,
    session_user_id: userId,
    session_paid_user: paidUser,
    session_language: language,
    session_stale: stale,
  } = row;
  let site: Site;
  if (row.id === null) {
    // The row is the version held (the statement left its columns out): a copy, as every request had its own.
    site = { ...(known as { site: Site }).site };
  } else {
    site = siteColumns(row);
    if (cache) {
      cache.rows.delete(host);
      if (cache.rows.size >= SITE_CACHE_HOSTS) cache.rows.delete(cache.rows.keys().next().value as string);
      cache.rows.set(host, { id: siteId, version, site: { ...site } });
    }
  }
  return {
    site,
    session: userId === null ? null : { user_id: userId, paid_user: paidUser ?? false, language: language ?? 'en', stale: stale ?? false },
  };
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.query(sql`UPDATE sessions SET last_seen_at = now(), updated_at = now() WHERE id = ${sessionId}`);
}

/**
 * When a bridged session row ends: when the BFF stops vouching for the PHP session (`untilSeconds`, Unix seconds), never
 * more than `maxAgeSeconds` from now, and not before the request in hand is served (a second from now: an assertion
 * that spent the last moments of the BFF's word on its way is still the BFF's word for this request).
 */
const bridgedExpiry = (untilSeconds: number, maxAgeSeconds: number) =>
  sql`GREATEST(LEAST(to_timestamp(${untilSeconds}), now() + make_interval(secs => ${maxAgeSeconds})), now() + interval '1 second')`;

/** The session row standing for a PHP session (identity bridge): written or renewed, for `userId`, until bridgedExpiry. */
export async function saveBridgedSession(
  db: Db,
  sessionId: string,
  userId: number,
  untilSeconds: number,
  maxAgeSeconds: number,
): Promise<void> {
  await db.query(
    sql`INSERT INTO sessions (id, user_id, expires_at)
        VALUES (${sessionId}, ${userId}, ${bridgedExpiry(untilSeconds, maxAgeSeconds)})
        ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at, last_seen_at = now(), updated_at = now()`,
  );
}

/**
 * Accepts an identity-bridge assertion once: records its `jti` until it expires, and renews the bridged session row of
 * its member to what the assertion vouches for (bridgedExpiry; never shorter than it was). False
 * when the `jti` was seen before (a replay): nothing is renewed then. One statement.
 */
export async function acceptAssertion(
  db: Db,
  a: { jti: string; expiresAt: number; sessionId: string; userId: number; untilSeconds: number; maxAgeSeconds: number },
): Promise<boolean> {
  const [row] = await db.query<{ fresh: boolean }>(
    sql`WITH seen AS (
          INSERT INTO seen_assertions (jti, expires_at) VALUES (${a.jti}, to_timestamp(${a.expiresAt}))
          ON CONFLICT (jti) DO NOTHING RETURNING 1
        ), renewed AS (
          UPDATE sessions SET expires_at = ${bridgedExpiry(a.untilSeconds, a.maxAgeSeconds)}, last_seen_at = now(), updated_at = now()
          WHERE id = ${a.sessionId} AND user_id = ${a.userId} AND EXISTS (SELECT 1 FROM seen)
            AND expires_at < ${bridgedExpiry(a.untilSeconds, a.maxAgeSeconds)}
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM seen) AS fresh, (SELECT count(*) FROM renewed) AS renewed`,
  );
  return row?.fresh === true;
}

export async function createSession(db: Db, sessionId: string, userId: number, maxAgeSeconds: number): Promise<void> {
  await db.query(
    sql`INSERT INTO sessions (id, user_id, expires_at) VALUES (${sessionId}, ${userId}, now() + make_interval(secs => ${maxAgeSeconds}))`,
  );
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.query(sql`DELETE FROM sessions WHERE id = ${sessionId}`);
}

/** Removes expired sessions (and the identity bridge's expired assertion ids with them); answers the sessions removed. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  await db.query(sql`DELETE FROM seen_assertions WHERE expires_at <= now()`);
  const rows = await db.query(sql`DELETE FROM sessions WHERE expires_at <= now() RETURNING 1`);
  return rows.length;
}

export async function setLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.query(sql`UPDATE users SET language = ${language}, updated_at = now() WHERE id = ${userId}`);
}

export async function touchLastActive(db: Db, userId: number): Promise<void> {
  await db.query(sql`UPDATE users SET last_active_at = now(), updated_at = now() WHERE id = ${userId}`);
}

export async function savePushSubscription(db: Db, userId: number, endpoint: string, subscription: unknown): Promise<void> {
  await db.query(sql`INSERT INTO push_subscriptions (user_id, endpoint, subscription) VALUES (${userId}, ${endpoint}, ${JSON.stringify(subscription)}::jsonb)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, subscription = EXCLUDED.subscription, updated_at = now()`);
}

export async function deletePushSubscriptions(db: Db, userId: number): Promise<void> {
  await db.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
}

/** Failed-login bookkeeping per site + e-mail + IP. */
export async function lockedMinutes(db: Db, siteId: number, email: string, ip: string): Promise<number> {
  const [row] = await db.query<{
    minutes: number;
  }>(sql`SELECT ceil(extract(epoch FROM (locked_until - now())) / 60)::int AS minutes FROM login_failures
     WHERE site_id = ${siteId} AND email = lower(${email}) AND ip = ${ip} AND locked_until > now()`);
  return row?.minutes ?? 0;
}

/** Counts a failure inside the window; locks when it reaches maxFailures. Returns the lock minutes (0 = none). */
export async function recordFailure(
  db: Db,
  q: { siteId: number; email: string; ip: string; windowMinutes: number; maxFailures: number; lockMinutes: number },
): Promise<number> {
  const [row] = await db.query<{
    minutes: number;
  }>(sql`INSERT INTO login_failures AS lf (site_id, email, ip, failures) VALUES (${q.siteId}, lower(${q.email}), ${q.ip}, 1)
     ON CONFLICT (site_id, email, ip) DO UPDATE SET
       failures = CASE WHEN lf.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN 1 ELSE lf.failures + 1 END,
       window_started_at = CASE WHEN lf.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN now() ELSE lf.window_started_at END,
       updated_at = now()
     RETURNING CASE WHEN failures >= ${q.maxFailures} THEN ${q.lockMinutes} ELSE 0 END AS minutes`);
  const minutes = row?.minutes ?? 0;
  if (minutes > 0) {
    await db.query(sql`UPDATE login_failures SET locked_until = now() + make_interval(mins => ${q.lockMinutes}), failures = 0, window_started_at = now(),
         updated_at = now() WHERE site_id = ${q.siteId} AND email = lower(${q.email}) AND ip = ${q.ip}`);
  }
  return minutes;
}

export async function clearFailures(db: Db, siteId: number, email: string, ip: string): Promise<void> {
  await db.query(sql`DELETE FROM login_failures WHERE site_id = ${siteId} AND email = lower(${email}) AND ip = ${ip}`);
}

/** Minutes left on the per-account lock (all IPs together), 0 = none. */
export async function accountLockedMinutes(db: Db, siteId: number, email: string): Promise<number> {
  const [row] = await db.query<{
    minutes: number;
  }>(sql`SELECT ceil(extract(epoch FROM (locked_until - now())) / 60)::int AS minutes FROM login_account_throttle
     WHERE site_id = ${siteId} AND email = lower(${email}) AND locked_until > now()`);
  return row?.minutes ?? 0;
}

/** Minutes left on the per-IP lock (all accounts together), 0 = none. */
export async function ipLockedMinutes(db: Db, ip: string): Promise<number> {
  const [row] = await db.query<{
    minutes: number;
  }>(sql`SELECT ceil(extract(epoch FROM (locked_until - now())) / 60)::int AS minutes FROM login_ip_throttle
     WHERE ip = ${ip} AND locked_until > now()`);
  return row?.minutes ?? 0;
}

/**
 * Counts a failure for the account across all IPs. Reaching maxFailures in the window locks the account for
 * baseMinutes·2^level, capped at maxMinutes; the level grows with each lock and falls back to 0 a day after the
 * last one (or at a successful login / password reset). Returns the lock minutes (0 = none).
 */
export async function recordAccountFailure(
  db: Db,
  q: { siteId: number; email: string; windowMinutes: number; maxFailures: number; baseMinutes: number; maxMinutes: number },
): Promise<number> {
  const [row] = await db.query<{
    failures: number;
    lock_level: number;
  }>(sql`INSERT INTO login_account_throttle AS t (site_id, email, failures) VALUES (${q.siteId}, lower(${q.email}), 1)
     ON CONFLICT (site_id, email) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN now() ELSE t.window_started_at END,
       lock_level = CASE WHEN t.locked_until < now() - interval '24 hours' THEN 0 ELSE t.lock_level END,
       updated_at = now()
     RETURNING failures, lock_level`);
  if (!row || row.failures < q.maxFailures) return 0;
  const minutes = Math.min(q.baseMinutes * 2 ** row.lock_level, q.maxMinutes);
  await db.query(sql`UPDATE login_account_throttle SET locked_until = now() + make_interval(mins => ${minutes}), lock_level = lock_level + 1,
       failures = 0, window_started_at = now(), updated_at = now()
     WHERE site_id = ${q.siteId} AND email = lower(${q.email})`);
  return minutes;
}

/** Counts a failure from the IP across all accounts; locks the IP when it reaches maxFailures. */
export async function recordIpFailure(
  db: Db,
  q: { ip: string; windowMinutes: number; maxFailures: number; lockMinutes: number },
): Promise<number> {
  const [row] = await db.query<{ failures: number }>(sql`INSERT INTO login_ip_throttle AS t (ip, failures) VALUES (${q.ip}, 1)
     ON CONFLICT (ip) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN now() ELSE t.window_started_at END,
       updated_at = now()
     RETURNING failures`);
  if (!row || row.failures < q.maxFailures) return 0;
  await db.query(sql`UPDATE login_ip_throttle SET locked_until = now() + make_interval(mins => ${q.lockMinutes}), failures = 0, window_started_at = now(),
       updated_at = now() WHERE ip = ${q.ip}`);
  return q.lockMinutes;
}

export async function clearAccountFailures(db: Db, siteId: number, email: string): Promise<void> {
  await db.query(sql`DELETE FROM login_account_throttle WHERE site_id = ${siteId} AND email = lower(${email})`);
}

/** Minutes left on a trusted device's own lock (its device cookie's budget is spent), 0 = none. */
export async function deviceLockedMinutes(db: Db, device: string): Promise<number> {
  const [row] = await db.query<{
    minutes: number;
  }>(sql`SELECT ceil(extract(epoch FROM (locked_until - now())) / 60)::int AS minutes FROM login_device_throttle
     WHERE device = ${device} AND locked_until > now()`);
  return row?.minutes ?? 0;
}

/**
 * Counts a failed login from a trusted device (a valid device cookie for the account) against that device only;
 * reaching maxFailures in the window locks the device for lockMinutes. Returns the lock minutes (0 = none).
 */
export async function recordDeviceFailure(
  db: Db,
  q: { device: string; userId: number; windowMinutes: number; maxFailures: number; lockMinutes: number },
): Promise<number> {
  const [row] = await db.query<{
    failures: number;
  }>(sql`INSERT INTO login_device_throttle AS t (device, user_id, failures) VALUES (${q.device}, ${q.userId}, 1)
     ON CONFLICT (device) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < now() - make_interval(mins => ${q.windowMinutes}) THEN now() ELSE t.window_started_at END,
       updated_at = now()
     RETURNING failures`);
  if (!row || row.failures < q.maxFailures) return 0;
  await db.query(sql`UPDATE login_device_throttle SET locked_until = now() + make_interval(mins => ${q.lockMinutes}), failures = 0,
       window_started_at = now(), updated_at = now() WHERE device = ${q.device}`);
  return q.lockMinutes;
}

export async function clearDeviceFailures(db: Db, device: string): Promise<void> {
  await db.query(sql`DELETE FROM login_device_throttle WHERE device = ${device}`);
}

/**
 * Links two accounts used in one browser (a login presenting the other's device cookie); nothing when either account
 * is gone. The pair is stored once, lower id first.
 */
export async function linkDeviceAccounts(db: Db, a: number, b: number): Promise<void> {
  await db.query(sql`INSERT INTO account_device_links (user_id, other_id)
     SELECT least(${a}::int, ${b}::int), greatest(${a}::int, ${b}::int)
     WHERE (SELECT count(*) FROM users WHERE id IN (${a}, ${b})) = 2
     ON CONFLICT (user_id, other_id) DO UPDATE SET updated_at = now()`);
}

/** Device budgets untouched for a day are over (the cleanup job). */
export async function deleteStaleDeviceThrottles(db: Db): Promise<number> {
  const rows = await db.query(sql`DELETE FROM login_device_throttle WHERE updated_at < now() - interval '1 day'
       AND (locked_until IS NULL OR locked_until < now()) RETURNING 1`);
  return rows.length;
}
