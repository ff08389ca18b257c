import type { Schemas, Settings } from '../../../shared/api/client';

export type TrackingData = Schemas['TrackingData'];
const KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const STORAGE_KEY = 'tracking';

/** Tracking data: the query's values win and are stored; otherwise the stored ones (localStorage). */
export function rememberTracking(search: URLSearchParams, storage: Storage | null): TrackingData {
  let stored: TrackingData = {};
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    if (raw && typeof raw === 'object') {
      for (const k of KEYS) {
        const v = (raw as Record<string, unknown>)[k];
        if (typeof v === 'string' && v.length <= 100) stored[k] = v;
      }
    }
  } catch {
    stored = {};
  }
  const fromQuery: TrackingData = {};
  for (const k of KEYS) {
    const v = search.get(k)?.trim();
    if (v) fromQuery[k] = v.slice(0, 100);
  }
  if (Object.keys(fromQuery).length === 0) return stored;
  const merged = { ...stored, ...fromQuery };
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(merged));
  } catch {
    // Storage full or blocked: the values still go with this signup.
  }
  return merged;
}

/** Signups 'all', or 'with_trafficsource' with a traffic source; otherwise invite-only. */
export function signupAllowed(settings: Pick<Settings, 'signups'>, network: string | undefined): boolean {
  return settings.signups === 'all' || (settings.signups === 'with_trafficsource' && Boolean(network));
}

/** The stored traffic source (for the signup rule before any query), '' when none. */
export function readStoredNetwork(): string {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}');
    const network = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).network : undefined;
    return typeof network === 'string' ? network : '';
  } catch {
    return '';
  }
}
