/**
 * Where the member was in the endless grid, per history entry: the cursors of the pages appended to the URL's own page
 * and the scroll position. Kept in sessionStorage (this tab only), so coming back to the entry (Back from a profile,
 * a reload) shows the same cards at the same place. Only cursors are kept: the pages' answers stay in SWR's cache
 * under their own keys, and are asked again only when the cache lost them (a reload).
 */
export interface GridPlace {
  /** The history entry (React Router's location key). */
  key: string;
  /** The URL's query the grid showed: an entry whose search changed shows its own first page. */
  search: string;
  cursors: string[];
  scrollY: number;
}

const STORE = 'members.grid';
/** Entries kept: the history the member can go back through in a tab, not more. */
const KEPT = 20;

function readAll(storage: Storage): GridPlace[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORE) ?? '[]');
    return Array.isArray(value) ? (value as GridPlace[]) : [];
  } catch {
    return [];
  }
}

/** The place kept for this history entry and query, if any. */
export function gridPlaceOf(storage: Storage, key: string, search: string): GridPlace | null {
  const place = readAll(storage).find((p) => p.key === key);
  return place && place.search === search && Array.isArray(place.cursors) ? place : null;
}

export function keepGridPlace(storage: Storage, place: GridPlace): void {
  const others = readAll(storage).filter((p) => p.key !== place.key);
  try {
    storage.setItem(STORE, JSON.stringify([...others.slice(-(KEPT - 1)), place]));
  } catch {
    // A full or refused storage only loses the place.
  }
}

/**
 * Whether the grid came back to its history entry rather than being opened anew: a Back/Forward inside the app (a POP
 * navigation of the router), or, for the page the document was loaded with (`hydrating`: React Router calls that
 * first location POP however it was opened), a reload or a Back/Forward of the browser.
 */
export function cameBack(navigationType: string, hydrating: boolean): boolean {
  if (navigationType !== 'POP') return false;
  if (!hydrating) return true;
  const entry = typeof performance !== 'undefined' ? performance.getEntriesByType?.('navigation')[0] : undefined;
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}
