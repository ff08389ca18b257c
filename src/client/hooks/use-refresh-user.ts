import { useCallback } from 'react';
import { isAuthenticationRequired } from '../../shared/api/client';
import { useApi } from '../lib/api-client';
import { userChanged } from '../lib/store/session-slice';
import { useAppDispatch } from '../lib/store/store';

/**
 * Reloads the current user into the store now (credits badge, premium state) — after a change the page knows of,
 * such as a completed purchase or a refund, instead of waiting for the next poll.
 */
export function useRefreshUser(): () => Promise<void> {
  const api = useApi();
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const { data, error, response } = await api.GET('/user.php', { params: { header: { 'request-type': 'client' } } });
    if (isAuthenticationRequired(response.status, error) || !data) return;
    dispatch(userChanged(data.user));
  }, [api, dispatch]);
}
