import { useCallback, useState } from 'react';
import { useApi } from '../../lib/api-client';
import { usePushState } from '../../lib/push-state';
import { useSettings } from '../../lib/store/store';
import { subscribePush, unsubscribePush, type PushStateResult } from './push-client';

/** The push state with the two actions; `busy` while the browser asks or the subscription is saved. */
export function usePush(timeoutMs?: number) {
  const api = useApi();
  const settings = useSettings();
  const state = usePushState();
  const [busy, setBusy] = useState(false);
  const subscribe = useCallback(async (): Promise<PushStateResult> => {
    setBusy(true);
    try {
      return await subscribePush(api, settings.push_public_key, timeoutMs);
    } finally {
      setBusy(false);
    }
  }, [api, settings.push_public_key, timeoutMs]);
  const unsubscribe = useCallback(async () => {
    setBusy(true);
    try {
      await unsubscribePush(api);
    } finally {
      setBusy(false);
    }
  }, [api]);
  return { state, busy, subscribe, unsubscribe };
}
