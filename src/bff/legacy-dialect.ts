import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { serverText } from '../server/messages';
import { errorFromLegacy, isContractError, userAnswerFromLegacy } from '../shared/legacy-answers';
import { isLocale } from '../shared/locales';
import { readBody, type Backend, type BackendAnswer, type BackendRequest } from './backend';
import { operationNameOf } from './idempotent-operations';

/**
 * The anti-corruption layer in front of a legacy backend (a PHP service that speaks what the specification describes,
 * not openapi.yaml): a `Backend` whose answers are the contract's. Everything in the BFF that reaches such a backend
 * goes through it — the `/api` proxy's answers to the browser, the renderer's calls (the client's session comes from
 * `GET user.php`), the identity bridge's session lookups and the shadow reads — so no other part reads the PHP
 * service's dialect (the reading itself is src/shared/legacy-answers.ts, which the new backend shares).
 *
 * What it changes, and only that:
 * - `user.php` answers (GET, the login POST, PUT) that are not the contract's `{ user }` with a member id: the user
 *   bare or wrapped, his id from `id` or `profile.id`, every field in the contract's type, as `{ user, counts? }`;
 * - error answers (4xx, 5xx) of the contract's operations that are not the contract's error body: the contract's body,
 *   the code recognised from the specification's texts or else the status, the message in the member's language; a
 *   403 that says logged out keeps `authentication_required`.
 * Everything else passes as it came, unread (streams, photos, a 304, an answer the backend compressed). An answer it
 * changes is read whole (it is small) and goes on with its new length and `application/json`.
 */

/** The largest answer the layer reads to change it (a user or an error is far smaller); a larger one is a 502. */
const MAX_ADAPTED_BYTES = 1_048_576;
const USER_PHP = /^\/api\/user\.php(?:[?#]|$)/;
const USER_METHODS = new Set(['GET', 'POST', 'PUT']);

/** A backend answer whose body is `payload`, with the head of `from` (Content-Length and type set for it). */
function answerWith(from: IncomingMessage, status: number, payload: Buffer): IncomingMessage {
  // Produced when read, as a socket's answer is: a consumer that cancels it before reading gets nothing more.
  const body = Readable.from([payload], { objectMode: false });
  const headers: IncomingHttpHeaders = {
    ...from.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(payload.length),
  };
  delete headers['transfer-encoding'];
  return Object.assign(body, {
    statusCode: status,
    statusMessage: status === from.statusCode ? from.statusMessage : '',
    headers,
    rawHeaders: [] as string[],
  }) as unknown as IncomingMessage;
}

function parse(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
}

/** The locale the BFF asks the backend in (backend-headers.ts sets Accept-Language to the member's locale). */
function localeOf(request: BackendRequest) {
  const language = String(request.headers['accept-language'] ?? '').slice(0, 2);
  return isLocale(language) ? language : 'en';
}

/** The contract's own `{ user }` answer (its member id where the contract has it): passed as it came. */
function isContractUserAnswer(body: unknown): boolean {
  const user = (body as { user?: { id?: unknown } } | null)?.user;
  return typeof user === 'object' && user !== null && Number.isSafeInteger(user.id) && (user.id as number) > 0;
}

/** The changed answer for `request`, or null when it passes as it came. */
function adapted(request: BackendRequest, status: number, payload: Buffer, logger: Logger): { status: number; body: unknown } | null {
  const body = parse(payload);
  if (status >= 400) {
    if (isContractError(body)) return null;
    return { status, body: errorFromLegacy(status, body, request, serverText(localeOf(request), 'errorLater')) };
  }
  if (isContractUserAnswer(body)) return null;
  const answer = userAnswerFromLegacy(body);
  if (answer) return { status, body: answer };
  // A `user.php` 200 that names no member (a push subscription's `{ success: true }`, say) passes as it came.
  if (request.method.toUpperCase() === 'GET')
    logger.warn({ path: '/api/user.php', status }, 'legacy backend: GET user.php named no member');
  return null;
}

/** The backends read through this layer (a call that does not go through `send`, the event stream, asks). */
const wrapped = new WeakSet<Backend>();

/** Whether `backend` speaks the specification, so that an answer read outside `send` must go through `errorAnswer`. */
export function speaksSpecification(backend: Backend): boolean {
  return wrapped.has(backend);
}

/**
 * An error answer of such a backend read outside `send` (the event stream's refusal, before a stream starts), as the
 * contract's error body; unchanged when it is one already.
 */
export function errorAnswer(request: BackendRequest, status: number, payload: Buffer): Buffer {
  const body = parse(payload);
  if (status < 400 || isContractError(body)) return payload;
  return Buffer.from(JSON.stringify(errorFromLegacy(status, body, request, serverText(localeOf(request), 'errorLater'))));
}

export function legacyDialect(inner: Backend, logger: Logger): Backend {
  async function send(request: BackendRequest): Promise<BackendAnswer> {
    const answer = await inner.send(request);
    const { response } = answer;
    const status = response.statusCode ?? 502;
    const encoded = (response.headers['content-encoding'] ?? 'identity') !== 'identity';
    const method = request.method.toUpperCase();
    const isUser = status === 200 && USER_PHP.test(request.path) && USER_METHODS.has(method);
    // Only the contract's operations: a call the contract does not describe is the PHP service's own, and its caller
    // expects PHP's answer (it passes as it came, as every such call does).
    const isError = status >= 400 && method !== 'HEAD' && operationNameOf(method, request.path) !== 'undocumented';
    const type = String(response.headers['content-type'] ?? '');
    if (encoded || !(isUser || isError) || type.startsWith('text/event-stream')) return answer;
    let payload: Buffer;
    try {
      payload = await readBody(response, MAX_ADAPTED_BYTES);
    } catch {
      // Too large or cut: not an answer the layer can read; the caller gets a clean error instead of half a body.
      const body = Buffer.from(JSON.stringify(errorFromLegacy(502, null, request, serverText(localeOf(request), 'errorLater'))));
      return { ...answer, response: answerWith(response, 502, body) };
    }
    const changed = adapted(request, status, payload, logger);
    const body = changed ? Buffer.from(JSON.stringify(changed.body)) : payload;
    const next = changed ? answerWith(response, changed.status, body) : answerWith(response, status, body);
    if (!changed) {
      const type = response.headers['content-type'];
      if (type === undefined) delete next.headers['content-type'];
      else next.headers['content-type'] = type;
    }
    return { ...answer, response: next };
  }
  const backend: Backend = { ...inner, send };
  wrapped.add(backend);
  return backend;
}
