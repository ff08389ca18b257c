import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { Seo } from '../../components/seo';
import { getProfile, parseProfileId, profileKey, useProfile } from '../../features/profile/api/get-profile';
import { reportContent, type ReportTarget } from '../../features/safety/api/reports';
import { reasonOf, REPORT_FORM, ReportPageForm } from '../../features/safety/components/report-page-form';
import { reportPagePath } from '../../features/safety/report-path';
import { SafetyEntryLink } from '../../features/safety/components/safety-entry';
import { MAX_DETAILS } from '../../features/safety/components/report-fields';
import { isApiRequestError } from '../../lib/api-error';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import { prefetchKey, searchOf, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

/** What the page reports: `?message=<id>` or `?photo=<id>` of the member, else his profile. */
function targetOf(memberId: number, search: URLSearchParams): ReportTarget {
  for (const kind of ['message', 'photo'] as const) {
    const id = parseProfileId(search.get(kind) ?? undefined);
    if (id) return { kind, id };
  }
  return { kind: 'profile', id: memberId };
}

export async function reportLoader({ params, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const id = parseProfileId(params.id);
  if (!id) return { status: 404 };
  const result = await prefetchKey(profileKey(id), () => getProfile(ctx.api, id));
  const failure = result.errors?.[profileKey(id)];
  return failure && (failure.status === 404 || failure.status === 400) ? { status: 404 } : result;
}

/**
 * The report posted without JavaScript (or before the page hydrated): filed with the form's Idempotency-Key (a
 * repeated post files it once), then 303 to the page showing the reference, or to the search (which shows it too) when he
 * also blocked the member. A report without a reason, or about illegal content without details, comes back without a call; a refusal
 * renders the form again with the reason in the member's language and the fields kept.
 */
export async function reportAction({ params, request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const memberId = parseProfileId(params.id);
  if (!memberId) return seeOther('/members');
  const target = targetOf(memberId, searchOf(request));
  const form = await request.formData();
  const reason = reasonOf(textField(form, 'reason'));
  const details = textField(form, 'details').trim().slice(0, MAX_DETAILS);
  const alsoBlock = textField(form, 'also_block') === 'on';
  const key = idempotencyKeyOf(form);
  const fields = { reason: reason ?? '', details, also_block: alsoBlock ? 'on' : '', [IDEMPOTENCY_FIELD]: key };
  const missing = !reason ? 'reason_required' : reason === 'illegal' && details === '' ? 'details_required' : null;
  if (!reason || missing) return { form: REPORT_FORM, status: 400, body: { error: { code: missing, message: '' } }, fields };
  const page = reportPagePath(memberId, target);
  return runFormAction(
    REPORT_FORM,
    fields,
    () => reportContent(context.api, { target, reason, also_block: alsoBlock, ...(details ? { details } : {}) }, key),
    (receipt) =>
      seeOther(
        receipt.blocked
          ? `/members?blocked=1&reported=${receipt.reference}`
          : `${page}${target.kind === 'profile' ? '?' : '&'}sent=${receipt.reference}`,
      ),
  );
}

/** /members/:id/report (`?message=` or `?photo=`): the report form as a page, for a member's menu without JavaScript. */
export function ReportPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const id = parseProfileId(useParams().id);
  const [search] = useSearchParams();
  const { data, error } = useProfile(id);
  if (!id || (isApiRequestError(error) && (error.status === 404 || error.status === 400))) return <NotFoundPage />;
  if (error) return <ErrorPage status={isApiRequestError(error) ? error.status : 500} />;
  if (!data) return <Loading />;
  const target = targetOf(id, search);
  const name = data.name;
  const title =
    target.kind === 'profile'
      ? intl.formatMessage({ id: 'safety.report.titleProfile', defaultMessage: 'Report {name}' }, { name })
      : target.kind === 'message'
        ? intl.formatMessage({ id: 'safety.report.titleMessage', defaultMessage: 'Report a message from {name}' }, { name })
        : intl.formatMessage({ id: 'safety.report.titlePhoto', defaultMessage: 'Report a photo of {name}' }, { name });
  const sent = search.get('sent');
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {sent && /^R-\d{6,}$/.test(sent) ? (
          <div className="alert alert-success mb-0" role="status" data-testid="report-receipt">
            <p className="fw-bold">
              <FormattedMessage
                id="safety.report.received"
                defaultMessage="Thank you. We received your report {reference}."
                values={{ reference: sent }}
              />
            </p>
            <p className="mb-0">
              <FormattedMessage
                id="safety.report.receivedText"
                defaultMessage="A moderator will look at it. {name} is not told who reported him. You will find the outcome in your account, under {safety}."
                values={{ name, safety: <SafetyEntryLink /> }}
              />
            </p>
          </div>
        ) : user ? (
          <ReportPageForm action={reportPagePath(id, target)} name={name} />
        ) : (
          <p className="mb-0">
            <Link to="/login">
              <FormattedMessage id="safety.report.loginFirst" defaultMessage="Log in to report content." />
            </Link>
          </p>
        )}
        <p className="mt-3 mb-0">
          <Link to={`/members/${id}`}>
            <FormattedMessage id="safety.report.backToProfile" defaultMessage="Back to {name}" values={{ name }} />
          </Link>
        </p>
      </div>
    </div>
  );
}
