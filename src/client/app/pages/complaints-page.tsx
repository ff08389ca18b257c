import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Seo } from '../../components/seo';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { submitComplaint } from '../../features/info-pages/api/submit-complaint';
import { COMPLAINT_CATEGORIES, COMPLAINT_FORM, ComplaintForm } from '../../features/info-pages/components/complaint-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import type { PageActionArgs } from '../route-handle';

const profileIdOf = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * The complaint posted without JavaScript (or before the page hydrated): filed with the form's Idempotency-Key (a
 * repeated post files it once), then 303 to the page showing its reference; a refusal renders the form again with
 * the reason in the member's language and the fields kept.
 */
export async function complaintsAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const profileId = profileIdOf(new URL(request.url).searchParams.get('profile'));
  const raw = textField(form, 'category');
  const category = COMPLAINT_CATEGORIES.find((c) => c === raw) ?? 'other';
  const fields = {
    name: textField(form, 'name').trim(),
    email: textField(form, 'email').trim(),
    category,
    message: textField(form, 'message').trim(),
  };
  const key = idempotencyKeyOf(form);
  return runFormAction(
    COMPLAINT_FORM,
    { ...fields, [IDEMPOTENCY_FIELD]: key },
    () => submitComplaint(context.api, { ...fields, ...(profileId ? { profile_id: profileId } : {}) }, key),
    (receipt) => seeOther(`/complaints?filed=${encodeURIComponent(receipt.reference)}`),
  );
}

/** /complaints: a working form (complaints.php stores it and mails support). `?profile=<id>` reports a member. */
export function ComplaintsPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [query] = useSearchParams();
  const profileId = profileIdOf(query.get('profile'));
  const title = intl.formatMessage({ id: 'complaints.title', defaultMessage: 'Complaints' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold">{title}</h1>
        <p className="text-body-secondary">
          <FormattedMessage
            id="complaints.intro"
            defaultMessage="Not happy with something on {site}? Tell us here. Customer service reads every complaint and answers within 14 days. You can also e-mail {email}."
            values={{
              site: settings.name,
              email: (
                <a className="text-decoration-underline" href={`mailto:${settings.support_email}`}>
                  {settings.support_email}
                </a>
              ),
            }}
          />
        </p>
        <ComplaintForm key={user?.id ?? 'visitor'} user={user} profileId={profileId} />
      </div>
    </div>
  );
}
