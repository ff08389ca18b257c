import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { LogoutForm } from '../../features/session/components/logout-form';
import { OwnAvatar } from '../../features/session/components/own-avatar';
import { RightsLine, useLegalLinks } from '../../features/shell/components/legal-links';
import { SafetyEntryLabel } from '../../features/safety/components/safety-entry';
import { languageName } from '../../features/site/language-links';
import { useCurrentUser, useLocale, useSettings } from '../../lib/store/store';

/**
 * /me, the "me" tab: what the account menu holds on wider screens (profile, money, settings, the console, language,
 * logout), "Safety" (his reports and their outcomes, the decisions about him and his appeals: /safety, the entry a
 * report's receipt points to, by the same word) and, below it, the legal pages the footer lists outside the members' area. Plain links and a plain form,
 * so it works before hydration and without JavaScript.
 */
export function MePage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const locale = useLocale();
  const legal = useLegalLinks();
  const title = intl.formatMessage({ id: 'me.title', defaultMessage: 'Your account' });

  if (!user) {
    return (
      <div className="surface page-narrow">
        <Seo title={`${title} | ${settings.name}`} />
        <h1 className="h3">{title}</h1>
        <p>
          <FormattedMessage id="me.login" defaultMessage="Log in to see your account." />
        </p>
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" defaultMessage="Log in" />
        </Link>
      </div>
    );
  }

  const { name } = user.profile;
  const moderator = user.role === 'moderator' || user.role === 'admin';
  return (
    <div className="me-page page-narrow">
      <Seo title={`${title} | ${settings.name}`} />
      <div className="me-head">
        <OwnAvatar user={user} cdnPrefix={settings.cdn_prefix} className="me-avatar" size={64} />
        <div className="min-w-0">
          <h1 className="h4 mb-1 text-break">{name}</h1>
          <Link to="/profile" className="small">
            <FormattedMessage id="me.editProfile" defaultMessage="Edit my profile and photos" />
          </Link>
        </div>
      </div>

      <nav aria-label={title}>
        <ul className="list-group me-list mb-4">
          {user.paid_user ? (
            <>
              <li className="list-group-item">
                <Link to="/credits">
                  <FormattedMessage id="credits.title" defaultMessage="Buy credits" />
                  <span className="badge rounded-pill text-bg-secondary">
                    {intl.formatMessage(
                      { id: 'nav.creditsLeft', defaultMessage: '{credits, plural, one {# credit} other {# credits}} left' },
                      { credits: user.credits },
                    )}
                  </span>
                </Link>
              </li>
              <li className="list-group-item">
                <Link to="/transactions">
                  <FormattedMessage id="transactions.title" defaultMessage="My transactions" />
                </Link>
              </li>
            </>
          ) : (
            <li className="list-group-item">
              <Link to="/premium">
                <FormattedMessage id="nav.getPremium" defaultMessage="Get Premium" />
              </Link>
            </li>
          )}
          <li className="list-group-item">
            <Link to="/notifications">
              <FormattedMessage id="nav.settings" defaultMessage="Settings" />
            </Link>
          </li>
          <li className="list-group-item">
            <Link to="/safety" data-testid="me-safety">
              <span className="d-flex flex-column">
                <span data-testid="me-safety-name">
                  <SafetyEntryLabel />
                </span>
                <span className="small text-body-secondary">
                  <FormattedMessage id="me.safety.hint" defaultMessage="Your reports, decisions about you and your appeals" />
                </span>
              </span>
              {user.unread_statement ? (
                <span className="badge rounded-pill text-bg-danger">
                  <FormattedMessage id="me.safety.unread" defaultMessage="New decision" />
                </span>
              ) : null}
            </Link>
          </li>
          {moderator ? (
            <li className="list-group-item">
              <Link to="/moderation">
                <FormattedMessage id="nav.moderation" defaultMessage="Photo moderation" />
              </Link>
            </li>
          ) : null}
          <li className="list-group-item">
            <Link to="/lang-config">
              <FormattedMessage id="nav.language" defaultMessage="Language" />
              <span className="text-body-secondary small" lang={locale}>
                {languageName(locale)}
              </span>
            </Link>
          </li>
          <li className="list-group-item">
            <LogoutForm />
          </li>
        </ul>
      </nav>

      <nav aria-labelledby="me-information">
        <h2 id="me-information" className="h6 text-uppercase text-body-secondary">
          <FormattedMessage id="footer.nav" defaultMessage="Information" />
        </h2>
        <ul className="list-group me-list mb-3">
          {legal.map(([to, label]) => (
            <li key={to} className="list-group-item">
              <Link to={to}>{label}</Link>
            </li>
          ))}
          <li className="list-group-item">
            <a href={`mailto:${settings.support_email}`}>
              <FormattedMessage id="footer.support" defaultMessage="Support" />
            </a>
          </li>
        </ul>
      </nav>
      <p className="small text-body-secondary">
        <RightsLine />
      </p>
    </div>
  );
}
