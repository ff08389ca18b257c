import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../shared/html';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';
import { serverText } from './messages';

/** What the static error page shows: its status, in the visitor's language. */
export interface ErrorPage {
  status: number;
  locale?: Locale | undefined;
}

/** The page's text by its status, from the app's catalogues (client/lib/server-texts.ts). */
function textOf(status: number, locale: Locale): string {
  if (status === 404) return serverText(locale, 'notFound');
  if (status === 413) return serverText(locale, 'requestTooLarge');
  if (status >= 400 && status < 500) return serverText(locale, 'requestNotHandled');
  return serverText(locale, 'errorLater');
}

/**
 * The one static error document of the site: no React, no scripts, no state, so nothing of the app can fail it. The
 * BFF answers with it when the renderer cannot run at all (and for its own 400, 404 and 413 pages), the renderer when
 * even its error page failed before the first byte. Its texts come in the visitor's language.
 */
export function errorPageHtml({ status, locale = DEFAULT_LOCALE }: ErrorPage): string {
  const text = escapeHtml(textOf(status, locale));
  const home = escapeHtml(serverText(locale, 'backHome'));
  // Style attributes, not a <style> element: the site's Content-Security-Policy allows inline style attributes only.
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${text}</title></head><body style="font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#faf7fc;color:#2a2233;text-align:center"><main style="padding:1rem"><p style="font-size:4rem;font-weight:800;color:#b8430a;margin:0">${status}</p><h1>${text}</h1><p><a href="/" style="color:#b8430a;font-weight:600">${home}</a></p></main></body></html>`;
}

/** Answers with the static error page (never cached); a response already under way is only ended. */
export function sendErrorPage(res: ServerResponse, page: ErrorPage): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = errorPageHtml(page);
  res.statusCode = page.status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
