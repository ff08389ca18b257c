import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export type TokenActionState = 'idle' | 'working' | 'done' | 'failed';

/**
 * Runs `action` once with the `token` of the page's query (a mailed link), in the browser only, then drops the token
 * from the address bar. A GET of the page never spends the token (mail scanners open links); the browser posts it.
 */
export function useTokenAction(action: (token: string) => Promise<void>, opts: { auto: boolean }) {
  const { pathname, search } = useLocation();
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const [state, setState] = useState<TokenActionState>(token ? 'idle' : 'done');
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  const run = async () => {
    if (!token || started.current) return;
    started.current = true;
    setState('working');
    try {
      await action(token);
      setState('done');
    } catch (err) {
      setError(err);
      setState('failed');
    }
    // Out of the address bar (and history) without a router navigation, which would remount the page.
    window.history.replaceState(window.history.state, '', pathname);
  };

  useEffect(() => {
    if (opts.auto) queueMicrotask(() => void run());
    // Once, on mount: the token of the link that opened the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { token, state, error, run };
}

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
