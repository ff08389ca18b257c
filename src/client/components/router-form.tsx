import { useContext, type ComponentProps, type SubmitEvent } from 'react';
import { useNavigation } from 'react-router';
import { DataRouterContext } from '../lib/router-internals';

type RouterFormProps = Omit<ComponentProps<'form'>, 'method' | 'action'> & {
  /** The page whose route action takes the form (a path of this site, with its query when it has one). */
  action: string;
  /** Replace the page's history entry with the action's answer instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position when the answer is the same page. */
  preventScrollReset?: boolean;
};

/**
 * A form posted to its page's route action: by the browser itself before the page hydrated or without JavaScript (the
 * BFF runs the action), through the data router once hydrated (`router.navigate` with the form's data: the same action
 * runs in the page, its pending state in `useNavigation()`, its refusal in the action data, its 303 a navigation).
 * React Router's own `<Form>` does this and more (relative actions, every method and encoding, fetchers); its code would
 * take the landing page's JavaScript past its budget, while the router's submission is already part of it. A handler
 * given as `onSubmit` runs first and keeps the form from being sent by preventing the event (a check in the browser).
 */
export function RouterForm({ action, replace = false, preventScrollReset = false, onSubmit, ...form }: RouterFormProps) {
  const router = useContext(DataRouterContext)?.router;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented || !router) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const submitter = event.submitter;
    if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name)
      data.append(submitter.name, submitter.value);
    // A form with a file goes as multipart (the router would otherwise send the file's name only).
    const multipart = event.currentTarget.enctype === 'multipart/form-data';
    void router.navigate(action, {
      formMethod: 'post',
      formData: data,
      replace,
      preventScrollReset,
      ...(multipart ? { formEncType: 'multipart/form-data' as const } : {}),
    });
  };
  return <form {...form} method="post" action={action} onSubmit={submit} />;
}

const pathOf = (to: string) => to.split('?')[0];

/**
 * The data of the form posted to `action` (its path; the query does not count) while the router is busy with it: its
 * action runs, or the pages' loaders run again after it (`withReload`, e.g. to show the form's choices until the page
 * has the saved ones). With `intent`, only the form of that `intent` field among those posted to the same page.
 */
export function usePendingForm(action: string, { intent, withReload = false }: { intent?: string; withReload?: boolean } = {}) {
  const navigation = useNavigation();
  const pending =
    (navigation.state === 'submitting' || (withReload && navigation.state === 'loading')) &&
    navigation.formAction !== undefined &&
    pathOf(navigation.formAction) === pathOf(action) &&
    (intent === undefined || navigation.formData?.get('intent') === intent);
  return pending ? (navigation.formData ?? null) : null;
}

/**
 * Whether a form posted to `action` (its path; the query does not count) is being sent through the router; with
 * `intent`, only the form of that `intent` field among those posted to the same page.
 */
export function useSubmitting(action: string, intent?: string): boolean {
  return usePendingForm(action, { intent }) !== null;
}

/**
 * Where the 303 of the form posted to `action` leads while the router runs that page's loaders (null otherwise, and
 * for an answer on the action's own path): the form's work is done and the next page not yet shown, the moment to
 * drop what the caches hold from before it. (Every page of the app has a loader; one without would show at once.)
 */
export function useFormRedirect(action: string, intent?: string): string | null {
  const navigation = useNavigation();
  const form = usePendingForm(action, { intent, withReload: true });
  if (!form || navigation.state !== 'loading' || navigation.location.pathname === pathOf(action)) return null;
  return `${navigation.location.pathname}${navigation.location.search}`;
}
