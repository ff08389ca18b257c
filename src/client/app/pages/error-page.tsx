import { FormattedMessage, useIntl } from 'react-intl';
import { Seo } from '../../components/seo';

/** The message (default 'Error') and the status code (default 500). */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string | undefined }) {
  const intl = useIntl();
  const text = message ?? intl.formatMessage({ id: 'error.title', defaultMessage: 'Error' });
  return (
    <section className="surface text-center page-narrow my-4">
      <Seo title={text} />
      <p className="error-code mb-2">{status}</p>
      <h1 className="h3">{text}</h1>
      <p className="text-body-secondary">
        <FormattedMessage id="error.generic" defaultMessage="An error occurred." />
      </p>
      <a href="/" className="btn btn-primary">
        <FormattedMessage id="notFound.home" defaultMessage="Back to the home page" />
      </a>
    </section>
  );
}

/** Shown when the error page itself fails: no layout, no data, just a way home. */
export function ErrorPageFailed() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h4">
        <FormattedMessage id="error.pageFailed" defaultMessage="An error occurred while showing the error page" />
      </h1>
      <a href="/" className="btn btn-primary mt-3">
        <FormattedMessage id="error.goHome" defaultMessage="Go to the home page" />
      </a>
    </main>
  );
}
