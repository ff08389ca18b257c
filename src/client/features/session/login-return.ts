/**
 * Where a login may lead instead of the members' page: a page that asked a logged-out visitor to log in first and
 * named itself in `?return=`. Only the pages listed here qualify, each in its exact shape, so the parameter can never
 * send anyone to another site or to an arbitrary page.
 */
const RETURNS = [/^\/data-export\/download\?key=[0-9a-f]{32}$/];

/** The field (and the login page's query parameter) that carries the page to return to. */
export const RETURN_FIELD = 'return';

/** `raw` when it is a page a login may return to, else null. */
export function loginReturnOf(raw: unknown): string | null {
  return typeof raw === 'string' && RETURNS.some((shape) => shape.test(raw)) ? raw : null;
}

/** The login page that comes back to `page` (one of the pages above) once the visitor has logged in. */
export const loginPathFor = (page: string): string => `/login?${RETURN_FIELD}=${encodeURIComponent(page)}`;
