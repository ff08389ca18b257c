import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { partnerTarget, redirectSeconds } from '../../features/shell/partner-target';
import { useSettings } from '../../lib/store/store';

/** The partner redirect screen (empty layout): `?to=<target>&seconds=<n>`, counting down, then forwarding. */
export function PartnerRedirectPage() {
  const intl = useIntl();
  const settings = useSettings();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const target = partnerTarget(query.get('to'), settings.domain);
  const total = redirectSeconds(query.get('seconds'));
  const [left, setLeft] = useState(total);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (!target || cancelled) return;
    if (left <= 0) {
      if (target.startsWith('/')) void navigate(target, { replace: true });
      else window.location.replace(target);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [cancelled, left, navigate, target]);

  const title = intl.formatMessage({ id: 'redirect.title', defaultMessage: 'You are being forwarded' });
  const where = target ? (target.startsWith('/') ? settings.name : new URL(target).hostname) : '';
  return (
    <section className="redirect-screen">
      <Seo title={`${title} | ${settings.name}`} />
      <div className="surface text-center page-narrow my-5">
        <h1 className="h3">
          {target ? title : intl.formatMessage({ id: 'redirect.refused', defaultMessage: 'This link cannot be followed' })}
        </h1>
        {target ? (
          <>
            <p className="lead" aria-live="polite" data-testid="redirect-countdown">
              {cancelled ? (
                <FormattedMessage id="redirect.cancelled" defaultMessage="Forwarding stopped." />
              ) : (
                <FormattedMessage
                  id="redirect.countdown"
                  defaultMessage="To {where} in {seconds, plural, one {# second} other {# seconds}}…"
                  values={{ where, seconds: left }}
                />
              )}
            </p>
            <div className="d-flex gap-2 justify-content-center">
              {target.startsWith('/') ? (
                <Link to={target} className="btn btn-primary">
                  <FormattedMessage id="redirect.now" defaultMessage="Go now" />
                </Link>
              ) : (
                <a href={target} className="btn btn-primary" rel="noopener">
                  <FormattedMessage id="redirect.now" defaultMessage="Go now" />
                </a>
              )}
              {cancelled ? null : (
                <button type="button" className="btn btn-outline-secondary text-body" onClick={() => setCancelled(true)}>
                  <FormattedMessage id="redirect.cancel" defaultMessage="Stay here" />
                </button>
              )}
            </div>
          </>
        ) : (
          <Link to="/" className="btn btn-primary mt-2">
            <FormattedMessage id="notFound.home" defaultMessage="Back to the home page" />
          </Link>
        )}
      </div>
    </section>
  );
}
