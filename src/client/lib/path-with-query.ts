/**
 * The page's path and query as the browser reports them. A bare "?" is no query: react-router's StaticRouter keeps it
 * from the request URL ('/members?'), while the browser's location drops it. Anything the server renders from the
 * URL (hreflang alternates, language and country links) must come out the same in both, or hydration cannot adopt
 * the server's head tags and the browser adds a second set.
 */
export function pathWithQuery(location: { pathname: string; search: string }): string {
  return location.search.length > 1 ? `${location.pathname}${location.search}` : location.pathname;
}
