import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_DAYS } from '../../../src/shared/constants';
import { freeMessagesLeft } from '../../../src/shared/chat';
import { isLocale, type Locale } from '../../../src/shared/locales';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import type { User } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import { toImage } from '../members/index';
import type { DeviceCookie } from './device';
import { endpointProblem, pushKeysProblem } from '../push/index';
import { suspendedLogin } from '../safety/index';
import * as repo from './repository';
import type { MemberAssertion } from '../../../src/shared/member-assertion';
import { adoptPassword, type LegacyMembers } from '../legacy/index';
import { isLegacyMemberId } from '../../lib/legacy-sync';
import { isLegacyPlaceholder } from '../../lib/outbox';

export const SESSION_MAX_AGE_SECONDS = AUTH_COOKIE_MAX_AGE_DAYS * 24 * 3600;
/**
 * Login throttle. A device that logged in to the account before presents a valid device cookie (OWASP's device-cookie
 * scheme, see device.ts) and is limited by its own budget only:
 * - trusted device: 5 wrong passwords within 15 minutes lock that device cookie for 15 minutes.
 * Every other attempt comes from an untrusted device and meets three layers, so guessing is bounded:
 * - account + IP: 5 wrong passwords within 15 minutes lock that pair for 15 minutes (the attacker's own pair);
 * - IP: 50 failures within 15 minutes over any accounts lock the IP for 15 minutes (spraying many accounts);
 * - account: 20 failures within 15 minutes from any IPs lock the account's untrusted devices for 5·2^n minutes, at
 *   most 60 (a distributed attack). Its owner still logs in from any device he used before, and a password reset
 *   lifts it at once.
 */
const LOGIN_POLICY = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;
const LOGIN_IP_POLICY = { maxFailures: 50, windowMinutes: 15, lockMinutes: 15 } as const;
export const LOGIN_ACCOUNT_POLICY = { maxFailures: 20, windowMinutes: 15, baseMinutes: 5, maxMinutes: 60 } as const;
const LOGIN_DEVICE_POLICY = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

