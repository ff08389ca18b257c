import useSWR from 'swr';
import { infoPageKey, loadInfoPage, type ContentLocale } from '../content/load';
import type { InfoPageToken } from '../content/types';

/** The texts of one info page: from the server's first render, else the locale's content chunk. */
export function useInfoPage(locale: ContentLocale | null, token: InfoPageToken | null) {
  return useSWR(locale && token ? infoPageKey(locale, token) : null, () => loadInfoPage(locale!, token!), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}
