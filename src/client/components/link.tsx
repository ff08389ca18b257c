import { useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { createPath, parsePath, useLocation, useResolvedPath, type Path, type RelativeRoutingType, type To } from 'react-router';
import { DataRouterContext, NavigationContext } from '../lib/router-internals';

/**
 * The site's links: what react-router's <Link> does — the href its navigator makes (under the router's basename), and
 * a client-side navigation on a plain left click (a modified click, `target="_blank"` or a download stay the
 * browser's), replacing the history entry when the link points where the page already is. react-router's own
 * components also bring its framework mode's route discovery and link prefetching (a few KB in every page's entry),
 * which this site, a declarative router, never uses. Same markup as react-router's minus its framework-mode
 * `data-discover` attribute.
 *
 * A path from the site's root (`/members/5?page=2`, nearly every link) is its own resolved path: no route is asked to
 * resolve it. react-router's `useHref` and `useLinkClickHandler` each resolved every link against the matched routes
 * (serialising their paths to JSON and back): on a member list of 25 cards, a twentieth of the page's render. A
 * relative link is resolved once, against the routes it renders in.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  relative?: RelativeRoutingType;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A URL with a scheme or protocol-relative: another site, left to the browser (react-router does the same). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function Link(props: LinkProps) {
  const { to } = props;
  if (typeof to !== 'string') return <ResolvedLink {...props} />;
  if (ABSOLUTE_URL.test(to)) {
    const {
      replace: _replace,
      state: _state,
      preventScrollReset: _reset,
      relative: _relative,
      reloadDocument: _reload,
      children,
      ...anchor
    } = props;
    return (
      <a {...anchor} href={to}>
        {children}
      </a>
    );
  }
  return to.startsWith('/') ? <PathLink {...props} path={parsePath(to)} /> : <ResolvedLink {...props} />;
}

/** A relative link (`#signup`, `../edit`, an object): resolved against the routes it renders in. */
function ResolvedLink(props: LinkProps) {
  const path = useResolvedPath(props.to, props.relative ? { relative: props.relative } : undefined);
  return <PathLink {...props} path={path} />;
}

/**
 * A link to a resolved path. Its href is made as `useHref` makes it (under the router's basename, by its navigator); a
 * plain left click in this tab that no handler took goes through the router's navigator, which is what `useNavigate`
 * calls too (the data router's navigates it; under a router without data, a component's test, it is the history), and
 * replaces the history entry when the link points where the page already is.
 */
function PathLink({
  path,
  to: _to,
  relative: _relative,
  replace,
  state,
  preventScrollReset,
  reloadDocument,
  target,
  onClick,
  ref,
  children,
  ...rest
}: LinkProps & { path: Partial<Path> }) {
  const { basename, navigator } = useContext(NavigationContext);
  const dataRouter = useContext(DataRouterContext);
  const location = useLocation();
  const pathname = path.pathname ?? '/';
  // The data router adds the basename itself; a history is given the whole path.
  const full = {
    ...path,
    pathname: basename === '/' ? pathname : pathname === '/' ? basename : `${basename}/${pathname}`.replace(/\/\/+/g, '/'),
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const to = dataRouter ? path : full;
    const options = preventScrollReset === undefined ? undefined : { preventScrollReset };
    if (replace ?? createPath(location) === createPath(path)) navigator.replace(to, state, options);
    else navigator.push(to, state, options);
  };
  return (
    <a {...rest} ref={ref} href={navigator.createHref(full)} target={target} onClick={reloadDocument ? onClick : handleClick}>
      {children}
    </a>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Matches the location only exactly, not its descendants (`/members` is not active on `/members/12`). */
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}

/**
 * A link that knows whether it points at the current location: then it has the `active` class (after its own) and
 * `aria-current="page"` — react-router's rule, for a declarative router (no pending navigations to show).
 */
export function NavLink({ end = false, caseSensitive = false, className = '', children, to, ...rest }: NavLinkProps) {
  const path = useResolvedPath(to, rest.relative ? { relative: rest.relative } : undefined);
  let here = useLocation().pathname;
  let target = path.pathname;
  if (!caseSensitive) {
    here = here.toLowerCase();
    target = target.toLowerCase();
  }
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === '/');
  const classes =
    typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link {...rest} to={to} className={classes} aria-current={isActive ? (rest['aria-current'] ?? 'page') : undefined}>
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}
