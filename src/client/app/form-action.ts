import { redirect, redirectDocument } from 'react-router';
import { sameOriginPath } from '../../shared/same-origin-path';
import type { FormFailure } from '../components/progressive-form';
import type { InPlaceAnswer } from '../components/router-fetcher';
import { apiFailureOf, isApiRequestError } from '../lib/api-error';

export type { FormFailure } from '../components/progressive-form';

/** The 303 of a form that did its work: the browser loads `path` with a GET (a reload never posts again). */
export const seeOther = (path: string): Response => redirect(path, 303);

/**
 * The 303 of a form whose work ended the session (the account deleted): the browser loads `path` as a whole document
 * even when the router ran the action in the page, so nothing of the member's page (its store, caches and event
 * stream) outlives his session.
 */
export const seeOtherDocument = (path: string): Response => redirectDocument(path, 303);

/**
 * Runs the backend call of a posted form: `done` on success (a 303, or for a fetcher the result in place:
 * `answerInPlace`, components/router-fetcher.tsx), a FormFailure when the backend refused. A visitor whose session
 * ended goes to the login page; a failure that is no answer of the backend (the network) is shown as the generic
 * error, never as a 500.
 */
export async function runFormAction<T, A extends Response | FormFailure | InPlaceAnswer<unknown>>(
  form: string,
  fields: Record<string, string>,
  call: () => Promise<T>,
  done: (result: T) => A,
): Promise<A | Response | FormFailure> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (isApiRequestError(error)) {
      if (error.authenticationRequired) return seeOther('/login');
      return { form, ...apiFailureOf(error), fields };
    }
    return { form, status: 502, body: null, fields };
  }
  return done(result);
}

/** The page a form asks to return to (its `return` field, same-origin only), else `fallback`. */
export function returnPathOf(form: FormData, fallback: string): string {
  const value = form.get('return');
  return (typeof value === 'string' && value.startsWith('/') && sameOriginPath(value)) || fallback;
}

/** A text field of a posted form ('' when absent or a file). */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
