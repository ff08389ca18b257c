import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type MatchPreferences = Schemas['MatchPreferences'];
export type MatchPreferencesUpdate = Schemas['MatchPreferencesUpdate'];
export type MatchSuggestions = Schemas['MatchSuggestions'];

export const PREFERENCES_KEY = swrKey('/match-preferences.php');
export const matchesKey = (limit: number) => swrKey('/match-finder.php', { limit });

export function getMatchPreferences(api: ApiClient): Promise<MatchPreferences> {
  return unwrap(api.GET('/match-preferences.php'));
}

export function useMatchPreferences(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? PREFERENCES_KEY : null, () => getMatchPreferences(api), { revalidateOnFocus: false });
}

export function saveMatchPreferences(api: ApiClient, body: MatchPreferencesUpdate): Promise<MatchPreferences> {
  return unwrap(api.PUT('/match-preferences.php', { body }));
}

export function findMatches(api: ApiClient, limit: number): Promise<MatchSuggestions> {
  return unwrap(api.GET('/match-finder.php', { params: { query: { limit } } }));
}

/** Suggestions from the member's preferences, those who already like him first. */
export function useMatches(enabled: boolean, limit: number) {
  const api = useApi();
  return useApiSWR(enabled ? matchesKey(limit) : null, () => findMatches(api, limit), { revalidateOnFocus: false });
}
