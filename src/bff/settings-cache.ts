/**
 * The per-page settings call, cached: settings change when an operator edits a site, not per page, so
 * a page should not wait for them. An answer is kept per key — the settings query (host, the route query without
 * secrets, the kept country) plus the visitor's address and edge country, because `geoip_country` depends on them —
 * and is
 *   - fresh for `freshMs`: served without a backend call;
 *   - stale up to `staleMs`: served at once while one background call revalidates it (stale-while-revalidate);
 *   - older, or absent: loaded before the page (concurrent pages of one key share that call).
 * A failed load is never cached (the page renders with default settings and the next page asks again), nor is an
 * answer the backend marks `Cache-Control: no-store`/`no-cache`/`private`… beyond this one page. The cache is
 * bounded (least recently used first out) and lives in one BFF process: it only spares calls, nothing depends on
 * it holding across instances.
 */

export type SettingsCacheState = 'hit' | 'stale' | 'miss' | 'off';

export interface LoadedSettings<T> {
  value: T | null;
  /** False when the backend forbade keeping the answer (`Cache-Control: no-store` and the like). */
  cacheable: boolean;
}

export interface SettingsCacheOptions {
  freshMs?: number;
  staleMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  at: number;
  revalidating: boolean;
}

export interface SettingsCache<T> {
  get(key: string, load: () => Promise<LoadedSettings<T>>): Promise<{ value: T | null; state: SettingsCacheState }>;
  readonly size: number;
  clear(): void;
}

export const SETTINGS_FRESH_MS = 30_000;
const SETTINGS_STALE_MS = 10 * 60_000;
const MAX_ENTRIES = 5_000;

/** Whether an answer's Cache-Control lets a shared cache keep it. */
export function cacheableAnswer(cacheControl: string | null): boolean {
  return !/(?:^|,)\s*(?:no-store|no-cache|private|max-age\s*=\s*0)\b/i.test(cacheControl ?? '');
}

export function createSettingsCache<T>(options: SettingsCacheOptions = {}): SettingsCache<T> {
  const freshMs = options.freshMs ?? SETTINGS_FRESH_MS;
  const staleMs = Math.max(freshMs, options.staleMs ?? SETTINGS_STALE_MS);
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T | null>>();

  const store = (key: string, value: T) => {
    entries.delete(key);
    entries.set(key, { value, at: now(), revalidating: false });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  const loadInto = (key: string, load: () => Promise<LoadedSettings<T>>): Promise<T | null> => {
    const running = loading.get(key);
    if (running) return running;
    const promise = load()
      .then(({ value, cacheable }) => {
        if (value !== null && cacheable) store(key, value);
        else if (!cacheable) entries.delete(key);
        return value;
      })
      .finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  };

  return {
    async get(key, load) {
      if (freshMs <= 0) return { value: (await load()).value, state: 'off' };
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < freshMs) {
        // Recently used last: the least recently used entry is the first to go.
        entries.delete(key);
        entries.set(key, entry);
        return { value: entry.value, state: 'hit' };
      }
      if (entry && age < staleMs) {
        if (!entry.revalidating) {
          entry.revalidating = true;
          loadInto(key, load).then(
            (value) => {
              if (value === null) entry.revalidating = false; // keep serving the old answer; the next page retries
            },
            () => {
              entry.revalidating = false;
            },
          );
        }
        return { value: entry.value, state: 'stale' };
      }
      return { value: await loadInto(key, load), state: 'miss' };
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
