import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../../lib/db';
import { lazily, loadSecretKey } from '../../lib/secrets';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a successful login leaves a signed
 * cookie that names the account. A later login attempt for that account presenting it comes from a device that has
 * logged in before, so failures from elsewhere (the per-account lock an attacker can trigger at will) do not block
 * it; it has its own small budget instead. Everybody else is an untrusted device and throttled as before.
 *
 * Value: `<user id>.<epoch>.<issued ms>.<nonce>.<mac>`, the mac an HMAC-SHA256 over the rest with a key kept in the
 * database (app_secrets `device_cookie_key`, like the photo URL key). The epoch is the account's `device_epoch`, which
 * a password reset or change counts up: cookies issued before are no longer trusted.
 */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_DAYS = 365;
/** Only the login call needs it, so the browser sends it nowhere else. */
const DEVICE_COOKIE_PATH = '/api/user.php';
const MAX_AGE_MS = DEVICE_COOKIE_MAX_AGE_DAYS * 86_400_000;

const VALUE = /^(\d{1,10})\.(\d{1,10})\.(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookie {
  userId: number;
  epoch: number;
  issuedAtMs: number;
  /** Names this device's own failure budget (stored only as its sha256). */
  deviceId: string;
}

export interface DeviceCookies {
  /** A fresh cookie value for a successful login of `userId` at `epoch`. */
  issue(userId: number, epoch: number, nowMs?: number): string;
  /** The signed facts of a cookie value, or null when it is missing, malformed, forged or expired. */
  read(value: string | undefined, nowMs?: number): DeviceCookie | null;
}

function createDeviceCookies(key: Buffer): DeviceCookies {
  const mac = (payload: string) => createHmac('sha256', key).update(`device-cookie:${payload}`).digest('base64url');
  return {
    issue(userId, epoch, nowMs = Date.now()) {
      const payload = `${userId}.${epoch}.${nowMs}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    read(value, nowMs = Date.now()) {
      const m = value === undefined ? null : VALUE.exec(value);
      if (!m) return null;
      const [, user = '', epoch = '', issued = '', nonce = '', sig = ''] = m;
      const expected = Buffer.from(mac(`${user}.${epoch}.${issued}.${nonce}`));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issuedAtMs = Number(issued);
      if (issuedAtMs + MAX_AGE_MS <= nowMs || issuedAtMs > nowMs + 60_000) return null;
      return {
        userId: Number(user),
        epoch: Number(epoch),
        issuedAtMs,
        deviceId: createHash('sha256').update(nonce).digest('hex'),
      };
    },
  };
}

/** One set of device cookies per app, its key loaded from the database on first use. */
export function lazyDeviceCookies(db: Db): () => Promise<DeviceCookies> {
  return lazily(async () => createDeviceCookies(await loadSecretKey(db, 'device_cookie_key')));
}

/** The device cookie the request presents (unverified). */
export function presentedDeviceCookie(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

/** HttpOnly, SameSite=Lax, long-lived, sent only to the login call; Secure behind HTTPS. */
export function setDeviceCookie(req: Request, res: Response, value: string): void {
  res.cookie(DEVICE_COOKIE, value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https',
    maxAge: MAX_AGE_MS,
  });
}
