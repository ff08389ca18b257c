import { NICHE_SLUG_PREFIX } from '../../../shared/constants';

/** The tracking parameters a lander keeps. */
const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

export const LANDER_VARIANTS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderVariant = (typeof LANDER_VARIANTS)[number] | 'tinderswipe';

export function isLanderVariant(value: unknown): value is (typeof LANDER_VARIANTS)[number] {
  return typeof value === 'string' && (LANDER_VARIANTS as readonly string[]).includes(value);
}

/** Only the tracking parameters of a query, trimmed and capped, in a fixed order. */
function trackingQuery(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of TRACKING_PARAMS) {
    const value = search.get(key)?.trim();
    if (value) out.set(key, value.slice(0, 100));
  }
  return out;
}

/** A link that keeps the visitor's tracking parameters (e.g. `/signup?network=x&sub1=y`). */
export function withTracking(path: string, search: URLSearchParams): string {
  const q = trackingQuery(search).toString();
  return q ? `${path}?${q}` : path;
}

/**
 * The site's niche (1–7) picks the slug prefix (none, she, bdsm, bbw, gilf, milf, gay). A lander's slug is
 * that prefix plus the topic of the route slug: `/landers/gallery/amsterdam` on a gay site is `gay-amsterdam`; a slug
 * that already starts with the prefix stays as it is; no route slug gives the prefix alone.
 */
export function landerSlug(niche: number, slug: string | undefined): string {
  const prefix = NICHE_SLUG_PREFIX[niche] ?? '';
  const clean = (slug ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  if (!prefix) return clean;
  if (!clean || clean === prefix) return prefix;
  return clean.startsWith(`${prefix}-`) ? clean : `${prefix}-${clean}`;
}

/** The topic of a lander slug without the niche prefix, as words for a headline ('gay-den-haag' → 'Den Haag'). */
export function slugTopic(niche: number, slug: string): string | null {
  const prefix = NICHE_SLUG_PREFIX[niche] ?? '';
  const rest = prefix && slug.startsWith(prefix) ? slug.slice(prefix.length).replace(/^-/, '') : slug;
  if (!rest) return null;
  return rest
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
