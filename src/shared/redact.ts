/**
 * What never reaches a log line, for the BFF's and the backend's loggers alike (one list for both).
 *
 * Query parameters that can carry a secret: the tokens of activation, reset, e-mail change and reactivation links,
 * passwords, e-mail addresses, codes and keys. Their values are never written to a log line and never forwarded by
 * the BFF from a page's query to a backend call (settings.php gets the rest of the route query).
 *
 * A parameter is secret when its name contains one of the words below (case-insensitive: `token`, `reset_token`,
 * `accessToken`, `email`, `new_mail`, `apiKey`, `code`, …), or when its value looks like an e-mail address or a long
 * hexadecimal string (a mailed link's token, a session id or a key, whatever the parameter is called).
 */
const SECRET_NAME_PARTS = ['token', 'passw', 'pwd', 'secret', 'mail', 'code', 'key', 'auth', 'session', 'signature', 'otp'] as const;
const SECRET_VALUE = /^[0-9a-f]{32,}$/i;

export const REDACTED = '[redacted]';

/**
 * Headers whose values are credentials or prove who sent a request: session cookies in both directions, credentials,
 * the secret the BFF and the backend share, the identity bridge's signed assertion, and the signatures of payment-provider webhooks (Standard Webhooks'
 * `webhook-id`/`-timestamp`/`-signature`, Stripe's and the generic `x-signature`). An Idempotency-Key is no secret.
 */
const SECRET_HEADERS = [
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-backend-secret',
  // The identity bridge's assertion of who is asking (member-assertion.ts).
  'x-member-assertion',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'stripe-signature',
  'x-signature',
] as const;

/** Body fields that hold a password, wherever a log line carries a body. */
const SECRET_BODY_PATHS = ['password', '*.password', 'body.password', 'req.body.password'];

/**
 * pino `redact.paths` for both loggers: every secret header of a logged request (`req.headers`), response
 * (`res.headers`) or bare `headers` object, and password fields.
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`]),
  ...SECRET_BODY_PATHS,
];

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Is this query parameter (name as decoded, value as decoded) one whose value may be a secret? */
export function isSecretParam(name: string, value = ''): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAME_PARTS.some((part) => lower.includes(part)) || value.includes('@') || SECRET_VALUE.test(value);
}

/** A query value with secrets inside it redacted: the value itself when secret, or a URL it holds (`return=/x?token=…`). */
function redactValue(name: string, value: string): string {
  if (isSecretParam(name, value)) return REDACTED;
  return value.includes('?') ? redactUrl(value) : value;
}

/**
 * The URL (a path with query, or an absolute URL) with the value of every secret query parameter replaced by
 * `[redacted]`, also inside a URL carried by another parameter (`/locale/nl?return=/reset-password/do?token=…`);
 * everything else is kept as it came (no re-encoding), so a log still shows which page was asked for.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  const hash = hashStart < 0 ? '' : url.slice(hashStart);
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    const name = pair.slice(0, eq);
    const value = decodeComponent(pair.slice(eq + 1));
    const redacted = redactValue(decodeComponent(name), value);
    if (redacted === value) return pair;
    return `${name}=${redacted === REDACTED ? REDACTED : encodeURIComponent(redacted)}`;
  });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}${hash}`;
}

/** `redactUrl` for a log field that may hold anything: strings are redacted, other values pass unchanged. */
export function redactUrlField(value: unknown): unknown {
  return typeof value === 'string' ? redactUrl(value) : value;
}

/** A parsed query object (Express `req.query`: strings and lists of strings) with secret values redacted. */
export function redactQueryObject(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') out[name] = redactValue(name, value);
    else if (Array.isArray(value)) out[name] = value.map((v: unknown) => (typeof v === 'string' ? redactValue(name, v) : REDACTED));
    else out[name] = isSecretParam(name) ? REDACTED : redactQueryObject(value);
  }
  return out;
}

/** A route query without its secret parameters (for backend calls made on behalf of a page). */
export function withoutSecretParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([name, value]) => !isSecretParam(name, value)));
}

const EMAIL_IN_TEXT = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const TOKEN_IN_TEXT = /\b[0-9a-f]{32,}\b|\b[A-Za-z0-9_-]{40,}\b/gi;
const QUOTED_IN_TEXT = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const QUERY_IN_TEXT = /(\/[^\s?"']*)\?[^\s"']*/g;

/**
 * A free text that may quote what a member sent (an error's message): e-mail addresses, long tokens (hexadecimal,
 * or base64url of 40 characters and more), quoted values (PostgreSQL quotes the value it refused) and the query of a
 * URL or path are replaced by `[redacted]`.
 */
export function redactText(text: string): string {
  return text
    .replace(QUERY_IN_TEXT, `$1?${REDACTED}`)
    .replace(QUOTED_IN_TEXT, (q) => `${q[0]}${REDACTED}${q[0]}`)
    .replace(EMAIL_IN_TEXT, REDACTED)
    .replace(TOKEN_IN_TEXT, REDACTED);
}
