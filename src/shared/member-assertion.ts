import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The identity bridge's assertion: the BFF tells a backend which member of the PHP service is asking, when that
 * member's session lives on the PHP service (login still there) and the operation is routed to this backend.
 *
 * `v1.<payload>.<mac>`, base64url; the MAC is HMAC-SHA256 over `v1.<payload>` with the secret the BFF shares with that
 * backend (`BACKEND_SECRET`). Only the BFF can make one. It is bound to one request — its method, its path (without
 * the query) and its request id — and lives `ASSERTION_TTL_SECONDS`, so a copy is worth nothing elsewhere. It names
 * the PHP session by a hash only (`sid`): the session id itself never travels in it, and a backend that uses the
 * session (to learn another member from the PHP service as this member) checks that the cookie it holds hashes to it.
 * The BFF drops any such header a browser sends.
 */
export const MEMBER_ASSERTION_HEADER = 'x-member-assertion';
export const ASSERTION_TTL_SECONDS = 60;

/** What the PHP service's `GET user.php` said about the member (the fields the new backend learns him from). */
export interface AssertedMember {
  id: number;
  email: string;
  status: 'active' | 'not_confirmed';
  language: string;
  signup_date: string;
  profile: { name: string; country: string | null };
}

export interface MemberAssertion {
  /** The member's id on the PHP service (his id here too). */
  sub: number;
  /** sha256 (hex) of the PHP session cookie's value. */
  sid: string;
  /** The request it is bound to. */
  rid: string;
  mth: string;
  pth: string;
  /** Expiry, Unix seconds. */
  exp: number;
  usr: AssertedMember;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const mac = (secret: string, signed: string) => createHmac('sha256', secret).update(signed).digest();

/** sha256 (hex) of a session cookie's value: how the assertion names a session. */
export const sessionHash = (cookieValue: string): string => createHash('sha256').update(cookieValue).digest('hex');

/** The path an assertion is bound to: the request target without its query. */
const assertionPath = (target: string): string => target.split(/[?#]/, 1)[0] ?? target;

export function signMemberAssertion(secret: string, claims: Omit<MemberAssertion, 'exp'>, nowMs = Date.now()): string {
  const payload = b64(JSON.stringify({ ...claims, pth: assertionPath(claims.pth), exp: Math.floor(nowMs / 1000) + ASSERTION_TTL_SECONDS }));
  const signed = `v1.${payload}`;
  return `${signed}.${b64(mac(secret, signed))}`;
}

const isMember = (u: unknown): u is AssertedMember => {
  const m = u as Partial<AssertedMember> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    Number.isSafeInteger(m.id) &&
    (m.id as number) > 0 &&
    typeof m.email === 'string' &&
    (m.status === 'active' || m.status === 'not_confirmed') &&
    typeof m.language === 'string' &&
    typeof m.signup_date === 'string' &&
    typeof m.profile?.name === 'string'
  );
};

/**
 * The assertion's claims when its MAC is right, it has not expired, and it was made for this request (method, path,
 * request id); otherwise null. Constant-time MAC comparison.
 */
export function verifyMemberAssertion(
  secret: string,
  value: string | undefined,
  request: { method: string; path: string; requestId: string | undefined },
  nowMs = Date.now(),
): MemberAssertion | null {
  if (!value || value.length > 8192) return null;
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(secret, `v1.${parts[1]}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: MemberAssertion;
  try {
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as MemberAssertion;
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || !isMember(claims.usr) || claims.sub !== claims.usr.id) return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < nowMs) return null;
  if (typeof claims.sid !== 'string' || !/^[0-9a-f]{64}$/.test(claims.sid)) return null;
  const bound =
    claims.mth === request.method.toUpperCase() &&
    claims.pth === assertionPath(request.path) &&
    request.requestId !== undefined &&
    claims.rid === request.requestId;
  return bound ? claims : null;
}
