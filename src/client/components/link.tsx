import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type RelativeRoutingType, type To } from 'react-router';

/**
 * The site's links: react-router's <Link> and <NavLink> as its documented building blocks make them —
 * `useHref` for the href, `useLinkClickHandler` for the client-side navigation on a plain left click (a modified click,
 * `target="_blank"` or a download stay the browser's). react-router's own components also bring its framework mode's
 * route discovery and link prefetching (a few KB in every page's entry), which this site, a declarative router,
 * never uses. Same markup as react-router's minus its framework-mode `data-discover` attribute.
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

export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  relative,
  reloadDocument,
  target,
  onClick,
  ref,
  children,
  ...rest
}: LinkProps) {
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(external ? '.' : to, relative ? { relative } : undefined);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(external ? '.' : to, {
    ...(replace === undefined ? {} : { replace }),
    ...(state === undefined ? {} : { state }),
    ...(target === undefined ? {} : { target }),
    ...(preventScrollReset === undefined ? {} : { preventScrollReset }),
    ...(relative === undefined ? {} : { relative }),
  });
  const spa = !external && !reloadDocument;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return (
    <a {...rest} ref={ref} href={external ? (to as string) : href} target={target} onClick={spa ? handleClick : onClick}>
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
