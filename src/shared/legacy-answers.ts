import type { Schemas, User } from './api/client';
import { isLocale, type Locale } from './locales';

/**
 * How the PHP service the site moves off answers, read into this project's contract: the reading half of the
 * anti-corruption layer. The PHP service speaks what the product's specification describes, not openapi.yaml:
 * - `GET user.php` returns the current user itself (status, credits, paid_user, language, signup_date, fictional_icon,
 *   notifications_disabled and `profile` with id, name, country, status, main_image), with no top-level `id`, no
 *   e-mail address and no `{ user: … }` wrapper; `POST user.php` (login) answers with a `user` field;
 * - errors are its own: a text (`{"error": "Login mislukt, probeer opnieuw"}`, `{"message": …}`), a bare
 *   `{"authentication_required": true}` on 403, or an HTML page.
 * These functions accept that as well as the contract's own shape (a backend of this project answers unchanged), and
 * hand back the contract's shape. The BFF reads every answer of a legacy backend through them (src/bff/legacy-dialect.ts)
 * and the new backend reads the PHP service's answers to its server-to-server calls through them too
 * (mock-backend/components/legacy/client.ts): there is no other reader of the PHP service's answers.
 */

type Image = Schemas['Image'];
type ErrorBody = Schemas['Error'] & { authentication_required?: true };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A positive integer, also as PHP's json_encode of a string column writes it ("900001"). */
function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function count(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** true, 1, "1", "true" and "yes" are true (PHP writes booleans of MySQL columns as numbers or strings). */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'yes';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A language as the PHP service writes it (`nl`, `nl_NL`, `NL-be`): one of the site's locales, else English. */
function locale(value: unknown): Locale {
  const two = text(value).slice(0, 2).toLowerCase();
  return isLocale(two) ? two : 'en';
}

/** A moment as the PHP service writes it — RFC 3339, or MySQL's `2024-03-01 09:00:00` (UTC) — as RFC 3339; else null. */
function moment(value: unknown): string | null {
  const raw = text(value).trim();
  if (raw === '') return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const country = (value: unknown): string | null => {
  const c = text(value).toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? c : null;
};

function image(value: unknown): Image | null {
  if (!isRecord(value)) return null;
  const filename = text(value.filename);
  const thumb = text(value.thumb_filename);
  if (filename === '' || thumb === '') return null;
  const status = value.status === 'approved' || value.status === 'pending' || value.status === 'rejected' ? value.status : 'approved';
  const matchPath = text(value.match_path ?? value.matchPath ?? value.path) || filename;
  return {
    id: positiveInteger(value.id) ?? 0,
    filename,
    thumb_filename: thumb,
    status,
    match_path: matchPath,
    ...(typeof value.locked === 'boolean' ? { locked: value.locked } : {}),
  };
}

const NOTIFICATION_REASONS = new Set(['spam', 'bounce', 'unsubscribe']);
const ROLES = new Set(['member', 'moderator', 'admin']);

/**
 * The contract's User from the PHP service's user object (or the contract's own): his id from `id` or else
 * `profile.id`; an address only when it looks like one (the PHP service gives none); every field of the contract in
 * its type. Fields the contract does not name pass as they came (a later version of the contract may know them). Null
 * when no member id can be found.
 */
function userFromLegacy(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const profile = isRecord(value.profile) ? value.profile : {};
  const id = positiveInteger(value.id) ?? positiveInteger(profile.id);
  if (id === null) return null;
  const email = text(value.email).trim();
  const disabled = Array.isArray(value.notifications_disabled) ? value.notifications_disabled : [];
  const { email: _email, role: _role, ...rest } = value;
  const { invisible: _invisible, ...restOfProfile } = profile;
  return {
    ...rest,
    id,
    ...(email.includes('@') ? { email } : {}),
    status: value.status === 'active' || value.status === 'confirmed' ? 'active' : 'not_confirmed',
    credits: count(value.credits),
    paid_user: flag(value.paid_user),
    language: locale(value.language),
    signup_date: moment(value.signup_date) ?? new Date(0).toISOString(),
    fictional_icon: flag(value.fictional_icon),
    notifications_disabled: disabled.filter((r): r is 'spam' | 'bounce' | 'unsubscribe' => NOTIFICATION_REASONS.has(String(r))),
    ...(typeof value.role === 'string' && ROLES.has(value.role) ? { role: value.role as 'member' | 'moderator' | 'admin' } : {}),
    profile: {
      ...restOfProfile,
      id: positiveInteger(profile.id) ?? id,
      name: text(profile.name),
      country: country(profile.country),
      status: profile.status === 'active' ? 'active' : 'disabled',
      main_image: image(profile.main_image),
      ...(typeof profile.invisible === 'boolean' ? { invisible: profile.invisible } : {}),
    },
  };
}

/**
 * The user of a `user.php` answer, bare (`GET user.php` as the specification describes it) or wrapped (`{ user }`, as
 * the specification's login answer and the contract have it), with the contract's navigation counts when there are
 * any; null when the answer names no member.
 */
export function userAnswerFromLegacy(body: unknown): { user: User; counts?: Schemas['NavCounts'] } | null {
  if (!isRecord(body)) return null;
  const user = userFromLegacy(isRecord(body.user) ? body.user : body);
  if (!user) return null;
  const counts = isRecord(body.counts) ? body.counts : null;
  return counts ? { user, counts: { unread_messages: count(counts.unread_messages), new_likes: count(counts.new_likes) } } : { user };
}

/** The fields of another member's profile (`GET profile.php?id=`) the new backend learns him from. */
export interface LegacyProfile {
  id: number;
  name: string;
  country: string | null;
  about: string;
  gender: 'male' | 'female' | null;
}

/** Member `id`'s profile from a `profile.php` answer (`{ profile }` or the profile itself); null when it is not his. */
export function profileFromLegacy(body: unknown, id: number): LegacyProfile | null {
  const p = isRecord(body) && isRecord(body.profile) ? body.profile : body;
  if (!isRecord(p) || positiveInteger(p.id) !== id) return null;
  const gender = isRecord(p.attributes) ? p.attributes.gender : p.gender;
  return {
    id,
    name: text(p.name),
    country: country(p.country),
    about: text(p.about),
    gender: gender === 'male' || gender === 'female' ? gender : null,
  };
}

/**
 * The specification's error texts (Dutch, as it gives them) and the contract's codes for them; a PHP service that
 * answers with its text is understood by code, and the member reads the text of that code in his own language.
 */
const SPEC_ERROR_TEXTS: ReadonlyArray<readonly [RegExp, string, ((m: RegExpExecArray) => Record<string, unknown>)?]> = [
  [/^login mislukt/i, 'login_failed'],
  [/^te veel foute pogingen, account voor (\d+) min geblokkeerd/i, 'login_blocked', (m) => ({ minutes: Number(m[1]) })],
  [/^je moet ingelogd zijn/i, 'authentication_required'],
  [/^je hebt onvoldoende credits/i, 'insufficient_credits'],
  [/^code niet gevonden/i, 'code_not_found'],
  [/^code reeds gebruikt/i, 'code_used'],
  [/^code ongeldig/i, 'sms_code_invalid'],
  [/^nieuw e-mailadres invalide/i, 'new_email_invalid'],
  [/^ongeldige e-mail/i, 'email_invalid'],
  [/^dit e-mailadres heeft al een account/i, 'email_taken'],
  [/^e-mailadres niet gevonden/i, 'not_found'],
  [/^link verlopen of invalide/i, 'token_invalid'],
  [/^te veel wachtwoordherstel/i, 'reset_limit'],
  [/^de opgegeven wachtwoorden zijn niet gelijk/i, 'passwords_differ'],
  [/^controleer je oude wachtwoord/i, 'old_password_wrong'],
  [/^activeren mislukt/i, 'activation_failed'],
  [/^je profielnaam moet anders zijn dan je e-mailadres/i, 'name_is_email'],
  [/^je profielnaam mag niet beginnen met een @/i, 'name_starts_with_at'],
  [/^vul uw geboortedatum in \((\d+)\+ jaar\)/i, 'birth_date_required', (m) => ({ min_age: Number(m[1]) })],
  [/^ongeldige geboortedatum/i, 'birth_date_invalid'],
  [/^je account is geblokkeerd voor automatische incasso/i, 'direct_debit_blocked'],
  [/^uw limiet voor automatische incasso/i, 'direct_debit_limit'],
  [/^(betaling mislukt|de betaling is mislukt)/i, 'payment_failed'],
  [/^er is een fout opgetreden/i, 'internal_error'],
];

/** The contract's code for a status when the PHP service names none. */
function codeOfStatus(status: number, request: { method: string; path: string }): string {
  if (status === 401)
    return /^\/api\/user\.php(?:[?#]|$)/.test(request.path) && request.method.toUpperCase() === 'POST'
      ? 'login_failed'
      : 'authentication_required';
  const byStatus: Record<number, string> = {
    400: 'bad_request',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'invalid_value',
    423: 'account_suspended',
    429: 'too_many_requests',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** True when `body` is already the contract's error body. */
export function isContractError(body: unknown): body is ErrorBody {
  return isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string' && typeof body.error.message === 'string';
}

/**
 * The contract's error body for an error answer of the PHP service (`body` parsed, or null when it was no JSON, such
 * as an HTML error page): its code recognised from the specification's texts, else from the status; `message` is the
 * text the member reads (the caller's, in his language: the PHP service's own text may be in any language). A 403 that
 * says `authentication_required` keeps saying it, so every reader still sees a logged-out session.
 */
export function errorFromLegacy(status: number, body: unknown, request: { method: string; path: string }, message: string): ErrorBody {
  if (isContractError(body)) return body;
  const record = isRecord(body) ? body : {};
  const said = isRecord(record.error)
    ? text(record.error.message ?? record.error.text)
    : text(record.error ?? record.message ?? (Array.isArray(record.errors) ? record.errors[0] : ''));
  let code =
    isRecord(record.error) && typeof record.error.code === 'string' && /^[a-z][a-z0-9_]*$/.test(record.error.code) ? record.error.code : '';
  let params: Record<string, unknown> | undefined;
  if (code === '') {
    for (const [pattern, known, paramsOf] of SPEC_ERROR_TEXTS) {
      const m = pattern.exec(said.trim());
      if (!m) continue;
      code = known;
      params = paramsOf?.(m);
      break;
    }
  }
  const loggedOut = status === 403 && (flag(record.authentication_required) || code === 'authentication_required');
  if (code === '' || (status === 403 && code === 'authentication_required' && !loggedOut)) code = codeOfStatus(status, request);
  if (loggedOut) code = 'authentication_required';
  return {
    error: { code, message, ...(params ? { params } : {}) },
    ...(loggedOut ? { authentication_required: true as const } : {}),
  };
}
