import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useDismissal } from '../hooks/use-dismissal';
import type { DismissKey } from '../lib/dismissals';

/**
 * A banner that the member can close; the time of closing is stored (cookie `dismissed_<key>`), so the
 * server does not render it again. `dismissKey` null = nothing to show.
 */
export function DismissibleAlert({
  dismissKey,
  tone,
  children,
  testId,
}: {
  dismissKey: DismissKey;
  tone: 'info' | 'warning';
  children: ReactNode;
  testId?: string;
}) {
  const intl = useIntl();
  const [at, dismiss] = useDismissal(dismissKey);
  if (at !== null) return null;
  return (
    <div className={`alert alert-${tone} alert-dismissible d-flex align-items-start gap-2 mb-2`} role="status" data-testid={testId}>
      <div className="flex-grow-1">{children}</div>
      <button
        type="button"
        className="btn-close"
        aria-label={intl.formatMessage({ id: 'banner.dismiss', defaultMessage: 'Close this message' })}
        onClick={dismiss}
      />
    </div>
  );
}
