/**
 * The field a form sent through a fetcher carries (components/router-fetcher.tsx adds it; the browser's own post of
 * the same form, without JavaScript or before the page hydrated, never has it): its route action answers the result
 * itself (`answerInPlace`, app/form-action.ts) instead of a 303, and the page stays where it is.
 */
export const FETCHER_FIELD = '_fetcher';

/**
 * A route action's answer to a fetcher's form that worked: the result the form shows on the page it was sent from
 * (the like and its match, the sent message…). The page updates its live data with it by itself, so the router runs
 * none of the page's loaders again (app/page-route.tsx).
 */
export interface InPlaceAnswer<T> {
  inPlace: true;
  result: T;
}

export const isInPlaceAnswer = (value: unknown): value is InPlaceAnswer<unknown> =>
  typeof value === 'object' && value !== null && (value as { inPlace?: unknown }).inPlace === true && 'result' in value;
