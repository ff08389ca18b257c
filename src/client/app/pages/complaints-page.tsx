import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Seo } from '../../components/seo';
import { ComplaintForm } from '../../features/info-pages/components/complaint-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';

/** /complaints: a working form (complaints.php stores it and mails support). `?profile=<id>` reports a member. */
export function ComplaintsPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [query] = useSearchParams();
  const raw = query.get('profile');
  const profileId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
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
