import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { DetailsMenu } from '../../../components/details-menu';
import type { ReportTarget } from '../api/reports';

/** The dialog's code (its form fields and their texts) loads on the first open: menus sit on every card of the grid. */
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportMenuItem {
  label: string;
  target: ReportTarget;
  /** The report page of the target (reportPagePath): where the item leads without JavaScript, and where the dialog posts. */
  href: string;
}

/**
 * A "…" menu whose items open the report dialog for a profile, a message or a photo; each item is a link to the report
 * page, so it works without JavaScript too. The dialog lives beside the menu, so closing the menu leaves it open.
 */
export function ReportMenu({
  name,
  items,
  label,
  className = '',
  summaryClassName = 'btn btn-light safety-menu-toggle',
}: {
  /** The member the content belongs to. */
  name: string;
  items: readonly ReportMenuItem[];
  /** Accessible name of the toggle; "More for {name}" by default. */
  label?: string;
  className?: string;
  summaryClassName?: string;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState<ReportMenuItem | null>(null);
  return (
    <>
      <DetailsMenu
        label={label ?? intl.formatMessage({ id: 'safety.menu.label', defaultMessage: 'More for {name}' }, { name })}
        summary={<span aria-hidden="true">⋯</span>}
        summaryClassName={summaryClassName}
        className={`safety-menu ${className}`}
      >
        <ul className="menu-list">
          {items.map((item) => (
            <li key={`${item.target.kind}-${item.target.id}`}>
              {/* A link to the report page; with JavaScript it opens the dialog in place. */}
              <a
                href={item.href}
                className="menu-item text-danger"
                onClick={(event) => {
                  event.preventDefault();
                  event.currentTarget.closest('details')?.removeAttribute('open');
                  setOpen(item);
                }}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </DetailsMenu>
      {/* Opened by a click only (never on the server): the dialog goes to the body, above fixed bars such as the
          phone's action bar. */}
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <ReportDialog target={open.target} page={open.href} name={name} onClose={() => setOpen(null)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
