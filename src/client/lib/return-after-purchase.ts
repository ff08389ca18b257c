import { sameOriginPath } from '../../shared/same-origin-path';
import { useSessionValue, writeSessionValue } from './session-value';

/**
 * Where a member was when a credit alert sent him to buy credits (the conversation with his draft): the payment
 * result leads back there. Kept for the tab, so it survives the trip through the payment provider's pages.
 */
const KEY = 'credits.returnTo';

export function rememberReturnAfterPurchase(path: string): void {
  writeSessionValue(KEY, sameOriginPath(path));
}

export function forgetReturnAfterPurchase(): void {
  writeSessionValue(KEY, null);
}

export function useReturnAfterPurchase(): string | null {
  const value = useSessionValue(KEY);
  return value === null ? null : sameOriginPath(value);
}
