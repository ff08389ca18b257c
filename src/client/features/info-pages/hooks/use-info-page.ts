import useSWR from 'swr';
import { API_SWR_DEFAULTS } from '../../../lib/api-swr';
import { usePageData } from '../../../lib/page-data';
import { infoPageKey, loadInfoPage, type ContentLocale } from '../content/load';
import type { InfoPage, InfoPageToken } from '../content/types';

/** The texts of one info page: from the route's loader data, else the locale's content chunk. */
export function useInfoPage(locale: ContentLocale | null, token: InfoPageToken | null) {
  const page = usePageData();
  const key = locale && token ? infoPageKey(locale, token) : null;
  const fallbackData = key ? (page.fallback[key] as InfoPage | undefined) : undefined;
  return useSWR(key, () => loadInfoPage(locale!, token!), {
    ...API_SWR_DEFAULTS,
    ...(fallbackData ? { fallbackData } : {}),
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
