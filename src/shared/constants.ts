/** Business constants: limits, intervals, prices and sizes the product promises. */
export const REQUEST_RETRIES = 5;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const AUTH_COOKIE = 'auth';
export const AUTH_COOKIE_MAX_AGE_DAYS = 30;
/** How long the backend keeps an Idempotency-Key's answer after its first use: a repeat within it is answered, never done again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const BADGE_CAP = 99;
export const CREDITS_BADGE_THRESHOLD = 10;
export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
/** Private photos a member may keep (within his photo limit), and members he may share his private album with. */
export const PRIVATE_PHOTO_LIMIT = 12;
export const ALBUM_SHARE_LIMIT = 100;
export const FREE_CONVERSATION_LIMIT = 2;
export const SWIPE_LIKES_PER_DAY = 4;
export const WELCOME_DISCOUNT_PERCENT = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_WINDOW_SECONDS = 14_400;
export const COUNTDOWN_TICK_MS = 1000;
export const LIKES_RELOAD_DELAY_MS = 500;
export const TIME_BONUS_MODAL_DELAY_SECONDS = 40;
export const POLL_INITIAL_DELAY_MS = 5_000;
export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;
export const ACCOUNT_UNDO_DAYS = 14;
export const SPAM_HINT_AFTER_MS = 60_000;
/** A geocode answer is kept for one hour. */
export const GEOLOCATION_CACHE_MS = 3_600_000;
export const ENTRY_WARNING_LAYOUT_COUNTRIES = ['NL', 'DE'] as const;
/** Niche code (1–7) → landing-page slug prefix. */
export const NICHE_SLUG_PREFIX: Readonly<Record<number, string>> = {
  1: '',
  2: 'she',
  3: 'bdsm',
  4: 'bbw',
  5: 'gilf',
  6: 'milf',
  7: 'gay',
};
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const PROGRESS_BAR = { throttleMs: 200, durationMs: 5_000, hideAfterMs: 500 } as const;
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

/** Badge text: the number, or '99+' above 99; empty for zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
