import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Seo } from '../../components/seo';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { submitNotice } from '../../features/safety/api/reports';
import { NOTICE_FORM, NoticeForm, noticeProblems } from '../../features/safety/components/notice-form';
import { useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

/**
 * The notice posted without JavaScript (or before the page hydrated): sent with the form's Idempotency-Key (a repeated
 * post sends it once), then 303 to the page showing its reference. A notice with a field missing or wrong comes back
 * without a call, as the backend would refuse it; a refusal of the backend renders the form again with the reason in
 * the visitor's language. The fields are kept either way.
 */
export async function reportContentAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const fields = {
    name: textField(form, 'name').trim(),
    email: textField(form, 'email').trim(),
    url: textField(form, 'url').trim().slice(0, 2000),
    explanation: textField(form, 'explanation').trim(),
    good_faith: textField(form, 'good_faith') === 'on' ? 'on' : '',
  };
  const key = idempotencyKeyOf(form);
  const kept = { ...fields, [IDEMPOTENCY_FIELD]: key };
  if (noticeProblems(fields).length > 0)
    return { form: NOTICE_FORM, status: 400, body: { error: { code: 'bad_request', message: '' } }, fields: kept };
  return runFormAction(
    NOTICE_FORM,
    kept,
    () =>
      submitNotice(
        context.api,
        { name: fields.name, email: fields.email, content_url: fields.url, explanation: fields.explanation, good_faith: true },
        key,
      ),
    (receipt) => seeOther(`/report-content?sent=${encodeURIComponent(receipt.reference)}`),
  );
}

/** /report-content: anyone, also a visitor, tells us of content he considers illegal (`?url=` fills in its address). */
export function ReportContentPage() {
  const intl = useIntl();
  const settings = useSettings();
  const [search] = useSearchParams();
  const title = intl.formatMessage({ id: 'safety.notice.title', defaultMessage: 'Report illegal content' });
  const sent = search.get('sent');
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-2">{title}</h1>
        <p className="text-body-secondary">
          <FormattedMessage
            id="safety.notice.intro"
            defaultMessage="Tell us where the content is and why you think it is illegal. A moderator looks at every notice; we send you a confirmation and our decision by e-mail. Members can also report a profile, photo or message directly from its menu."
          />
        </p>
        <NoticeForm initialUrl={(search.get('url') ?? '').slice(0, 2000)} sent={sent && /^N-\d{6,}$/.test(sent) ? sent : null} />
      </div>
    </div>
  );
}
