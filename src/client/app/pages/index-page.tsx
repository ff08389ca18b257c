import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { CheckIcon, CoinIcon, HeartIcon, StarIcon } from '../../components/icons';
import { Seo } from '../../components/seo';
import { useSignupAllowed } from '../../features/accounts/hooks/use-signup-allowed';
import { withTracking } from '../../features/landers/lander-links';
import { canSearchMembers } from '../../features/members/can-search';
import { listMembers, membersKey, type MemberPage } from '../../features/members/api/list-members';
import { MemberPreviewStrip } from '../../features/members/components/member-preview-strip';
import { isApiRequestError } from '../../lib/api-error';
import { usePageResult } from '../../lib/page-data';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { searchOf, prefetchForMember, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

const PREVIEW = { limit: 8 } as const;

export async function indexLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const load = async (): Promise<PrefetchResult> => {
    try {
      return { fallback: { [membersKey(PREVIEW)]: await listMembers(ctx.api, PREVIEW) } };
    } catch (error) {
      // The landing page works without the preview strip.
      if (isApiRequestError(error)) return {};
      throw error;
    }
  };
  // A visitor's search where the site allows it; a member's starts with the user call, not after it.
  return canSearchMembers(ctx.settings, null, searchOf(request).get('network')) ? load() : prefetchForMember(ctx, load);
}

function Benefit({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li>
      <span className="benefit-icon">{icon}</span>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

export function IndexPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const allowed = canSearchMembers(settings, user, search.get('network'));
  const signupOpen = useSignupAllowed();
  // The loader's preview: no live data on the landing page, so no data library in its JavaScript.
  const preview = usePageResult<MemberPage>(allowed ? membersKey(PREVIEW) : null);
  const profiles = preview.data?.profiles ?? [];

  return (
    <>
      <Seo title={settings.index_title || settings.name} description={settings.description} />
      <section className="hero mb-4 mb-md-5">
        <p className="hero-brand mb-2">{settings.name}</p>
        <h1 className="mb-3">
          <FormattedMessage id="index.headline" defaultMessage="Meet gay men near you" />
        </h1>
        <p className="lead mb-4">
          <FormattedMessage
            id="index.lead"
            defaultMessage="Browse real profiles, flirt, chat and find your match: a date tonight, a friend or something serious."
          />
        </p>
        {user ? (
          <div className="d-flex flex-wrap gap-2">
            <Link to="/members" className="btn btn-light btn-lg">
              <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
            </Link>
          </div>
        ) : (
          <>
            {/* Signing up is what a visitor comes for: it is the first call to action (logging in comes after). */}
            <div className="d-flex flex-wrap gap-2">
              {signupOpen ? (
                <Link to={withTracking('/signup', search)} className="btn btn-light btn-lg" data-testid="hero-signup">
                  <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
                </Link>
              ) : (
                <Link to="/login" className="btn btn-light btn-lg">
                  <FormattedMessage id="nav.login" defaultMessage="Log in" />
                </Link>
              )}
              {allowed ? (
                <Link to="/members" className="btn btn-outline-light btn-lg">
                  <FormattedMessage id="index.browse" defaultMessage="Browse members" />
                </Link>
              ) : null}
            </div>
            {signupOpen ? (
              <p className="hero-login mt-3 mb-0">
                <FormattedMessage
                  id="signup.haveAccount"
                  defaultMessage="Already a member? <link>Log in</link>"
                  values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }}
                />
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="mb-4 mb-md-5" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="h4 fw-bold mb-3">
          <FormattedMessage id="index.benefits.title" defaultMessage="Why {site}?" values={{ site: settings.name }} />
        </h2>
        <ul className="benefits">
          <Benefit icon={<CheckIcon />} title={<FormattedMessage id="index.benefit.free.title" defaultMessage="Free signup" />}>
            <FormattedMessage id="index.benefit.free.text" defaultMessage="Create your profile and look around without paying anything." />
          </Benefit>
          <Benefit
            icon={<HeartIcon />}
            title={<FormattedMessage id="index.benefit.noSubscription.title" defaultMessage="No subscriptions" />}
          >
            <FormattedMessage
              id="index.benefit.noSubscription.text"
              defaultMessage="You only buy credits when you want to. Nothing renews by itself."
            />
          </Benefit>
          <Benefit icon={<CoinIcon />} title={<FormattedMessage id="index.benefit.refund.title" defaultMessage="Money back" />}>
            <FormattedMessage
              id="index.benefit.refund.text"
              defaultMessage="Unused credits are refundable within {days, plural, one {# day} other {# days}}."
              values={{ days: settings.refund_days }}
            />
          </Benefit>
          <Benefit icon={<StarIcon />} title={<FormattedMessage id="index.benefit.premium.title" defaultMessage="Premium gets noticed" />}>
            <FormattedMessage
              id="index.benefit.premium.text"
              defaultMessage="Premium members have a {percent} higher chance of a match."
              values={{ percent: intl.formatNumber(0.46, { style: 'percent' }) }}
            />
          </Benefit>
        </ul>
      </section>

      {profiles.length > 0 ? (
        <section aria-labelledby="preview-heading">
          <div className="d-flex align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="preview-heading" className="h4 fw-bold mb-0">
              <FormattedMessage id="index.preview.title" defaultMessage="Recently active" />
            </h2>
            <Link to="/members">
              <FormattedMessage id="index.preview.all" defaultMessage="See all members" />
            </Link>
          </div>
          <MemberPreviewStrip profiles={profiles} cdnPrefix={settings.cdn_prefix} />
        </section>
      ) : null}
    </>
  );
}
