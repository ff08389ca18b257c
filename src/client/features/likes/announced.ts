import type { Schemas } from '../../../shared/api/client';

/**
 * Which received likes this browser already announced with a pop-up, per member, in localStorage: the newest
 * `created_at` seen and the ids shown since. The first time (nothing stored) every existing like counts as seen,
 * so logging in never opens a pop-up for old likes; only likes that arrive later do.
 */
export interface Announced {
  since: string;
  ids: number[];
}

const MAX_IDS = 200;
const keyOf = (userId: number) => `likes.announced.${userId}`;

export function readAnnounced(userId: number): Announced | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Announced>;
    return typeof value.since === 'string' && Array.isArray(value.ids)
      ? { since: value.since, ids: value.ids.filter((n) => Number.isInteger(n)) }
      : null;
  } catch {
    return null;
  }
}

export function writeAnnounced(userId: number, value: Announced): void {
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify({ since: value.since, ids: value.ids.slice(-MAX_IDS) }));
  } catch {
    // Storage full or blocked: at worst a pop-up shows again.
  }
}

const EPOCH = new Date(0).toISOString();

/**
 * The newest received like to announce, and what is seen after it. Pure, so it is unit tested: `stored` null means
 * the first look (nothing announced, everything counts as seen).
 */
export function nextAnnouncement(
  stored: Announced | null,
  list: Schemas['LikeList'],
): { announce: Schemas['Like'] | null; seen: Announced } {
  const received = list.profiles.filter((l) => l.direction === 'received');
  const newest = received.reduce((max, l) => (l.created_at > max ? l.created_at : max), stored?.since ?? EPOCH);
  if (!stored) return { announce: null, seen: { since: newest, ids: [] } };
  const fresh = received
    .filter((l) => l.like_new && l.created_at > stored.since && !stored.ids.includes(l.profile.id))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const announce = fresh[0] ?? null;
  return { announce, seen: { since: newest, ids: [...stored.ids, ...fresh.map((l) => l.profile.id)] } };
}

/** Marks a like as announced (a pop-up already shows it). Before the first look there is nothing to mark. */
export function rememberAnnounced(userId: number, id: number): void {
  const stored = readAnnounced(userId);
  if (stored && !stored.ids.includes(id)) writeAnnounced(userId, { since: stored.since, ids: [...stored.ids, id] });
}
