import { useIntl } from 'react-intl';
import { Spinner } from 'reactstrap';

export function Loading() {
  const intl = useIntl();
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner color="primary">{intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}</Spinner>
    </div>
  );
}
