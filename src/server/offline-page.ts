import { escapeHtml } from '../shared/html';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';
import { serverText } from './messages';

/** What the offline page shows: the member's language, the site's name and the build's stylesheets. */
export interface OfflinePage {
  locale?: Locale | undefined;
  siteName: string;
  styles: readonly string[];
}

/** The script of the offline page (public/offline.js): the retry button, and a reload once the browser is online. */
export const OFFLINE_SCRIPT = '/offline.js';

/**
 * The page the service worker (public/push-sw.js) shows instead of the browser's own error when a navigation finds
 * no network: the site's brand bar and stylesheet, "You are offline" in the member's language, a line saying it
 * reloads by itself, and a retry button. Static — no React, no state, nothing of the member — so the worker may keep
 * it; everything it links (the stylesheet, its script) is in the worker's cache too.
 */
export function offlinePageHtml({ locale = DEFAULT_LOCALE, siteName, styles }: OfflinePage): string {
  const title = escapeHtml(serverText(locale, 'offlineTitle'));
  const text = escapeHtml(serverText(locale, 'offlineText'));
  const retry = escapeHtml(serverText(locale, 'offlineRetry'));
  const name = escapeHtml(siteName);
  const links = styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const mark =
    '<svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-9.6-9.4A5.3 5.3 0 0 1 12 5.7a5.3 5.3 0 0 1 9.6 5.9C19.5 16.4 12 21 12 21Z"/></svg>';
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="#2d1b45"><title>${title} | ${name}</title>${links}` +
    `<script src="${OFFLINE_SCRIPT}" defer></script></head><body><div class="app-shell">` +
    `<header class="brand-bar"><div class="container d-flex align-items-center"><span class="navbar-brand text-white">` +
    `<span class="brand-mark">${mark}</span><span class="brand-name">${name}</span></span></div></header>` +
    `<main id="main" class="app-main container offline-main" tabindex="-1"><div class="offline-card">` +
    `<h1 class="h3">${title}</h1><p>${text}</p>` +
    `<button type="button" class="btn btn-primary" id="offline-retry">${retry}</button>` +
    `</div></main></div></body></html>`
  );
}
