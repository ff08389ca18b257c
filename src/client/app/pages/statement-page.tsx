import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { fileAppeal, getStatement, parseStatementId, statementKey, useStatement } from '../../features/safety/api/statements';
import { APPEAL_FORM, AppealForm } from '../../features/safety/components/appeal-form';
import { StatementView } from '../../features/safety/components/statement-view';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, searchOf, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

/** A valid token is hex; anything else is not sent (the statement then needs a session). */
const tokenOf = (raw: string | null) => (raw && /^[0-9a-f]{16,128}$/i.test(raw) ? raw : null);

export async function statementLoader({ params, request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const id = parseStatementId(params.id);
  if (!id) return { status: 404 };
  const token = tokenOf(searchOf(request).get('token'));
  // Without a token only the member it is about reads it: a visitor without a session gets the 404 at once.
  if (!token && !ctx.hasSession) return { status: 404 };
  const key = statementKey(id, token);
  const result = await prefetchKey(key, () => getStatement(ctx.api, id, token));
  const failure = result.errors?.[key];
  return failure && [400, 403, 404].includes(failure.status) ? { status: 404 } : result;
}

/**
 * The appeal posted without JavaScript (or before the page hydrated): filed with the form's Idempotency-Key (a repeated
 * post files it once) and the page's token, then 303 back to the statement, which shows the appeal. An empty text
 * comes back without a call; a refusal (the period is over, already appealed) renders the page again with the reason
 * in the member's language and his text kept.
 */
export async function statementAction({ params, request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const id = parseStatementId(params.id);
  const token = tokenOf(searchOf(request).get('token'));
  const back = `/safety/statements/${params.id ?? ''}${token ? `?token=${token}` : ''}`;
  if (!id) return seeOther('/safety');
  const form = await request.formData();
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
  const { data, error, mutate } = useStatement(id, token);
  if (!id || (isApiRequestError(error) && [400, 403, 404].includes(error.status))) return <NotFoundPage />;
  if (error) return <ErrorPage status={isApiRequestError(error) ? error.status : 500} />;
  if (!data) return <Loading />;
  const title = intl.formatMessage({ id: 'safety.statement.title', defaultMessage: 'Statement of reasons' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        <StatementView statement={data} />
        <AppealForm statement={data} token={token} onFiled={(appeal) => void mutate({ ...data, appeal }, { revalidate: false })} />
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
