import type { Logger } from 'pino';
import type { AssertedMember } from '../../../src/shared/member-assertion';
import { profileFromLegacy, userAnswerFromLegacy, type LegacyProfile } from '../../../src/shared/legacy-answers';
import { AppError } from '../../lib/errors';

/**
 * The PHP service the site moves off, asked through the contract's own calls, server to server: `POST user.php` (a
 * member's password, checked once at his first login here) and `GET profile.php` (another member, asked as the member
 * who meets him, with that member's PHP session). Each call has a deadline; a service that cannot answer is
 * `legacy_unavailable` (503) for a login, and "not learnt" elsewhere. Neither passwords nor session ids are logged.
 */
export interface LegacyClient {
  /** The member the PHP service logs in with this address and password, or null when it refuses them. */
  login(email: string, password: string, requestId: string | undefined): Promise<LegacyUser | null>;
  /** Another member's profile as the PHP service shows it to the member whose session this is; null when it does not. */
  profile(id: number, sessionCookie: string, requestId: string | undefined): Promise<LegacyProfile | null>;
}

/** The fields of a user this backend learns a member from (an address only when the PHP service gave one). */
export type LegacyUser = AssertedMember;

const TIMEOUT_MS = 5_000;

/** The member of the PHP service's login answer, read as every answer of the PHP service is (src/shared/legacy-answers.ts). */
function legacyUserOf(body: unknown): LegacyUser | null {
  const user = userAnswerFromLegacy(body)?.user;
  if (!user) return null;
  return {
    id: user.id,
    ...(user.email ? { email: user.email } : {}),
    status: user.status,
    language: user.language,
    signup_date: user.signup_date,
    profile: { name: user.profile.name, country: user.profile.country },
  };
}

export function createLegacyClient(options: { url: string; cookieName: string; logger: Logger }): LegacyClient {
  const base = options.url.replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit & { requestId: string | undefined }): Promise<{ status: number; body: unknown }> => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    headers.set('request-type', 'client');
    if (init.requestId) headers.set('x-request-id', init.requestId);
    const res = await fetch(`${base}${path}`, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  };
  return {
    async login(email, password, requestId) {
      let answer: { status: number; body: unknown };
      try {
        answer = await call('/api/user.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
          requestId,
        });
      } catch (err) {
        options.logger.warn({ err: err instanceof Error ? err.name : 'error' }, 'legacy: the PHP service did not answer a login');
        throw new AppError(503, 'legacy_unavailable', { headers: { 'Retry-After': '30' } });
      }
      if (answer.status === 200) return legacyUserOf(answer.body);
      // The PHP service's refusals (wrong password, unknown address, not confirmed, locked): the same "no" here.
      if (answer.status >= 400 && answer.status < 500) return null;
      options.logger.warn({ status: answer.status }, 'legacy: the PHP service failed a login');
      throw new AppError(503, 'legacy_unavailable', { headers: { 'Retry-After': '30' } });
    },
    async profile(id, sessionCookie, requestId) {
      try {
        const cookie = `${options.cookieName}=${sessionCookie}`;
        const answer = await call(`/api/profile.php?id=${id}`, { method: 'GET', headers: { cookie }, requestId });
        return answer.status === 200 ? profileFromLegacy(answer.body, id) : null;
      } catch (err) {
        options.logger.warn({ err: err instanceof Error ? err.name : 'error', id }, 'legacy: the PHP service did not answer a profile');
        return null;
      }
    },
  };
}