const TOKEN = /^[0-9a-f]{32}$/;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The longest a bridged session lives here. Within it, it lives exactly as long as the BFF vouches for the PHP session
 * it stands for (the assertion's `sxp`: the PHP service's last confirmation plus the bridge's cache time, renewed by each
 * newer assertion), so a PHP session that ends, however it ends, ends here within that time — an open event stream
 * with it (the stream checks its session's row).
 */
const BRIDGED_SESSION_SECONDS = 5 * 60;

/** The session row that stands here for a PHP session (named by its hash): no browser can present its id. */
const bridgedSessionId = (sid: string): string => sessionIdOf(`legacy:${sid}`);

/** A member whose session lives on the PHP service, as the BFF's identity bridge vouched for him on this request. */
export interface BridgedAsker {
  claims: MemberAssertion;
  /** The PHP session cookie's value (its hash is the assertion's `sid`). */
  cookie: string;
  legacy: LegacyMembers;
}

/** A cache of parsed site rows for resolveSiteAndViewer (see repository SiteRowCache): one per app. */
export function createSiteCache(): repo.SiteRowCache {
  return repo.createSiteRowCache();
}

/**
 * The site of the host, and the viewer behind an `auth` cookie value on it (or null): one query. A member the
 * identity bridge vouches for (`bridged`, only without an `auth` cookie) has a session row here standing for his PHP
 * session: found, it is the same one query; the first time, he is learnt from the assertion (a member id that signed
 * up here is refused: no viewer) and the row is written.
 */
export async function resolveSiteAndViewer(
  db: Db,
  host: string,
  token: string | undefined,
  bridged?: BridgedAsker,
  siteCache?: repo.SiteRowCache,
): Promise<{ site: Site; viewer: Viewer | null }> {
  let sessionId = token && TOKEN.test(token) ? sessionIdOf(token) : bridged ? bridgedSessionId(bridged.claims.sid) : null;
  // A bridged request is accepted once per assertion (a replay within its lifetime finds its id taken: no viewer);
  // accepting it renews the session row to what the BFF vouches for.
  if (bridged && sessionId !== null) {
    const { claims } = bridged;
    const fresh =
      isLegacyMemberId(claims.member) &&
      (await repo.acceptAssertion(db, {
        jti: claims.jti,
        expiresAt: claims.exp,
        sessionId,
        userId: claims.member,
        untilSeconds: claims.sxp,
        maxAgeSeconds: BRIDGED_SESSION_SECONDS,
      }));
    if (!fresh) sessionId = null;
  }
  const found = await repo.findSiteAndSession(db, host, sessionId, siteCache);
  if (!found) throw new Error('no default site in the database');
  const { site } = found;
  let row = found.session;
  if (bridged && sessionId !== null && row?.user_id !== bridged.claims.member) {
    row = null;
    if (await bridged.legacy.learnAsker(site.id, bridged.claims.usr)) {
      await repo.saveBridgedSession(db, sessionId, bridged.claims.member, bridged.claims.sxp, BRIDGED_SESSION_SECONDS);
      row = (await repo.findSiteAndSession(db, host, sessionId, siteCache))?.session ?? null;
    }
  } else if (row?.stale && sessionId !== null && !bridged) {
    await repo.touchSession(db, sessionId);
  }
  if (!row || sessionId === null) return { site, viewer: null };
  return {
    site,
    viewer: {
      userId: row.user_id,
      sessionId,
      paidUser: row.paid_user,
      language: isLocale(row.language) ? row.language : 'en',
      ...(bridged ? { legacySession: bridged.cookie } : {}),
    },
  };
}

function toUser(row: repo.UserRow, fictionalIcon: boolean): User {
  return {
    id: row.id,
    // A member who came from the PHP service has no address here until his first login here or the import.
    ...(isLegacyPlaceholder(row.email) ? {} : { email: row.email }),
    status: row.status === 'active' ? 'active' : 'not_confirmed',
    credits: row.credits,
    paid_user: row.paid_user,
    language: isLocale(row.language) ? row.language : 'en',
    signup_date: new Date(row.signup_date).toISOString(),
    fictional_icon: fictionalIcon,
    role: row.role,
    // Where he is invited to write, the app says how many are left before a message costs credits.
    free_messages_left: freeMessagesLeft(row.paid_user, row.free_used),
    notifications_disabled: row.notifications_disabled.filter(
      (r): r is 'spam' | 'bounce' | 'unsubscribe' => r === 'spam' || r === 'bounce' || r === 'unsubscribe',
    ),
    profile: {
      id: row.id,
      name: row.profile_name ?? '',
      country: row.profile_country,
      status: row.profile_status ?? 'disabled',
      invisible: row.profile_invisible === true,
      main_image:
        row.photo_id !== null && row.photo_filename && row.photo_thumb && row.photo_status
          ? toImage({ id: row.photo_id, filename: row.photo_filename, thumb_filename: row.photo_thumb, status: row.photo_status })
          : null,
    },
  };
}

export async function currentUser(db: Db, viewer: Viewer | null, fictionalIcon: boolean): Promise<User> {
  if (!viewer) throw authenticationRequired();
  const row = await repo.findUser(db, viewer.userId);
  if (!row || row.status === 'deleted') throw authenticationRequired();
  return toUser(row, fictionalIcon);
}

/** The device cookie counts for this login when it names the account and its current epoch (see device.ts). */
function trustedDevice(device: DeviceCookie | null, candidate: repo.LoginCandidate | null): string | null {
  return device && candidate && device.userId === candidate.id && device.epoch === candidate.device_epoch ? device.deviceId : null;
}

/**
 * Checks the credentials (always spending one argon2 verification, also for unknown e-mails), rotates the session
 * and returns the new cookie token with the user. A device cookie for the account (`device`, already verified by
 * its signature) makes the attempt trusted: only that device's own failures can block it.
 */
export async function login(
  db: Db,
  q: {
    siteId: number;
    email: string;
    password: string;
    ip: string;
    previousToken: string | undefined;
    device: DeviceCookie | null;
    /** The PHP service members come from, while some have no password here yet (LEGACY_API_URL). */
    legacy?: LegacyMembers | undefined;
    requestId?: string | undefined;
  },
): Promise<{ token: string; userId: number; deviceEpoch: number }> {
  const email = q.email.trim();
  let candidate = await repo.findLoginCandidate(db, q.siteId, email);
  const device = trustedDevice(q.device, candidate);
  const locked = device
    ? await repo.deviceLockedMinutes(db, device)
    : Math.max(
        await repo.ipLockedMinutes(db, q.ip),
        await repo.lockedMinutes(db, q.siteId, email, q.ip),
        await repo.accountLockedMinutes(db, q.siteId, email),
      );
  if (locked > 0) throw loginBlocked(locked);
  let ok: boolean;
  const askLegacy = q.legacy !== undefined && (!candidate || (candidate.origin === 'legacy' && candidate.password_hash === ''));
  if (q.legacy && askLegacy) {
    // No password here (yet): the PHP service checks it, once. Accepted, he gets an Argon2id hash here and is never
    // checked there again; refused, the answer is a wrong password's, after the same one Argon2id computation.
    const user = await q.legacy.checkLogin(q.siteId, email, q.password, q.requestId);
    ok = user !== null && (candidate === null || candidate.id === user.id);
    if (user && ok) {
      await adoptPassword(db, user.id, await hashPassword(q.password));
      candidate = await repo.findLoginCandidate(db, q.siteId, email);
      ok = candidate?.id === user.id;
    } else {
      await verifyPassword(await dummyHash(), q.password);
    }
  } else {
    ok = await verifyPassword(candidate?.password_hash || (await dummyHash()), q.password);
  }
  // An account logs in with its password only once its address is confirmed (until then through the session of its
  // signup, or a reset link, which confirms the address too). Otherwise an account created by signing up with someone
  // else's address (a decoy, see signup.ts) would be told apart from a new one by logging in again.
  if (!candidate || !ok || candidate.status !== 'active') {
    // While the PHP service checks the passwords of addresses without one here, a refusal checked here alone waits as
    // long as such a check: how long a refusal takes does not tell whether the address has a password here.
    if (q.legacy && !askLegacy) await q.legacy.waitLikeACheck();
    // Unknown addresses are counted exactly like known ones, so the lock reveals nothing either.
    const minutes =
      device && candidate
        ? await repo.recordDeviceFailure(db, { device, userId: candidate.id, ...LOGIN_DEVICE_POLICY })
        : Math.max(
            await repo.recordFailure(db, { siteId: q.siteId, email, ip: q.ip, ...LOGIN_POLICY }),
            await repo.recordIpFailure(db, { ip: q.ip, ...LOGIN_IP_POLICY }),
            await repo.recordAccountFailure(db, { siteId: q.siteId, email, ...LOGIN_ACCOUNT_POLICY }),
          );
    if (minutes > 0) throw loginBlocked(minutes);
    throw new AppError(401, 'login_failed');
  }
  // Only after the right password: a suspended or banned account says so (with the way to its statement and appeal).
  const suspended = await suspendedLogin(db, candidate.id);
  if (suspended) throw suspended;
  const token = randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    if (q.previousToken && TOKEN.test(q.previousToken)) await repo.deleteSession(tx, sessionIdOf(q.previousToken));
    await repo.createSession(tx, sessionIdOf(token), candidate.id, SESSION_MAX_AGE_SECONDS);
    if (device) {
      // The untrusted devices' lock stays: the owner getting in says nothing about whoever is guessing elsewhere.
      await repo.clearDeviceFailures(tx, device);
    } else {
      await repo.clearFailures(tx, q.siteId, email, q.ip);
      await repo.clearAccountFailures(tx, q.siteId, email);
    }
    await repo.touchLastActive(tx, candidate.id);
    // The browser holds another account's device cookie (signed by us, of any epoch): the two accounts were used in
    // one browser, which the weighing of reports counts as one reporter (components/safety/report-weight.ts).
    if (q.device && q.device.userId !== candidate.id) await repo.linkDeviceAccounts(tx, q.device.userId, candidate.id);
  });
  return { token, userId: candidate.id, deviceEpoch: candidate.device_epoch };
}

