import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { getRefundQuote, refundQuoteKey, requestRefund } from '../../features/credits/api/refunds';
import { pageWith, REFUND_FORM, REFUNDED, RefundPanel } from '../../features/credits/components/refund-panel';
import { dataExportKey, getDataExport, requestDataExport } from '../../features/data-export/api/data-export';
import { DataExportSection, EXPORT_FORM } from '../../features/data-export/components/data-export-section';
import {
  fileAppeal,
  getStatement,
  parseStatementId,
  statementKey,
  useStatement,
  type Statement,
} from '../../features/safety/api/statements';
import { APPEAL_FORM, AppealForm } from '../../features/safety/components/appeal-form';
import { StatementView } from '../../features/safety/components/statement-view';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import { useApi } from '../../lib/api-client';
import { isApiRequestError, type ApiFailure } from '../../lib/api-error';
import { useApiSWR } from '../../lib/api-swr';
import type { StatementHolder } from '../../lib/statement-holder';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { mergePrefetched, prefetchKey, searchOf, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

/** A valid token is hex; anything else is not sent (the statement then needs a session). */
const tokenOf = (raw: string | null) => (raw && /^[0-9a-f]{16,128}$/i.test(raw) ? raw : null);

/** Whether the statement is a suspension or ban that still holds (its member cannot log in). */
const stillSuspends = (statement: Statement): boolean =>
  (statement.action === 'suspend' || statement.action === 'ban') &&
  statement.reversed_at === null &&
  statement.until !== null &&
  (statement.until === 'infinity' || Date.parse(statement.until) > Date.now());

/** The page's 404, with the refusal under the statement's key: the page (rendered by the browser too) shows the 404 page. */
const notFound = (key: string, failure: ApiFailure): PrefetchResult => ({ status: 404, errors: { [key]: failure } });

export async function statementLoader({ params, request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const id = parseStatementId(params.id);
  if (!id) return { status: 404 };
  const token = tokenOf(searchOf(request).get('token'));
  // Without a token only the member it is about reads it: a visitor without a session gets the 404 at once.
  const key = statementKey(id, token);
  if (!token && !ctx.hasSession) return notFound(key, { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
  // Read with a token and no session, it may be a suspended member's: what he can still do (his refund, his data) is
  // loaded beside it, in the same wave; it is shown only when the statement still suspends him.
  const holder = token && !ctx.hasSession ? { statement: id, token } : null;
  const [result, quote, data] = await Promise.all([
    prefetchKey(key, () => getStatement(ctx.api, id, token)),
    holder ? prefetchKey(refundQuoteKey(holder), () => getRefundQuote(ctx.api, holder)) : ({} as PrefetchResult),
    holder ? prefetchKey(dataExportKey(holder), () => getDataExport(ctx.api, holder)) : ({} as PrefetchResult),
  ]);
  const failure = result.errors?.[key];
  if (failure && [400, 403, 404].includes(failure.status)) return notFound(key, failure);
  // A token of a member who may log in has no refund of its own (403): that answer is not kept.
  return mergePrefetched(result, { fallback: quote.fallback }, { fallback: data.fallback });
}

/**
 * The page's forms posted without JavaScript (or before the page hydrated), each with the form's Idempotency-Key (a
 * repeated post acts once) and the page's token. The appeal: 303 back to the statement, which shows the appeal; an
 * empty text comes back without a call; a refusal (the period is over, already appealed) renders the page again with
 * the reason in the member's language and his text kept. A suspended member's refund (`intent=refund`) and request
 * for his data (`intent=export`): 303 back to the statement, which shows them.
 */
export async function statementAction({ params, request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const id = parseStatementId(params.id);
  const token = tokenOf(searchOf(request).get('token'));
  const back = `/safety/statements/${params.id ?? ''}${token ? `?token=${token}` : ''}`;
  if (!id) return seeOther('/safety');
  const form = await request.formData();
  const intent = textField(form, 'intent');
  const holder: StatementHolder | undefined = token ? { statement: id, token } : undefined;
  if (intent === REFUND_FORM) {
    const raw = textField(form, 'payment_id');
    if (!/^\d{1,9}$/.test(raw)) return seeOther(back);
    const key = idempotencyKeyOf(form);
    return runFormAction(
      REFUND_FORM,
      { payment_id: raw, [IDEMPOTENCY_FIELD]: key },
      () => requestRefund(context.api, Number(raw), key, holder),
      () => seeOther(pageWith(back, REFUNDED, raw)),
    );
  }
  if (intent === EXPORT_FORM) {
    const key = idempotencyKeyOf(form);
    return runFormAction(
      EXPORT_FORM,
      { [IDEMPOTENCY_FIELD]: key },
      () => requestDataExport(context.api, key, holder),
      () => seeOther(back),
    );
  }
  const text = textField(form, 'text').trim().slice(0, 4000);
  const key = idempotencyKeyOf(form);
  const fields = { text, [IDEMPOTENCY_FIELD]: key };
  if (text === '') return { form: APPEAL_FORM, status: 400, body: { error: { code: 'bad_request', message: '' } }, fields };
  return runFormAction(
    APPEAL_FORM,
    fields,
    () => fileAppeal(context.api, { decision: id, text, ...(token ? { token } : {}) }, key),
    () => seeOther(back),
  );
}

/**
 * /safety/statements/:id (`?token=` from the mail or the refused login): the statement of reasons with the appeal form
 * and the appeal's state. A suspended member reads it logged out, with the token.
 */
export function StatementPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const id = parseStatementId(useParams().id);
  const [search] = useSearchParams();
  const token = tokenOf(search.get('token'));
  const { data, error } = useStatement(id, token);
  const refreshUser = useRefreshUser();
  const unread = user?.unread_statement?.id ?? null;
  useEffect(() => {
    // Opened by its member, the statement is read (the backend marked it as it answered): the notice of it on his pages
    // goes now, not at the next refresh of his user.
    if (data && unread === data.id) void refreshUser();
  }, [data, unread, refreshUser]);
  if (!id || (error && [400, 403, 404].includes(error.status))) return <NotFoundPage />;
  if (error) return <ErrorPage status={error.status} />;
  if (!data) return <Loading />;
  const title = intl.formatMessage({ id: 'safety.statement.title', defaultMessage: 'Statement of reasons' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        <StatementView statement={data} />
        <AppealForm statement={data} token={token} />
        {!user && token && stillSuspends(data) ? (
          <StillYours page={`/safety/statements/${data.id}?token=${token}`} holder={{ statement: data.id, token }} />
        ) : null}
        {user ? (
          <p className="mt-3 mb-0">
            <Link to="/safety">
              <FormattedMessage id="safety.statement.back" defaultMessage="All reports and decisions" />
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * What a suspended member can still do without a session: the refund of his unused credits, and his data — with the
 * token of his refused login only. The statement mail's token reads the statement and nothing more (its export
 * answers 404): he is told to log in with his password, which brings him back here with a token that does.
 */
function StillYours({ page, holder }: { page: string; holder: StatementHolder }) {
  const api = useApi();
  const { data, error } = useApiSWR(dataExportKey(holder), () => getDataExport(api, holder));
  if (!data && isApiRequestError(error) && [403, 404].includes(error.status)) {
    return (
      <p className="mt-4 border-top pt-3 mb-0" data-testid="still-yours-login">
        <FormattedMessage
          id="safety.statement.logInForMore"
          defaultMessage="To get back what you paid for unused credits or to download your data, log in with your password: the login tells you of the suspension and brings you back here with both."
        />{' '}
        <Link to="/login">
          <FormattedMessage id="login.title" defaultMessage="Log in" />
        </Link>
      </p>
    );
  }
  if (!data) return null;
  return (
    <div className="mt-4 border-top pt-3" data-testid="still-yours">
      <p>
        <FormattedMessage
          id="safety.statement.stillYours"
          defaultMessage="While your account is suspended you can still get back what you paid for unused credits and download your data."
        />
      </p>
      <RefundPanel page={page} holder={holder} />
      <section className="mt-3" aria-labelledby="statement-data-export">
        <h2 id="statement-data-export" className="h5">
          <FormattedMessage id="dataExport.title" defaultMessage="Download my data" />
        </h2>
        <DataExportSection page={page} holder={holder} />
      </section>
    </div>
  );
}
