import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { useCreditPackages } from '../../features/credits/api/credit-packages';
import { PackageList } from '../../features/credits/components/package-list';
import { centsToAmount, pricesByCountry } from '../../features/info-pages/pricing';
import { visitorCountry } from '../../features/shell/entry-warning-rule';
import { useCurrentUser, useSettings } from '../../lib/store/store';

/** /pricing: credits per action from the settings and the minimum message price per country, in its currency. */
export function PricingPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const country = visitorCountry(settings) ?? user?.profile.country ?? null;
  const prices = pricesByCountry(settings, country);
  const bundles = useCreditPackages(null, country && settings.countries.includes(country) ? country : null);
  const own = prices.find((p) => p.country === country) ?? null;
  const money = (cents: number, currency: string) => intl.formatNumber(centsToAmount(cents), { style: 'currency', currency });
  const regionName = (code: string) => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const title = intl.formatMessage({ id: 'pricing.title', defaultMessage: 'Pricing' });
  const rows: Array<[string, number]> = [
    [intl.formatMessage({ id: 'pricing.message', defaultMessage: 'Send a message' }), settings.message_credits],
    [intl.formatMessage({ id: 'pricing.photo', defaultMessage: 'View a private photo' }), settings.photo_credits],
    [intl.formatMessage({ id: 'pricing.gift', defaultMessage: 'Send a gift' }), settings.gift_credits],
  ];

  return (
    <div className="info-layout">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <article className="surface info-article">
        <h1 className="h2">{title}</h1>
        <p className="lead">
          <FormattedMessage
            id="pricing.intro"
            defaultMessage="Signing up and browsing are free. You pay only for what you use, with credits bought once — no subscription, and unused credits are refundable within {days} days."
            values={{ days: settings.refund_days }}
          />
        </p>
        <h2 className="h5 mt-4">
          <FormattedMessage id="pricing.perAction" defaultMessage="What costs credits" />
        </h2>
        <table className="table pricing-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="pricing.action" defaultMessage="Action" />
              </th>
              <th scope="col" className="text-end">
                <FormattedMessage id="pricing.credits" defaultMessage="Credits" />
              </th>
              {own ? (
                <th scope="col" className="text-end">
                  <FormattedMessage
                    id="pricing.fromPrice"
                    defaultMessage="From ({country})"
                    values={{ country: regionName(own.country) }}
                  />
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, credits]) => (
              <tr key={label}>
                <th scope="row" className="fw-normal">
                  {label}
                </th>
                <td className="text-end">{intl.formatNumber(credits)}</td>
                {own ? <td className="text-end">{money(own.creditCents * credits, own.currency)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
        {bundles.data && bundles.data.packages.length > 0 ? (
          <>
            <h2 className="h5 mt-4">
              <FormattedMessage id="pricing.bundles" defaultMessage="Credit bundles" />
            </h2>
            <PackageList packages={bundles.data.packages} linkTo={user ? (p) => `/credits/${p.id}` : null} />
          </>
        ) : null}
        {prices.length > 0 ? (
          <>
            <h2 className="h5 mt-4">
              <FormattedMessage id="pricing.byCountry" defaultMessage="Lowest price of a message per country" />
            </h2>
            <table className="table table-sm pricing-table" data-testid="pricing-countries">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="pricing.country" defaultMessage="Country" />
                  </th>
                  <th scope="col" className="text-end">
                    <FormattedMessage id="pricing.perMessage" defaultMessage="Per message from" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {prices.map((p) => (
                  <tr key={p.country} className={p.country === country ? 'table-active' : undefined}>
                    <th scope="row" className="fw-normal">
                      {regionName(p.country)}
                    </th>
                    <td className="text-end">{money(p.messageCents, p.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        <p className="small text-body-secondary mb-0">
          <FormattedMessage
            id="pricing.note"
            defaultMessage="Prices include VAT. The price per credit is lower in bigger bundles; the exact bundles are shown when you buy credits."
          />
        </p>
      </article>
      <nav className="info-nav" aria-label={intl.formatMessage({ id: 'info.more', defaultMessage: 'More information' })}>
        <ul className="list-unstyled mb-0">
          <li>
            <Link to="/pages/return-policy">
              <FormattedMessage id="footer.returnPolicy" defaultMessage="Return policy" />
            </Link>
          </li>
          <li>
            <Link to="/pages/faq">
              <FormattedMessage id="footer.faq" defaultMessage="FAQ" />
            </Link>
          </li>
          <li>
            <Link to="/pages/terms">
              <FormattedMessage id="footer.terms" defaultMessage="Terms and conditions" />
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
