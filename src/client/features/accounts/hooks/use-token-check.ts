import { useEffect, useState } from 'react';

export type TokenCheckState = 'checking' | 'valid' | 'invalid';

/**
 * Asks once, in the browser, whether the token of a mailed link still works, without spending it — so a page can show
 * its invalid-link state at once instead of a form that fails only after submit. No token: 'invalid'. When the check
 * itself cannot be made (offline, backend down), the token counts as valid and the action will tell. An answer the page's
 * loader already had on the server (`known`) is not asked again: the page works without JavaScript.
 */
export function useTokenCheck(token: string | null, check: (token: string) => Promise<boolean>, known?: boolean): TokenCheckState {
  const [state, setState] = useState<TokenCheckState>(token ? (known === undefined ? 'checking' : known ? 'valid' : 'invalid') : 'invalid');
  useEffect(() => {
    if (!token || known !== undefined) return undefined;
    let current = true;
    check(token).then(
      (valid) => {
        if (current) setState(valid ? 'valid' : 'invalid');
      },
      () => {
        if (current) setState('valid');
      },
    );
    return () => {
      current = false;
    };
    // Once per token: the link that opened the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return state;
}
