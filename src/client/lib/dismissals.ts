/**
 * Dismissal markers (site-entry warning, dismissible banners): one cookie per banner,
 * `dismissed_<key>=<epoch ms>`, so the server reads them from the request and renders the page without a banner
 * the visitor already closed (no flash), and the browser keeps the time of the dismissal.
 */
const DISMISSAL_COOKIE_PREFIX = 'dismissed_';
const DISMISSAL_MAX_AGE_SECONDS = 365 * 86_400;

/** The banners and modals that can be dismissed. Member-only banners carry the member id in their key. */
export type DismissKey =
  | 'entry_warning'
  | 'language_offer'
  | `photo_alert_${number}`
  | `push_alert_${number}`
  | `notifications_alert_${number}`
  | `time_bonus_${number}`
  | `time_bonus_banner_${number}`
  | `activation_alert_${number}`
  | `statement_alert_${number}`;

const KEY = /^[a-z0-9_]{1,60}$/;

/** Every dismissal marker in a raw Cookie header: key → time (epoch ms). Malformed entries are ignored. */
export function parseDismissals(cookieHeader: string | undefined | null): Record<string, number> {
  const out: Record<string, number> = {};
  if (!cookieHeader) return out;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name.startsWith(DISMISSAL_COOKIE_PREFIX)) continue;
    const key = name.slice(DISMISSAL_COOKIE_PREFIX.length);
    const at = Number(part.slice(eq + 1).trim());
    if (KEY.test(key) && Number.isSafeInteger(at) && at > 0) out[key] = at;
  }
  return out;
}

/** The cookie string `document.cookie` takes to remember a dismissal. */
export function dismissalCookie(key: DismissKey, at: number, secure: boolean): string {
  return `${DISMISSAL_COOKIE_PREFIX}${key}=${at}; Path=/; Max-Age=${DISMISSAL_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
