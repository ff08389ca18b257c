import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { DetailsMenu } from '../../../components/details-menu';
import { pathWithQuery } from '../../../lib/path-with-query';
import { useCurrentUser, useSettings } from '../../../lib/store/store';
import { compareIn, useRegionName } from '../../../lib/region-names';

/** The BFF route that keeps the visitor's chosen country (cookie) and comes back to `returnTo`. */
function countrySwitchHref(code: string, returnTo: string): string {
  return `/country/${code}?return=${encodeURIComponent(returnTo)}`;
}

/**
 * The visitor's country (geoip_selected_country, else the GeoIP country) and the site's countries to choose
 * from. The choice decides e.g. the languages offered and the site-entry warning; plain links, so it works without JS.
 */
export function CountryPicker() {
  const intl = useIntl();
  const location = useLocation();
  const settings = useSettings();
  const name = useRegionName();
  const user = useCurrentUser();
  if (settings.countries.length === 0) return null;
  // The chosen country, else the one of the visitor's address, else the member's own: named in his language.
  const current = settings.geoip_selected_country ?? settings.geoip_country ?? user?.profile.country ?? null;
  const label = intl.formatMessage({ id: 'footer.country', defaultMessage: 'Your country' });
  const value = current ? name(current) : intl.formatMessage({ id: 'footer.countryChoose', defaultMessage: 'choose' });
  const returnTo = pathWithQuery(location);
  const compare = compareIn(intl.locale);
  const sorted = [...settings.countries].sort((a, b) => compare(name(a), name(b)));
  return (
    <DetailsMenu
      className="country-picker"
      label={`${label}: ${value}`}
      summaryClassName="btn btn-link btn-sm p-0 text-reset"
      summary={
        <span data-testid="footer-country">
          {label}: <strong>{value}</strong>
        </span>
      }
    >
      <ul className="menu-list" aria-label={label}>
        {sorted.map((code) => (
          <li key={code}>
            <a className="menu-item" href={countrySwitchHref(code, returnTo)} aria-current={code === current ? 'true' : undefined}>
              {name(code)}
            </a>
          </li>
        ))}
      </ul>
    </DetailsMenu>
  );
}
