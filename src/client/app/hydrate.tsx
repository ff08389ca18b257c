import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouterContextProvider } from 'react-router';
import type { ApiClient } from '../../shared/api/client';
import { trackFetch } from '../lib/activity';
import { reloadAfterChunkError } from '../lib/chunk-reload';
import { endingSession, holdForLeaving, unlessLeaving } from '../lib/page-exit';
import { APP_STATE_ID, parseAppState } from '../lib/app-state';
import { holdsMemberData } from '../lib/device-member';
import { createBrowserApiClient } from '../lib/browser-api-client';
import type { Messages } from '../lib/i18n';
import { createAppStore, type AppStore } from '../lib/store/store';
import { Root } from './root';
import { resolveLazyRoutes } from './page-route';
import type { PageContext } from './route-handle';
import { preloadMemberParts } from './layouts/member-shell';
import { routes } from './routes';

/**
 * The page's compiled catalogue (a hashed, immutable file the page's bootstrap preloads with the entry; same mode and
 * credentials as the preload, so the browser reuses that download). Tried twice; null without it. The browser's build
 * carries no default texts (scripts/strip-default-messages.ts), so a page cannot hydrate without its catalogue.
 */
async function fetchCatalogue(url: string, fetchFn: typeof fetch = (input, init) => window.fetch(input, init)): Promise<Messages | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetchFn(url, { mode: 'cors', credentials: 'same-origin' });
      if (res.ok) return (await res.json()) as Messages;
    } catch {
      // network error: try once more
    }
  }
  return null;
}

/**
 * Without its catalogue the page reloads once (at most once a minute, as after a chunk that failed to load); else it
 * stays as the server rendered it, which works as the site does without JavaScript (links and forms).
 */
function withoutCatalogue(): never {
  try {
    reloadAfterChunkError(window.sessionStorage, () => window.location.reload());
  } catch {
    // Storage may be unavailable (private mode); then do not risk a reload loop.
  }
  throw new Error('The page could not load its texts; it stays as the server rendered it');
}

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`): the page's scripts load after its first paint
 * (server/boot-script.ts), so the browser's load event no longer says that the page works; end-to-end tests wait for
 * this instead.
 */
function MarkHydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    onHydrated();
  }, [onHydrated]);
  return children;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * What the visitor typed into the page's fields before it hydrated (its scripts load after the first paint): a
 * controlled field takes its state's value when React hydrates it, which wiped an e-mail address typed meanwhile.
 * Taken just before hydrating; the returned function types it in again afterwards, as a keystroke would (React's
 * onChange sees it and the state takes it).
 */
function typedBeforeHydration(doc: Document): () => void {
  const typed = [...doc.querySelectorAll<TextField>('input:not([type=hidden],[type=file],[type=checkbox],[type=radio]), textarea')]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected) continue;
      // Through the element's own setter React's tracker notes an empty field, through the prototype's the browser
      // takes the text: the input event is then a change to React.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

/**
 * The loaders' context in the browser, made for each navigation from the page's store (the member may have logged in or
 * out since): the same shape the server's loaders get, with the browser's API client.
 */
function browserPageContext(store: AppStore, api: ApiClient, sessionApi: ApiClient): PageContext {
  const { session, site } = store.getState();
  return {
    api,
    settings: site.settings,
    user: Promise.resolve(session.user),
    hasSession: session.user !== null,
    locale: site.locale,
    sessionEnded: holdForLeaving,
    endSession: (call) => endingSession(() => call(sessionApi)),
  };
}

/** Hydrates the server-rendered document with the state the server serialised into it and the page's catalogue. */
export async function hydrateApp(
  doc: Document,
  loadCatalogue: (url: string) => Promise<Messages | null> = fetchCatalogue,
): Promise<ReactRoot> {
  const stateJson = doc.getElementById(APP_STATE_ID)?.textContent ?? '';
  const state = parseAppState(stateJson);
  // The browser's client counts calls in flight for the navigation progress bar (lib/activity.ts); its code loads
  // with the first call, or (a member's page, which calls the API right away) before hydrating.
  const api = createBrowserApiClient({ baseUrl: '/api', fetch: trackFetch(unlessLeaving((input, init) => window.fetch(input, init))) });
  // The call that ends the session goes out past the page's held calls (PageContext.endSession).
  const sessionApi = createBrowserApiClient({ baseUrl: '/api', fetch: trackFetch((input, init) => window.fetch(input, init)) });
  const member = state.store.session.user !== null;
  // The catalogue, the matched routes' chunks (their `lazy`, resolved before the router is made) and, for a member, the members' chunk and the API client load side by
  // side; hydration starts with all of them, so the first render in the browser is the server's page (no suspense,
  // no mismatch).
  const [loaded] = await Promise.all([
    state.messages ?? (state.messagesUrl ? loadCatalogue(state.messagesUrl) : {}),
    resolveLazyRoutes(matchRoutes(routes, window.location.pathname) ?? []).catch(() => undefined),
    member ? preloadMemberParts().catch(() => undefined) : undefined,
    member ? api.ready().catch(() => undefined) : undefined,
  ]);
  const messages = loaded ?? withoutCatalogue();
  const store = createAppStore(state.store);
  // A member's data in the browser goes with his session (lib/member-device-data.ts): watched on a member's page, and
  // on a visitor's only while the browser still holds a member's data.
  if (member || holdsMemberData())
    void import('../lib/member-device-data').then(
      (data) => data.keepMemberDataWithSession(store, api),
      () => undefined,
    );
  // The router starts from the server's loader data: no loader runs again for the page it hydrates.
  const router = createBrowserRouter(routes, {
    hydrationData: { loaderData: state.loaderData, ...(state.actionData ? { actionData: state.actionData } : {}) },
    getContext: () => browserPageContext(store, api, sessionApi) as unknown as RouterContextProvider,
  });
  // Hydrated as a transition: React works through the page in slices of a few milliseconds and lets the browser
  // answer taps and paint in between (a default-priority hydration is one task: ~100 ms on a mid-range phone).
  let root: ReactRoot | undefined;
  const retype = typedBeforeHydration(doc);
  startTransition(() => {
    root = hydrateRoot(
      doc,
      <Root state={state} stateJson={stateJson} store={store} api={api} messages={messages}>
        <MarkHydrated onHydrated={retype}>
          <RouterProvider router={router} />
        </MarkHydrated>
      </Root>,
    );
  });
  return root as ReactRoot;
}
