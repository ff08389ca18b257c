import { useSyncExternalStore } from 'react';

const STANDALONE_QUERY = '(display-mode: standalone)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(STANDALONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(STANDALONE_QUERY).matches;

/**
 * True when the site runs as an installed app (standalone display). False on the server and while hydrating (so
 * the markup matches), then the browser's answer; CSS hides standalone-only differences before that.
 */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
