import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { dropdownLanguages, type Locale } from '../../../../shared/locales';
import { DetailsMenu } from '../../../components/details-menu';
import { GlobeIcon } from '../../../components/icons';
import { pathWithQuery } from '../../../lib/path-with-query';
import { useAppSelector } from '../../../lib/store/store';
import { languageName, localeSwitchHref } from '../language-links';

/**
 * Only the languages tied to the visitor's country, the user's country and the browser language.
 * Every item is a plain link to the BFF's /locale/<code> route, which sets the cookie and redirects back.
 */
export function LanguageDropdown() {
  const intl = useIntl();
  const location = useLocation();
  const settings = useAppSelector((s) => s.site.settings);
  const locale = useAppSelector((s) => s.site.locale);
  const browserLanguage = useAppSelector((s) => s.site.browserLanguage);
  const user = useAppSelector((s) => s.session.user);

  if (location.pathname === '/complete-signup') return null;

  const languages: Locale[] = dropdownLanguages({
    visitorCountry: settings.geoip_selected_country ?? settings.geoip_country,
    userCountry: user?.profile.country,
    browserLanguage,
    current: locale,
  });
  const returnTo = pathWithQuery(location);
  const label = intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' });

  return (
    <DetailsMenu
      label={`${label}: ${languageName(locale)}`}
      summaryClassName="nav-icon-link"
      summary={
        <>
          <GlobeIcon />
          <span aria-hidden="true" className="nav-lang-code fw-semibold text-uppercase small">
            {locale}
          </span>
        </>
      }
    >
      <ul className="menu-list" aria-label={label}>
        {languages.map((code) => (
          <li key={code}>
            <a
              className="menu-item"
              href={localeSwitchHref(code, returnTo)}
              lang={code}
              hrefLang={code}
              aria-current={code === locale ? 'true' : undefined}
            >
              {languageName(code)}
            </a>
          </li>
        ))}
      </ul>
    </DetailsMenu>
  );
}
