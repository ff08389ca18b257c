import { TIME_BONUS_WINDOW_SECONDS } from './constants';

/**
 * The time bonus: absent when logged out or paid, for moderators and admins (who work the site and are not its
 * customers: their user answer's `role`), and once TIME_BONUS_WINDOW_SECONDS (4 hours) have passed since signup;
 * otherwise the seconds left, shown as a per-second countdown hh:mm:ss.
 */
export function timeBonusSecondsLeft(
  user: { paid_user: boolean; signup_date: string; role?: 'member' | 'moderator' | 'admin' | undefined } | null,
  nowMs: number,
): number {
  if (!user || user.paid_user || (user.role !== undefined && user.role !== 'member')) return 0;
  const signup = Date.parse(user.signup_date);
  if (!Number.isFinite(signup)) return 0;
  const left = Math.ceil((signup + TIME_BONUS_WINDOW_SECONDS * 1000 - nowMs) / 1000);
  return Math.max(0, Math.min(TIME_BONUS_WINDOW_SECONDS, left));
}

/** Hours, minutes and seconds, each padded to two digits: 14399 → '03:59:59'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
