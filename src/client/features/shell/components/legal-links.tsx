import { FormattedMessage, useIntl } from 'react-intl';
import { useSettings } from '../../../lib/store/store';

/**
 * The site's legal and information pages, in the order members expect them: the footer of the landing and info pages
 * lists them, and inside the members' area the "me" page does (a member's pages have no footer on phones).
 */
export function useLegalLinks(): Array<[to: string, label: string]> {
  const intl = useIntl();
  return [
    ['/pages/terms', intl.formatMessage({ id: 'footer.terms', defaultMessage: 'Terms and conditions' })],
    ['/pages/privacy', intl.formatMessage({ id: 'footer.privacy', defaultMessage: 'Privacy' })],
    ['/pages/cookies', intl.formatMessage({ id: 'footer.cookies', defaultMessage: 'Cookies' })],
    ['/pages/ban', intl.formatMessage({ id: 'footer.ban', defaultMessage: 'Ban policy' })],
    ['/pricing', intl.formatMessage({ id: 'footer.pricing', defaultMessage: 'Pricing' })],
    ['/complaints', intl.formatMessage({ id: 'footer.complaints', defaultMessage: 'Complaints' })],
    ['/report-content', intl.formatMessage({ id: 'safety.footer.reportContent', defaultMessage: 'Report illegal content' })],
    ['/pages/return-policy', intl.formatMessage({ id: 'footer.returnPolicy', defaultMessage: 'Return policy' })],
    ['/pages/faq', intl.formatMessage({ id: 'footer.faq', defaultMessage: 'FAQ' })],
  ];
}

/** The information pages: their footer shows on every screen, a member's too. */
export const isInfoPath = (pathname: string): boolean => /^\/(?:pages\/|pricing$|complaints$|report-content$|lang-config$)/.test(pathname);

/** The year of the rights line. */
const RIGHTS_YEAR = 2025;

/** "© 2025 Site. All rights reserved." */
export function RightsLine() {
  const settings = useSettings();
  return (
    <FormattedMessage
      id="footer.rights"
      defaultMessage="© {year} {site}. All rights reserved."
      values={{ year: RIGHTS_YEAR, site: settings.name }}
    />
  );
}
