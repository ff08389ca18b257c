import { useIntl } from 'react-intl';

export function Loading() {
  const intl = useIntl();
  return (
    <div className="d-flex justify-content-center py-5">
      {/* Bootstrap's spinner as plain markup: every page's entry carries no reactstrap. */}
      <div role="status" className="spinner-border text-primary">
        <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}</span>
      </div>
    </div>
  );
}
