import type { ServerResponse } from 'node:http';
import { serverText } from '../server/messages';
import { escapeHtml } from '../shared/html';
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

/** A minimal static error page (no scripts, no state), used when the SSR renderer cannot answer. */
export function sendHtmlError(res: ServerResponse, status: number, message: string): void {
  const safe = escapeHtml(message);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${safe}</title></head><body><main><h1>${status}</h1><p>${safe}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
