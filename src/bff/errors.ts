import type { ServerResponse } from 'node:http';
import { serverText } from '../server/messages';
import type { Locale } from '../shared/locales';

/** The one error body of the contract: `{"error":{"code","message","params"?}}`. */
export interface ErrorBody {
  error: { code: string; message: string; params?: Record<string, unknown> };
}

export function errorBody(code: string, message: string, params?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(params ? { params } : {}) } };
}

/** What the browser (or the SSR renderer) gets when no backend answers; the UI shows its own text for the code. */
export const BACKEND_UNAVAILABLE = {
  status: 502,
  code: 'backend_unavailable',
  message: 'The service is temporarily unavailable, please try again later.',
} as const;

/** The 413 of a body over the BFF's limit, from the member's catalogue (locales/<lang>.json). */
export function requestTooLargeMessage(locale: Locale): string {
  return serverText(locale, 'requestTooLarge');
}

export function sendJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify(errorBody(code, message));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
