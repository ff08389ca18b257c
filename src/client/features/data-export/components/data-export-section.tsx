import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { IdempotencyKeyField, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { useApi } from '../../../lib/api-client';
import type { ApiRequestError } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';
import { withHolder, type StatementHolder } from '../../../lib/statement-holder';
import { dataExportKey, getDataExport, type DataExportState } from '../api/data-export';

/** The request's form (its `intent`; the route actions of /settings and of the statement page take it). */
export const EXPORT_FORM = 'export';

/** While the archive is being built the state is asked again every few seconds. */
const PENDING_REFRESH_MS = 5000;

/**
 * "Download my data": asks for an archive of everything the site keeps about the member (at most once a day); a job
 * builds it and mails a link; while it is ready (48 hours) the link is shown here too. It opens only with his session,
 * or — `holder`, a suspended member without one — with his statement's token. The request is a form posted to `page`
 * (where the section is shown), whose route action asks with the form's Idempotency-Key — by the browser itself
 * without JavaScript, through the data router with it; the page's loader then brings the pending state.
 */
export function DataExportSection({ page, holder }: { page: string; holder?: StatementHolder }) {
  const intl = useIntl();
  const api = useApi();
  const { data, error } = useApiSWR(dataExportKey(holder), () => getDataExport(api, holder), {
    refreshInterval: (latest?: DataExportState) => (latest?.status === 'pending' ? PENDING_REFRESH_MS : 0),
  });
  const refused = useFormFailure(EXPORT_FORM);
  const form = useIdempotencyKey(refused?.fields.idempotency_key);
  const busy = useSubmitting(page, EXPORT_FORM);
  const failure = refused ? failureText(intl, refused.error) : null;

  if (error && !data) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return null;

  // The backend answers null once he may ask again.
  const waitUntil = data.next_request_at;
  return (
    <div data-testid="data-export" data-status={data.status}>
      <p>
        <FormattedMessage
          id="dataExport.intro"
          defaultMessage="Get a copy of your data: your account, profile and photos, your conversations, likes, payments and credits, your settings, devices and the decisions about you, as a zip file. You can ask once a day."
        />
      </p>
      {data.status === 'pending' ? (
        <p role="status" className="d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <FormattedMessage
            id="dataExport.pending"
            defaultMessage="We are preparing your data. We will e-mail you a link when it is ready; it will also appear here."
          />
        </p>
      ) : null}
      {data.status === 'ready' && data.download_path && data.expires_at ? (
        <div role="status" className="mb-3">
          <a className="btn btn-outline-primary" href={withHolder(data.download_path, holder)} download data-testid="data-export-download">
            <FormattedMessage id="dataExport.download" defaultMessage="Download your data (zip)" />
          </a>
          <p className="small text-body-secondary mt-2 mb-0">
            {holder ? (
              <FormattedMessage
                id="dataExport.readyUntilToken"
                defaultMessage="The link works until {date}."
                values={{ date: <FormattedDate value={data.expires_at} dateStyle="medium" timeStyle="short" /> }}
              />
            ) : (
              <FormattedMessage
                id="dataExport.readyUntil"
                defaultMessage="The link works until {date}, only while you are logged in."
                values={{ date: <FormattedDate value={data.expires_at} dateStyle="medium" timeStyle="short" /> }}
              />
            )}
          </p>
        </div>
      ) : null}
      {data.status === 'expired' ? (
        <p className="text-body-secondary">
          <FormattedMessage id="dataExport.expired" defaultMessage="Your last download link has expired." />
        </p>
      ) : null}
      {data.status === 'failed' ? (
        <Alert color="warning" fade={false}>
          <FormattedMessage id="dataExport.failed" defaultMessage="We could not prepare your data. Please ask again." />
        </Alert>
      ) : null}
      {waitUntil ? (
        <p className="small text-body-secondary" data-testid="data-export-wait">
          <FormattedMessage
            id="dataExport.onceADay"
            defaultMessage="You can ask again from {date}."
            values={{ date: <FormattedDate value={waitUntil} dateStyle="medium" timeStyle="short" /> }}
          />
        </p>
      ) : (
        <RouterForm action={page} preventScrollReset>
          <input type="hidden" name="intent" value={EXPORT_FORM} />
          <IdempotencyKeyField value={form.key} />
          <Button type="submit" color="primary" disabled={busy} data-testid="data-export-request">
            <FormattedMessage id="dataExport.request" defaultMessage="Download my data" />
          </Button>
        </RouterForm>
      )}
      {failure ? (
        <Alert color="danger" fade={false} className="mt-3 mb-0" role="alert">
          {failure}
        </Alert>
      ) : null}
    </div>
  );
}

/** A refusal in the member's language (the backend's message), else the generic "try again later". */
function failureText(intl: IntlShape, error: ApiRequestError | null): string {
  return error?.code && error.code !== 'internal_error'
    ? error.message
    : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
}
