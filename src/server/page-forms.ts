import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../client/app/routes';

/** The page route's resolved `lazy` (its module's exports), once per route. */
const resolved = new WeakMap<RouteObject, Promise<boolean>>();

async function hasAction(route: RouteObject): Promise<boolean> {
  if (typeof route.action === 'function') return true;
  if (typeof route.lazy !== 'function') return false;
  const exports = await route.lazy();
  return typeof exports.action === 'function';
}

/**
 * Whether the page at `path` takes a plain HTML form (a POST): its route — any route of the table, with parameters
 * or not (`/members/:id`, `/chats/:id`) — has an action. The BFF asks before it reads a posted form.
 */
export function pageTakesForm(path: string): Promise<boolean> {
  const route = matchRoutes(routes, path)?.at(-1)?.route;
  if (!route) return Promise.resolve(false);
  let known = resolved.get(route);
  if (!known) {
    known = hasAction(route).catch(() => false);
    resolved.set(route, known);
  }
  return known;
}
