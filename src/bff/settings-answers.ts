import type { IncomingMessage } from 'node:http';
import { SETTINGS_FRESH_MS, cacheableAnswer } from './settings-cache';

/**
 * `GET /api/settings.php` answered by the BFF itself while a recent answer for the same key is fresh (the
 * settings call is the one every browser and every page makes; the BFF's pages already reuse settings for 30 s, so the
 * browser's own call may too). The key is what the answer can depend on: the call's path and query (host, country),
 * the visitor's address and edge country (geoip_country) and the locale the backend is told.
 *
 * Only an answer that any visitor of that key may get is kept: 200, no Set-Cookie, not encoded, no `Vary` beyond
 * Accept-Encoding, and a Cache-Control that lets a shared cache keep it (a PHP backend that answers `private` or
 * `no-store` is asked every time). Nothing is shared while a call is in flight, so no answer meant for one request is
 * handed to another. The cache lives in one BFF process and only spares calls: bounded, least recently used first out,
 * by count (MAX_ENTRIES) and by the bytes of the bodies it holds (MAX_TOTAL_BYTES: 5,000 answers of up to 256 KiB
 * would have been 1.25 GiB; a site's settings answer is about 3 KB).
 */
export const SETTINGS_PATH = '/api/settings.php';
const MAX_BODY_BYTES = 256 * 1024;
const MAX_ENTRIES = 5_000;
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;

interface CachedAnswer {
  status: number;
  headers: Array<[string, string | string[]]>;
  body: Buffer;
  at: number;
}

export interface SettingsAnswers {
  /** A fresh answer for the key, if one is kept. */
  fresh(key: string): CachedAnswer | undefined;
  /** Whether an upstream answer may be kept (checked before its body is read). */
  keepable(upstream: IncomingMessage): boolean;
  keep(key: string, answer: Omit<CachedAnswer, 'at'>): void;
  readonly size: number;
  readonly maxBodyBytes: number;
}

export function settingsAnswerKey(pathWithQuery: string, clientIp: string, clientCountry: string | undefined, locale: string): string {
  return `${pathWithQuery}#${clientIp}#${clientCountry ?? ''}#${locale}`;
}

export function createSettingsAnswers(
  options: { freshMs?: number; maxEntries?: number; maxTotalBytes?: number; now?: () => number } = {},
): SettingsAnswers {
  const freshMs = options.freshMs ?? SETTINGS_FRESH_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const maxTotalBytes = options.maxTotalBytes ?? MAX_TOTAL_BYTES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedAnswer>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };
  return {
    fresh(key) {
      if (freshMs <= 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at >= freshMs) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry); // recently used last
      return entry;
    },
    keepable(upstream) {
      if (freshMs <= 0 || upstream.statusCode !== 200) return false;
      const h = upstream.headers;
      if (h['set-cookie'] !== undefined) return false;
      if ((h['content-encoding'] ?? 'identity') !== 'identity') return false;
      const vary = String(h.vary ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter((v) => v !== '' && v !== 'accept-encoding');
      if (vary.length > 0) return false;
      const length = Number(h['content-length'] ?? 0);
      if (length > MAX_BODY_BYTES) return false;
      return cacheableAnswer(typeof h['cache-control'] === 'string' ? h['cache-control'] : null);
    },
    keep(key, answer) {
      drop(key);
      if (answer.body.length > maxTotalBytes) return;
      entries.set(key, { ...answer, at: now() });
      totalBytes += answer.body.length;
      while (entries.size > maxEntries || totalBytes > maxTotalBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
    maxBodyBytes: MAX_BODY_BYTES,
  };
}
