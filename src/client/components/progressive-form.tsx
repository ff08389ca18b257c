import { useCallback, useContext, useState, useSyncExternalStore } from 'react';
import { apiErrorOf, type ApiFailure, type ApiRequestError } from '../lib/api-error';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { DataRouterStateContext } from '../lib/router-internals';

/** The hidden field that carries a write's Idempotency-Key in a progressive form (the route's action forwards it). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

const KEY_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The Idempotency-Key of one attempt of a form: created when the form renders (on the server too, so a form posted
 * without JavaScript carries it), renewed after the attempt succeeded. A page rendered again after a refused post
 * passes the key it was sent with (`kept`): sending the same attempt again repeats it, never doubles it.
 */
export function useIdempotencyKey(kept?: string | null): { key: string; renew: () => void } {
  const [key, setKey] = useState(() => (kept && KEY_SHAPE.test(kept) ? kept : newIdempotencyKey()));
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/**
 * The hidden idempotency field of a form. The server's key goes with a form posted before hydration; hydrating puts
 * the browser's own key of the same attempt in its place (the two differ by design: suppressHydrationWarning).
 */
export function IdempotencyKeyField({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} readOnly suppressHydrationWarning />;
}

/** The key a posted form carried, or a new one when it carried none or no well-formed key (a hand-made form). */
export function idempotencyKeyOf(form: FormData): string {
  const value = form.get(IDEMPOTENCY_FIELD);
  return typeof value === 'string' && KEY_SHAPE.test(value.toLowerCase()) ? value.toLowerCase() : newIdempotencyKey();
}

const subscribeNothing = () => () => undefined;

/**
 * Whether the page runs with JavaScript (hydrated): false on the server and in the hydration render, true after. A
 * control that only JavaScript can make usable (a send button enabled by typing) stays usable before that.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/**
 * The answer of the route action to the form posted to this page (the router's action data), when it is of the kind
 * `is` recognises: a page rendered again after a refused post shows its errors with the fields as they were sent.
 */
function useFormAnswer<T>(is: (value: unknown) => value is T): T | null {
  const actionData = useContext(DataRouterStateContext)?.actionData;
  return Object.values(actionData ?? {}).find(is) ?? null;
}

/**
 * What a route action answers when the backend refused a posted form (app/form-action.ts): the page renders again
 * (never JSON, never a 500) and the form named `form` shows the backend's error — its message is already in the
 * member's language — with the fields as they were sent (never a password).
 */
export interface FormFailure extends ApiFailure {
  form: string;
  fields: Record<string, string>;
}

/** Recognises the failure of the form named `form` in the router's action data. */
const isFormFailureOf =
  (form: string) =>
  (value: unknown): value is FormFailure =>
    typeof value === 'object' && value !== null && (value as { form?: unknown }).form === form && 'status' in value && 'body' in value;

/** The refusal of the form named `form` when this page is the answer to it: its fields, and the backend's error. */
export function useFormFailure(form: string): { fields: Record<string, string>; error: ApiRequestError } | null {
  const failure = useFormAnswer(isFormFailureOf(form));
  return failure ? { fields: failure.fields, error: apiErrorOf(failure) } : null;
}
