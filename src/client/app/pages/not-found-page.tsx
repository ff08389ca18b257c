import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';

/** The 404 page (status set by the server from the route table). */
export function NotFoundPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'notFound.title', defaultMessage: 'This page could not be found' });
  return (
    <section className="surface text-center page-narrow my-4">
      <Seo title={title} />
      <p className="error-code mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h3">{title}</h1>
      <Link to="/" className="btn btn-primary mt-3">
        <FormattedMessage id="notFound.home" defaultMessage="Back to the home page" />
      </Link>
    </section>
  );
}
