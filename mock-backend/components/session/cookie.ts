import type { CookieOptions, Request, Response } from 'express';
import { AUTH_COOKIE } from '../../../src/shared/constants';
import { SESSION_MAX_AGE_SECONDS } from './service';

/** The login cookie's attributes (path /, 30 days): HttpOnly, SameSite=Lax, Secure behind HTTPS. */
function authCookieOptions(req: Request): CookieOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https',
  };
}

/** The session token the request's login cookie carries. */
export function authToken(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[AUTH_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

/** Sets the session token as the login cookie (after login or signup). */
export function setAuthCookie(req: Request, res: Response, token: string): void {
  res.cookie(AUTH_COOKIE, token, { ...authCookieOptions(req), maxAge: SESSION_MAX_AGE_SECONDS * 1000 });
}

/** Clears the login cookie (logout, account deletion). */
export function clearAuthCookie(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, authCookieOptions(req));
}
