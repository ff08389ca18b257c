import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useSettings } from '../../../lib/store/store';
import { readStoredNetwork, signupAllowed } from '../tracking';

const noSubscription = () => () => undefined;

/**
 * Whether this visitor may sign up here — signups 'all', or 'with_trafficsource' with a traffic source in
 * the query or stored from an earlier visit. The server renders with the query only; the browser adds the stored one.
 */
export function useSignupAllowed(): boolean {
  const settings = useSettings();
  const { search } = useLocation();
  const storedNetwork = useSyncExternalStore(noSubscription, readStoredNetwork, () => '');
  return signupAllowed(settings, new URLSearchParams(search).get('network') || storedNetwork || undefined);
}
