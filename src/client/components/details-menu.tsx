import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A dropdown built on <details>/<summary>: it opens before hydration and without JavaScript; with JavaScript it
 * also closes on a click outside, on Escape and when the member goes to another page. A page that only rewrites its
 * own URL (a replace on the same path, such as /members restoring the last search on load) leaves it open, and so
 * does hydration: a menu opened while the page was loading stays open.
 */
export function DetailsMenu({
  label,
  summary,
  summaryClassName,
  className = '',
  children,
}: {
  /** Accessible name of the toggle button. */
  label: string;
  summary: ReactNode;
  summaryClassName: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigationType = useNavigationType();
  const seen = useRef({ key: location.key, pathname: location.pathname });
  // The history entry the menu was opened on. The router moves the URL before React shows the next page (a
  // transition); a menu opened in between belongs to that next page, and its arrival must not close it.
  const openedOn = useRef<string | null>(null);

  useEffect(() => {
    const before = seen.current;
    if (before.key === location.key) return;
    seen.current = { key: location.key, pathname: location.pathname };
    if (navigationType === 'REPLACE' && before.pathname === location.pathname) return;
    if (openedOn.current === location.key) return;
    if (ref.current) ref.current.open = false;
  }, [location.key, location.pathname, navigationType]);

  // Opened before hydration (the toggle event came before React listened): say so to assistive technology.
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const el = ref.current;
      if (el?.open && event.target instanceof Node && !el.contains(event.target)) el.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current;
      if (event.key === 'Escape' && el?.open) {
        el.open = false;
        el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details
      ref={ref}
      className={`menu ${className}`}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        openedOn.current = isOpen ? historyKey() : null;
        setOpen(isOpen);
      }}
    >
      <summary className={summaryClassName} role="button" aria-label={label} aria-expanded={open}>
        {summary}
      </summary>
      {children}
    </details>
  );
}

/** The key React Router's browser history keeps in the current entry's state (null elsewhere, as in a memory router). */
function historyKey(): string | null {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'key' in state && typeof state.key === 'string' ? state.key : null;
}
