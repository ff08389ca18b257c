import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import type { CreditPackage } from '../api/credit-packages';
import { formatMoney } from '../money';

/** The bundles as cards: credits, price through Intl (struck through when the discount lowers it), a link to buy. */
export function PackageList({
  packages,
  linkTo,
  selectedId,
}: {
  packages: CreditPackage[];
  linkTo: ((p: CreditPackage) => string) | null;
  selectedId?: number | null;
}) {
  const intl = useIntl();
  return (
    <ul className="credit-packages list-unstyled" data-testid="credit-packages">
      {packages.map((p) => {
        const price = p.discounted_price_minor ?? p.price_minor;
        const body = (
          <>
            {p.popular ? (
              <span className="badge text-bg-primary credit-package-flag">
                <FormattedMessage id="credits.popular" defaultMessage="Most popular" />
              </span>
            ) : null}
            <span className="credit-package-credits">
              <FormattedMessage id="credits.packageCredits" defaultMessage="{credits, number} credits" values={{ credits: p.credits }} />
            </span>
            <span className="credit-package-price">
              {p.discounted_price_minor !== null ? (
                <>
                  <del className="text-body-secondary">
                    <span className="visually-hidden">
                      <FormattedMessage id="credits.listPrice" defaultMessage="List price" />
                    </span>
                    {formatMoney(intl, p.price_minor, p.currency)}
                  </del>
                  <span className="visually-hidden">
                    <FormattedMessage id="credits.discountedPrice" defaultMessage="Now" />
                  </span>
                </>
              ) : null}
              <strong>{formatMoney(intl, price, p.currency)}</strong>
            </span>
            <span className="credit-package-unit small text-body-secondary">
              <FormattedMessage
                id="credits.perCredit"
                defaultMessage="{price} per credit"
                values={{
                  price: intl.formatNumber(price / 100 / p.credits, { style: 'currency', currency: p.currency, maximumFractionDigits: 3 }),
                }}
              />
            </span>
          </>
        );
        return (
          <li
            key={p.id}
            className={`credit-package${p.popular ? ' credit-package-popular' : ''}${selectedId === p.id ? ' credit-package-selected' : ''}`}
          >
            {linkTo ? (
              <Link to={linkTo(p)} className="credit-package-link" data-testid={`package-${p.credits}`}>
                {body}
              </Link>
            ) : (
              <div className="credit-package-link">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
