import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import type { Schemas } from '../../../../shared/api/client';
import { Link } from '../../../components/link';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { isApiRequestError } from '../../../lib/api-error';
import { companyInfoKey, type CompanyInfo } from '../../info-pages/index';
import { usePageResult } from '../../../lib/page-data';

/** The offer's form (its route action: the account settings page's, `intent=delete_discount`). */
export const DISCOUNT_FORM = 'delete_discount';

/**
 * For a member leaving because it is too expensive: the company's delete_discount off his next purchase if he stays.
 * Taking it gives him his own code and a link to the bundles with it applied; nothing shows when the site offers none.
 * The offer shows as he ticks the reason (so with JavaScript only): taking it is a form of the settings page's action
 * sent through a fetcher, whose answer in place is his code.
 */
export function DeleteDiscountOffer() {
  const intl = useIntl();
  const fetcher = useRouterFetcher();
  // The settings page's loader brings the company details.
  const company = usePageResult<CompanyInfo>(companyInfoKey());
  const [claimed, setClaimed] = useState<Schemas['DiscountCode'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const percent = company.data?.delete_discount ?? 0;
  if (percent <= 0) return null;

  const claim = async () => {
    setError(null);
    const form = new FormData();
    form.set('intent', DISCOUNT_FORM);
    try {
      const code = await fetcher.submit<Schemas['DiscountCode']>('/settings', form);
      if (code) setClaimed(code);
    } catch (err) {
      setError(
        isApiRequestError(err)
          ? err.message
          : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
      );
    }
  };

  return (
    <Alert color="success" fade={false} data-testid="delete-discount">
      {claimed ? (
        <p className="mb-0" role="status">
          <FormattedMessage
            id="delete.discount.claimed"
            defaultMessage="Your code {code} takes {percent}% off your next purchase. <link>Buy credits with it</link>"
            values={{
              code: <strong key="c">{claimed.code}</strong>,
              percent: claimed.value_percentage,
              link: (chunks) => (
                <Link to={`/credits?code=${encodeURIComponent(claimed.code)}`} className="alert-link">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      ) : (
        <>
          <p className="mb-2">
            <FormattedMessage
              id="delete.discount.offer"
              defaultMessage="Stay with us and get {percent}% off your next purchase."
              values={{ percent }}
            />
          </p>
          {error ? (
            <p className="text-danger small mb-2" role="alert">
              {error}
            </p>
          ) : null}
          <Button type="button" color="success" size="sm" disabled={fetcher.state !== 'idle'} onClick={() => void claim()}>
            <FormattedMessage id="delete.discount.claim" defaultMessage="Stay and take {percent}% off" values={{ percent }} />
          </Button>
        </>
      )}
    </Alert>
  );
}
