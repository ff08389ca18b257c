import { readFileSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { load as parseYaml } from 'js-yaml';
import { contractLoginOperationsOf, operationKey, type SessionUse } from '../../src/shared/contract-sessions';
import { OPENAPI_PATH } from './openapi';

/**
 * The caching of a member's answers. Every answer to an operation that needs a login (the contract's `security` is
 * `[{cookieAuth: []}]`) or that answers a session otherwise than a visitor (`[{}, {cookieAuth: []}]`) is the member's
 * alone: `Cache-Control: private, no-store` — no shared cache keeps it, and the browser writes nothing of it to disk,
 * so nothing of his stays on the device once he has logged out. Errors included: a 403 `authentication_required` or a
 * refusal names his situation too.
 *
 * One read is revalidated instead: `GET user.php`, which every member page asks 5 s after it loads and then on the
 * session poll, answers `private, no-cache` — his browser may keep it, but asks again every time with `If-None-Match`
 * and gets 304 without a body while it is unchanged (the ETag Express gives every GET). A route that says its own
 * caching keeps it (the event stream's `no-cache, no-transform`, the data export's `private, no-store`); photos under
 * `/media` have theirs (public photos `public`, photo messages and selfies `private`, an hour). Operations without a
 * session (the settings, interests, regions) are left as their routes say: the BFF shares the settings between
 * visitors.
 */
const MEMBER_ANSWER = 'private, no-store';
const REVALIDATED_MEMBER_ANSWER = 'private, no-cache';

/** The member's reads that his pages revalidate with their ETag (a 304 spares the body). */
const REVALIDATED: ReadonlySet<string> = new Set(['GET /api/user.php']);

let sessionOperations: ReadonlyMap<string, SessionUse> | undefined;

/** The operations of openapi.yaml that use the session, read once (the contract does not change while the process runs). */
function contractSessionOperations(): ReadonlyMap<string, SessionUse> {
  sessionOperations ??= contractLoginOperationsOf(parseYaml(readFileSync(OPENAPI_PATH, 'utf8')));
  return sessionOperations;
}

/** The Cache-Control of an answer to this request (null: the route decides, as for any anonymous call). */
function memberCachePolicy(method: string, path: string): string | null {
  const key = operationKey(method === 'HEAD' ? 'GET' : method, path);
  if (!contractSessionOperations().has(key)) return null;
  return REVALIDATED.has(key) ? REVALIDATED_MEMBER_ANSWER : MEMBER_ANSWER;
}

/** Sets the member's Cache-Control before the request is validated or routed; a route's own caching replaces it. */
export function memberCacheControl(): RequestHandler {
  contractSessionOperations();
  return (req, res, next) => {
    const policy = memberCachePolicy(req.method, req.originalUrl);
    if (policy) res.setHeader('Cache-Control', policy);
    next();
  };
}
