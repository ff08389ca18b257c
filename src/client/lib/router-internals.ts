// The only module that imports React Router's UNSAFE_ exports (eslint.config.js forbids them everywhere else); what it
// reads and what to do when React Router changes it: docs/adr/0001-router-internals.md. Re-exports under the app's own
// names, no wrapper code: these are in every page's entry chunk, and the landing page's JavaScript budget is tight.
export {
  /**
   * The data router of the tree (`createBrowserRouter` in the browser, the static router on the server):
   * `useContext(DataRouterContext)?.router`. Its `navigate` with `formMethod: 'post'` sends a form to a route action
   * (components/router-form.tsx); its `fetch`, `getFetcher`, `deleteFetcher`, `subscribe` and `state.matches` run a
   * fetcher (components/router-fetcher.tsx); its `revalidate` runs the loaders again after a live event
   * (app/layouts/chat-realtime.tsx).
   */
  UNSAFE_DataRouterContext as DataRouterContext,
  /**
   * The router's state: `actionData` (what the route actions answered the form posted to this page, by route id; the
   * progressive forms and the login form) and `fetchers` (each fetcher's `state` and `formData`; useRouterFetcher).
   */
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  /**
   * The router's `basename` and `navigator.createHref`: the href of a link (components/link.tsx), as react-router's
   * `useHref` makes it, for a path that needs no resolving.
   */
  UNSAFE_NavigationContext as NavigationContext,
} from 'react-router';
