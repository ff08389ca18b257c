import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRY_LANGUAGES, LOCALES, type Locale } from '../../../shared/locales';
import { Seo } from '../../components/seo';
import { languageName, localeSwitchHref } from '../../features/site/language-links';
import { useCurrentUser, useLocale, useSettings } from '../../lib/store/store';
import { useRegionName } from '../../lib/region-names';

/** Where the language switch comes back to: this page, now in the chosen language. */
const RETURN_TO = '/lang-config';

/** The languages of the country table for the visitor's country (the chosen one, else GeoIP's). */
export function countryLanguages(country: string | null | undefined): readonly Locale[] {
  return COUNTRY_LANGUAGES[(country ?? '').toUpperCase()] ?? [];
}

function LanguageList({
  codes,
  current,
  labelledBy,
  testId,
}: {
  codes: readonly Locale[];
  current: Locale;
  labelledBy: string;
  testId: string;
}) {
  return (
    <ul className="list-group lang-list" aria-labelledby={labelledBy} data-testid={testId}>
      {codes.map((code) => (
        <li key={code} className="list-group-item p-0">
          {/* A plain link to the BFF: it sets the cookie, saves the language of a member, and comes back here. */}
          <a
            className="lang-choice"
            href={localeSwitchHref(code, RETURN_TO)}
            lang={code}
            hrefLang={code}
            aria-current={code === current ? 'true' : undefined}
          >
            <span>{languageName(code)}</span>
            {code === current ? (
              <span className="badge text-bg-primary">
                <FormattedMessage id="langConfig.current" defaultMessage="Current" />
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * lang-config: the member or visitor chooses the interface language — first the languages of the
 * visitor's country, then all eleven. The choice is a cookie, and for a member also saved in the account.
 */
export function LangConfigPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const locale = useLocale();
  const regionName = useRegionName();
  const country = settings.geoip_selected_country ?? settings.geoip_country;
  const suggested = countryLanguages(country);
  const title = intl.formatMessage({ id: 'langConfig.title', defaultMessage: 'Choose your language' });
  const countryName = country ? regionName(country) : null;

  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-2">{title}</h1>
        <p className="text-body-secondary">
          {user ? (
            <FormattedMessage
              id="langConfig.member"
              defaultMessage="The site is shown in the language you choose. Your choice is saved in your account."
            />
          ) : (
            <FormattedMessage
              id="langConfig.visitor"
              defaultMessage="The site is shown in the language you choose. This browser remembers your choice."
            />
          )}
        </p>
        {suggested.length > 0 && countryName ? (
          <section className="mb-4">
            <h2 id="lang-suggested" className="h6 fw-bold">
              <FormattedMessage id="langConfig.suggested" defaultMessage="Languages of {country}" values={{ country: countryName }} />
            </h2>
            <LanguageList codes={suggested} current={locale} labelledBy="lang-suggested" testId="lang-suggested" />
          </section>
        ) : null}
        <section>
          <h2 id="lang-all" className="h6 fw-bold">
            <FormattedMessage id="langConfig.all" defaultMessage="All languages" />
          </h2>
          <LanguageList codes={LOCALES} current={locale} labelledBy="lang-all" testId="lang-all" />
        </section>
      </div>
    </div>
  );
}
