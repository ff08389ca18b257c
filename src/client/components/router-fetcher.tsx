import { useCallback, useContext, useEffect, useId } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, UNSAFE_FetchersContext, UNSAFE_RouteContext } from 'react-router';
import { ApiRequestError } from '../lib/api-error';
import { FETCHER_FIELD, isInPlaceAnswer } from './fetcher-answer';

export interface RouterFetcher {
  /** `submitting` while the route's action runs, `loading` while the router finishes after it, else `idle`. */
  state: 'idle' | 'submitting' | 'loading';
  /** The form being sent while the fetcher is busy (what the page may show as done meanwhile), else undefined. */
  formData: FormData | undefined;
  /** The route action's answer to the last form sent (kept by the router until the fetcher unmounts). */
  data: unknown;
  /**
   * Sends `form` to the route action of `action` (a path of this site) without a navigation. Resolves with the result
   * the action answered in place; rejects with the backend's refusal as an ApiRequestError (the action's FormFailure);
   * resolves undefined when the action answered anything else (a 303, e.g. to the login page: the router follows it).
   * `multipart` keeps a file of the form (a photo) in the request.
   */
  submit: <T>(action: string, form: FormData, options?: { multipart?: boolean }) => Promise<T | undefined>;
}

const isFormFailure = (value: unknown): value is { status: number; body: unknown } =>
  typeof value === 'object' && value !== null && 'form' in value && 'status' in value && 'body' in value;

/**
 * A form of the live page posted to a route action through the data router's fetchers (`router.fetch`): the same
 * action the browser's own post runs on the server without JavaScript, run in the page with no navigation, its state
 * in the router's state. The form gets `FETCHER_FIELD`, so the action answers its result in place instead of a 303
 * (`answerInPlace`, app/form-action.ts), and the router loads none of the page's loaders again after it (app/page-route.tsx).
 * React Router's `useFetcher` does this and more (its `<Form>`, loads, resets); its code would go into the landing
 * page's entry chunk, past its JavaScript budget. One hook call is one fetcher: a form sent again while the first is
 * under way replaces it (keep the form busy meanwhile); the fetcher is dropped when the component unmounts.
 */
export function useRouterFetcher(): RouterFetcher {
  const key = useId();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const fetcher = useContext(UNSAFE_DataRouterStateContext)?.fetchers.get(key);
  const answers = useContext(UNSAFE_FetchersContext);
  const routeId = useContext(UNSAFE_RouteContext).matches.at(-1)?.route.id;

  useEffect(() => {
    if (!router) return undefined;
    router.getFetcher(key);
    return () => router.deleteFetcher(key);
  }, [router, key]);

  const submit = useCallback(
    async <T,>(action: string, form: FormData, options: { multipart?: boolean } = {}): Promise<T | undefined> => {
      if (!router) throw new Error('useRouterFetcher needs the data router');
      form.set(FETCHER_FIELD, '1');
      // The answer as the router's state last had it (its idle fetchers leave the state once the page has them).
      let answer: unknown;
      const unsubscribe = router.subscribe((state) => {
        const current = state.fetchers.get(key);
        if (current) answer = current.data;
      });
      try {
        await router.fetch(key, routeId ?? router.state.matches.at(-1)?.route.id ?? '', action, {
          formMethod: 'post',
          formData: form,
          ...(options.multipart ? { formEncType: 'multipart/form-data' as const } : {}),
        });
      } finally {
        unsubscribe();
      }
      if (isFormFailure(answer)) throw new ApiRequestError(answer.status, answer.body);
      return isInPlaceAnswer(answer) ? (answer.result as T) : undefined;
    },
    [router, routeId, key],
  );

  return { state: fetcher?.state ?? 'idle', formData: fetcher?.formData, data: answers.get(key), submit };
}
