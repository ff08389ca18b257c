import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { useLocale, useSettings } from '../../lib/store/store';
import { CountryPicker } from '../../features/site/components/country-picker';
import { RightsLine, useLegalLinks } from '../../features/shell/components/legal-links';
import { UsFooter } from './us-footer';

/**
 * The legal footer. Inside the members' area (a member's page that is not an information page) phones leave it out:
 * the tab bar's "me" page lists the same links there; wider screens keep it under the page.
 */
export function SiteFooter({ inMembersArea = false }: { inMembersArea?: boolean }) {
  const intl = useIntl();
  const settings = useSettings();
  const locale = useLocale();
  const legal = useLegalLinks();
  const links: Array<[string, string]> = [
    ...legal,
    ['/lang-config', intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' })],
  ];
  return (
    <footer className={inMembersArea ? 'site-footer site-footer-members' : 'site-footer'}>
      <div className="container">
        <nav aria-label={intl.formatMessage({ id: 'footer.nav', defaultMessage: 'Information' })}>
          <ul className="footer-links">
            {links.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${settings.support_email}`}>
                <FormattedMessage id="footer.support" defaultMessage="Support" />
              </a>
            </li>
          </ul>
        </nav>
        <div className="mb-2 small">
          <CountryPicker />
        </div>
        {locale === 'en' && settings.us_footer ? <UsFooter /> : null}
        <p className="mb-0 small">
          <RightsLine />
        </p>
      </div>
    </footer>
  );
}
