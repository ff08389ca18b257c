import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { useLocale, useSettings } from '../../lib/store/store';
import { CountryPicker } from '../../features/site/components/country-picker';
import { UsFooter } from './us-footer';

const RIGHTS_YEAR = 2025;

export function SiteFooter() {
  const intl = useIntl();
  const settings = useSettings();
  const locale = useLocale();
  const links: Array<[string, string]> = [
    ['/pages/terms', intl.formatMessage({ id: 'footer.terms', defaultMessage: 'Terms and conditions' })],
    ['/pages/privacy', intl.formatMessage({ id: 'footer.privacy', defaultMessage: 'Privacy' })],
    ['/pages/cookies', intl.formatMessage({ id: 'footer.cookies', defaultMessage: 'Cookies' })],
    ['/pages/ban', intl.formatMessage({ id: 'footer.ban', defaultMessage: 'Ban policy' })],
    ['/pricing', intl.formatMessage({ id: 'footer.pricing', defaultMessage: 'Pricing' })],
    ['/complaints', intl.formatMessage({ id: 'footer.complaints', defaultMessage: 'Complaints' })],
    ['/report-content', intl.formatMessage({ id: 'safety.footer.reportContent', defaultMessage: 'Report illegal content' })],
    ['/pages/return-policy', intl.formatMessage({ id: 'footer.returnPolicy', defaultMessage: 'Return policy' })],
    ['/pages/faq', intl.formatMessage({ id: 'footer.faq', defaultMessage: 'FAQ' })],
    ['/lang-config', intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' })],
  ];
  return (
    <footer className="site-footer">
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
          <FormattedMessage
            id="footer.rights"
            defaultMessage="© {year} {site}. All rights reserved."
            values={{ year: RIGHTS_YEAR, site: settings.name }}
          />
        </p>
      </div>
    </footer>
  );
}
