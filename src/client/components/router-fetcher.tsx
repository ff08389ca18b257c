import { useCallback, useContext, useEffect, useId } from 'react';
import { apiErrorOf, type ApiFailure } from '../lib/api-error';
import { DataRouterContext, DataRouterStateContext } from '../lib/router-internals';

/**
 * The field a form sent by `useRouterFetcher` carries (the browser's own post of the same form, without JavaScript or
 * before the page hydrated, never has it): its route action answers the result itself (`answerInPlace`) instead of a
 * 303, and the page stays where it is.
 */
export const FETCHER_FIELD = '_fetcher';

/**
 * A route action's answer to a fetcher's form that worked: the result the form shows on the page it was sent from
 * (the like and its match, the sent message…). The page updates its live data with it by itself, so the router runs
 * none of the page's loaders again (app/page-route.tsx checks this shape).
 */
export interface InPlaceAnswer<T> {
  inPlace: true;
  result: T;
}

/**
 * The end of a route action whose call worked: to a fetcher's submission (the form carries `FETCHER_FIELD`) the
 * call's result in place, to the browser's own post `response`, its 303.
 */
export function answerInPlace<T>(form: FormData, result: T, response: Response): Response | InPlaceAnswer<T> {
  return form.has(FETCHER_FIELD) ? { inPlace: true, result } : response;
}

export interface RouterFetcher {
  /** `submitting` while the route's action runs, `loading` while the router finishes after it, else `idle`. */
  state: 'idle' | 'submitting' | 'loading';
  /** The form being sent while the fetcher is busy (what the page may show as done meanwhile), else undefined. */
  formData: FormData | undefined;
  /**
   * Sends `form` to the route action of `action` (a path of this site) without a navigation. Resolves with the result
   * the action answered in place; rejects with the backend's refusal as an ApiRequestError (the action's FormFailure);
   * resolves undefined when the action answered anything else (a 303, e.g. to the login page: the router follows it).
   * `multipart` keeps a file of the form (a photo) in the request.
   */
  submit: <T>(action: string, form: FormData, options?: { multipart?: boolean }) => Promise<T | undefined>;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * A form of the live page posted to a route action through the data router's fetchers (`router.fetch`): the same
 * action the browser's own post runs on the server without JavaScript, run in the page with no navigation, its state
 * in the router's state. The form gets `FETCHER_FIELD`, so the action answers its result in place instead of a 303
 * (`answerInPlace`), and the router runs none of the page's loaders again after it (app/page-route.tsx). React Router's
 * `useFetcher` does this and more (its `<Form>`, loads, resets); its code would go into the landing page's entry chunk,
 * past its JavaScript budget. One hook call is one fetcher: a form sent again while the first is under way replaces it
 * (keep the form busy meanwhile); the fetcher leaves the router when the component unmounts.
 */
export function useRouterFetcher(): RouterFetcher {
  const key = useId();
  const router = useContext(DataRouterContext)?.router;
  const fetcher = useContext(DataRouterStateContext)?.fetchers.get(key);

  useEffect(() => {
    if (!router) return undefined;
    router.getFetcher(key);
    return () => router.deleteFetcher(key);
  }, [router, key]);

  const submit = useCallback(
    async <T,>(action: string, form: FormData, options: { multipart?: boolean } = {}): Promise<T | undefined> => {
      if (!router) throw new Error('no data router');
      form.set(FETCHER_FIELD, '1');
      // The action's answer (the fetcher's data) as the router's state last had it: an idle fetcher leaves the state
      // once its subscribers have seen it.
      let answer: unknown;
      const unsubscribe = router.subscribe((state) => {
        const current = state.fetchers.get(key);
        if (current) answer = current.data;
      });
      try {
        // Errors of the action's route (a bug) show at the page's own boundary.
        await router.fetch(key, router.state.matches.at(-1)?.route.id ?? '', action, {
          formMethod: 'post',
          formData: form,
          ...(options.multipart ? { formEncType: 'multipart/form-data' as const } : {}),
        });
      } finally {
        unsubscribe();
      }
      if (!isObject(answer)) return undefined;
      // A FormFailure (app/form-action.ts): the backend refused.
      if ('form' in answer && 'status' in answer && 'body' in answer) throw apiErrorOf(answer as ApiFailure);
      return 'inPlace' in answer && 'result' in answer ? (answer.result as T) : undefined;
    },
    [router, key],
  );

  return { state: fetcher?.state ?? 'idle', formData: fetcher?.formData, submit };
}
