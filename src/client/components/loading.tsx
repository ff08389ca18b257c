import { FormattedMessage } from 'react-intl';

export function Loading() {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </span>
    </div>
  );
}
