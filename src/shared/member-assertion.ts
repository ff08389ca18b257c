import { createHash, randomUUID } from 'node:crypto';
import {
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * The identity bridge's assertion: the BFF tells a backend which member of the PHP service is asking, when that
 * member's session lives on the PHP service (login still there) and the operation is routed to this backend.
 *
 * A JWS compact JWT (RFC 7515/7519) signed with Ed25519 (RFC 8037, RFC 9864's fully specified `Ed25519`) through
 * `jose`. The key pair does this one job: the private key is in the BFFs' environment only (`IDENTITY_SIGNING_KEY`),
 * the backends that accept assertions hold the public key only (`IDENTITY_VERIFY_KEYS`), so neither a backend nor
 * anyone who reads a backend's configuration or the headers it receives can make one. The PHP service never sees the
 * assertion or any key. Each assertion is
 * - for one backend (`aud`: its name in the routing table) and one request (its method, its path without the query,
 *   and its request id), explicitly typed (`typ`), short-lived (`exp`, ASSERTION_TTL_SECONDS), and named by a random
 *   `jti` that the backend accepts once (a replay within its lifetime is refused);
 * - about one PHP session, named by a hash only (`sid`): the session id itself never travels in it, and the backend
 *   checks that the cookie the request holds hashes to it;
 * - vouched for until `sxp`: the moment the BFF's knowledge of the session ends (when the PHP service confirmed it,
 *   plus the bridge's cache time), which bounds the backend's own session for it.
 * The BFF drops any such header a browser sends. Keys carry a `kid`; backends accept every key of their set, so the
 * signing key rotates without logging anyone out (README, "Moving off a PHP backend").
 */
export const MEMBER_ASSERTION_HEADER = 'x-member-assertion';
export const ASSERTION_TTL_SECONDS = 30;
const ALGORITHM = 'Ed25519';
const TYPE = 'member-assertion+jwt';
const ISSUER = 'bff';
const MAX_LENGTH = 8192;

/** What the PHP service said about the member (the fields the new backend learns him from); no address when it gave none. */
export interface AssertedMember {
  id: number;
  email?: string | undefined;
  status: 'active' | 'not_confirmed';
  language: string;
  signup_date: string;
  profile: { name: string; country: string | null };
}

/** The claims a backend acts on, once verified. */
export interface MemberAssertion {
  /** The member's id on the PHP service (his id here too). */
  member: number;
  /** sha256 (hex) of the PHP session cookie's value. */
  sid: string;
  /** Until when the BFF vouches for the session (Unix seconds). */
  sxp: number;
  /** The assertion's own id and end, for the seen-once check (Unix seconds). */
  jti: string;
  exp: number;
  usr: AssertedMember;
}

/** The request an assertion is made for (and checked against). */
interface AssertedRequest {
  method: string;
  /** The request target; its query does not count. */
  path: string;
  requestId: string | undefined;
}

/** sha256 (hex) of a session cookie's value: how the assertion names a session. */
export const sessionHash = (cookieValue: string): string => createHash('sha256').update(cookieValue).digest('hex');

/** The path an assertion is bound to: the request target without its query. */
const assertionPath = (target: string): string => target.split(/[?#]/, 1)[0] ?? target;

export interface AssertionSigner {
  /** The key id the assertions are signed under. */
  readonly kid: string;
  sign(
    input: { audience: string; request: AssertedRequest; sid: string; sxp: number; member: AssertedMember },
    nowMs?: number,
  ): Promise<string>;
  /** The public half of the key, as a JWK Set a backend is given (IDENTITY_VERIFY_KEYS). */
  readonly publicKeys: { keys: JWK[] };
}

/** Thrown for a signing key that is not a private Ed25519 JWK with a `kid`. */
export class IdentityKeyError extends Error {
  override readonly name = 'IdentityKeyError';
}

const isEd25519 = (jwk: JWK): boolean => jwk.kty === 'OKP' && jwk.crv === 'Ed25519';

/** The public part of an Ed25519 JWK (never its `d`). */
const publicPart = (jwk: JWK): JWK => ({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid: jwk.kid, alg: ALGORITHM, use: 'sig' });

/** Parses `IDENTITY_SIGNING_KEY` (a private Ed25519 JWK as JSON) into a signer; throws IdentityKeyError on anything else. */
export async function createAssertionSigner(privateJwk: JWK | string): Promise<AssertionSigner> {
  let jwk: JWK;
  try {
    jwk = typeof privateJwk === 'string' ? (JSON.parse(privateJwk) as JWK) : privateJwk;
  } catch {
    throw new IdentityKeyError('the identity signing key is not JSON (a private Ed25519 JWK is expected)');
  }
  if (typeof jwk !== 'object' || jwk === null || !isEd25519(jwk) || typeof jwk.d !== 'string' || typeof jwk.x !== 'string') {
    throw new IdentityKeyError(
      'the identity signing key must be a private Ed25519 JWK ({"kty":"OKP","crv":"Ed25519","d":…,"x":…,"kid":…})',
    );
  }
  if (typeof jwk.kid !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(jwk.kid)) {
    throw new IdentityKeyError(
      'the identity signing key needs a "kid" (letters, digits, ".", "_" and "-"), so backends can tell keys apart',
    );
  }
  let key: CryptoKey | Uint8Array;
  try {
    key = await importJWK({ ...jwk, alg: ALGORITHM }, ALGORITHM);
  } catch {
    throw new IdentityKeyError('the identity signing key is not a usable Ed25519 key');
  }
  const kid = jwk.kid;
  return {
    kid,
    publicKeys: { keys: [publicPart(jwk)] },
    sign({ audience, request, sid, sxp, member }, nowMs = Date.now()) {
      const now = Math.floor(nowMs / 1000);
      return new SignJWT({
        sid,
        sxp,
        rid: request.requestId ?? '',
        htm: request.method.toUpperCase(),
        htu: assertionPath(request.path),
        usr: member,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE, kid })
        .setIssuer(ISSUER)
        .setSubject(String(member.id))
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + ASSERTION_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
  };
}

/** A new key pair: the private JWK for the BFFs, the public JWK Set for the backends. */
export async function generateIdentityKeys(kid = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`): Promise<{
  privateJwk: JWK;
  publicKeys: { keys: JWK[] };
}> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM, use: 'sig' };
  return { privateJwk, publicKeys: { keys: [publicPart(privateJwk)] } };
}

const isMember = (u: unknown): u is AssertedMember => {
  const m = u as Partial<AssertedMember> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    Number.isSafeInteger(m.id) &&
    (m.id as number) > 0 &&
    (m.email === undefined || typeof m.email === 'string') &&
    (m.status === 'active' || m.status === 'not_confirmed') &&
    typeof m.language === 'string' &&
    typeof m.signup_date === 'string' &&
    typeof m.profile?.name === 'string' &&
    (m.profile.country === null || typeof m.profile.country === 'string')
  );
};

export interface AssertionVerifier {
  /**
   * The assertion's claims when it is signed by one of the keys, typed as an assertion, for this audience, not expired,
   * and made for this request (method, path, request id); otherwise null. The seen-once check of its `jti` is the
   * caller's (it needs storage every instance shares).
   */
  verify(value: string | undefined, request: AssertedRequest): Promise<MemberAssertion | null>;
}

/** Parses `IDENTITY_VERIFY_KEYS` (a JWK Set, or one public JWK, as JSON); throws IdentityKeyError on anything else. */
export function parseVerifyKeys(value: string | { keys: JWK[] }): { keys: JWK[] } {
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    throw new IdentityKeyError('the identity verify keys are not JSON (a JWK Set {"keys":[…]} of public Ed25519 keys is expected)');
  }
  const list = (parsed as { keys?: unknown }).keys ?? [parsed];
  if (!Array.isArray(list) || list.length === 0) throw new IdentityKeyError('the identity verify keys hold no key');
  const keys: JWK[] = [];
  for (const entry of list as JWK[]) {
    if (typeof entry !== 'object' || entry === null || !isEd25519(entry) || typeof entry.x !== 'string' || typeof entry.kid !== 'string') {
      throw new IdentityKeyError('every identity verify key must be a public Ed25519 JWK with a "kid"');
    }
    if ('d' in entry) throw new IdentityKeyError('an identity verify key holds a private part ("d"): give backends the public key only');
    keys.push(publicPart(entry));
  }
  return { keys };
}

export function createAssertionVerifier(keys: { keys: JWK[] }, audience: string): AssertionVerifier {
  const keySet: JWTVerifyGetKey = createLocalJWKSet(parseVerifyKeys(keys));
  return {
    async verify(value, request) {
      if (!value || value.length > MAX_LENGTH) return null;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(value, keySet, {
          algorithms: [ALGORITHM],
          typ: TYPE,
          issuer: ISSUER,
          audience,
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
          maxTokenAge: ASSERTION_TTL_SECONDS + 5,
        }));
      } catch {
        return null;
      }
      const { sub, jti, exp, sid, sxp, rid, htm, htu, usr } = payload as JWTPayload & Record<string, unknown>;
      if (!isMember(usr) || sub !== String(usr.id) || typeof jti !== 'string' || typeof exp !== 'number') return null;
      if (typeof sid !== 'string' || !/^[0-9a-f]{64}$/.test(sid) || typeof sxp !== 'number') return null;
      const bound =
        htm === request.method.toUpperCase() &&
        htu === assertionPath(request.path) &&
        request.requestId !== undefined &&
        rid === request.requestId;
      return bound ? { member: usr.id, sid, sxp, jti, exp, usr } : null;
    },
  };
}
