import type { Settings, User } from '../../../shared/api/client';

/**
 * Members always; visitors when logged_out_search is on, or with logged_out_search_trafficsource and a
 * traffic source (the `network` query parameter).
 */
export function canSearchMembers(settings: Settings, user: User | null, network: string | null): boolean {
  if (user) return true;
  if (settings.logged_out_search) return true;
  return settings.logged_out_search_trafficsource && Boolean(network);
}
