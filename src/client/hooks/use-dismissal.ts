import { useCallback } from 'react';
import { dismissalCookie, type DismissKey } from '../lib/dismissals';
import { dismissed } from '../lib/store/site-slice';
import { useAppDispatch, useAppSelector } from '../lib/store/store';

/**
 * A dismissal marker: the time it was dismissed (epoch ms) or null, and `dismiss()` which stores the time in a
 * `dismissed_<key>` cookie (read by the server on the next page, so the banner is rendered closed) and in the store.
 */
export function useDismissal(key: DismissKey | null): [number | null, () => void] {
  const dispatch = useAppDispatch();
  const at = useAppSelector((s) => (key ? (s.site.dismissals?.[key] ?? null) : null));
  const dismiss = useCallback(() => {
    if (!key) return;
    const now = Date.now();
    document.cookie = dismissalCookie(key, now, window.location.protocol === 'https:');
    dispatch(dismissed({ key, at: now }));
  }, [dispatch, key]);
  return [at, dismiss];
}
