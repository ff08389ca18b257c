import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Esc and the backdrop close the dialog only when this is given (some dialogs must be answered). */
  onDismiss?: () => void;
  className?: string;
  testId?: string;
}

/**
 * An accessible modal dialog rendered in place (so the server renders it too): role=dialog, aria-modal, labelled by
 * its title, focus moved into it on mount and kept inside with Tab/Shift+Tab, Esc closes when allowed, focus
 * returns to where it was when it closes.
 */
export function Modal({ title, children, footer, onDismiss, className, testId }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  // Keyboard handling as a native listener on the dialog: Esc (when allowed) and a Tab focus trap.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissRef.current) {
        event.stopPropagation();
        dismissRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      previous?.focus();
    };
  }, []);

  return (
    <div className={`app-modal ${className ?? ''}`} data-testid={testId}>
      {/* The backdrop is a mouse convenience only; keyboard users close with Esc or the dialog's own buttons. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="app-modal-backdrop" onClick={onDismiss} />
      <div ref={ref} className="app-modal-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId} className="h4 app-modal-title">
          {title}
        </h2>
        <div className="app-modal-body">{children}</div>
        {footer ? <div className="app-modal-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