function loginBlocked(minutes: number): AppError {
  return new AppError(429, 'login_blocked', { params: { minutes }, headers: { 'Retry-After': String(minutes * 60) } });
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token && TOKEN.test(token)) await repo.deleteSession(db, sessionIdOf(token));
}

export async function setLanguage(db: Db, viewer: Viewer | null, language: Locale): Promise<void> {
  if (!viewer) throw authenticationRequired();
  await repo.setLanguage(db, viewer.userId, language);
}

/** Saves (or with `false` removes) the viewer's push subscription. */
export async function savePush(db: Db, viewer: Viewer | null, subscription: unknown): Promise<void> {
  if (!viewer) throw authenticationRequired();
  if (subscription === false) {
    await repo.deletePushSubscriptions(db, viewer.userId);
    return;
  }
  let value: unknown = subscription;
  if (typeof subscription === 'string') {
    try {
      value = JSON.parse(subscription);
    } catch {
      throw new AppError(400, 'bad_request', { params: { field: 'subscription' } });
    }
  }
  const endpoint = (value as { endpoint?: unknown } | null)?.endpoint;
  if (typeof endpoint !== 'string') throw new AppError(400, 'bad_request', { params: { field: 'subscription.endpoint' } });
  // Only https URLs of real push services (components/push/allow-list.ts): the backend will POST to it later.
  if (endpointProblem(endpoint)) throw new AppError(400, 'push_endpoint_refused', { params: { field: 'subscription.endpoint' } });
  // Keys the Web Push encryption can use (components/push/keys.ts), or the push to it would fail later.
  const keysProblem = pushKeysProblem((value as { keys?: unknown }).keys);
  if (keysProblem) throw new AppError(400, 'push_subscription_invalid', { params: { field: keysProblem } });
  await repo.savePushSubscription(db, viewer.userId, endpoint, value);
}

export async function pageHidden(db: Db, viewer: Viewer | null): Promise<void> {
  if (viewer) await repo.touchLastActive(db, viewer.userId);
}
