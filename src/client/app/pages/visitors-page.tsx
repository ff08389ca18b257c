import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import {
  FOOTPRINT_SETTINGS_KEY,
  FOOTPRINTS_FIELD,
  FOOTPRINTS_FORM,
  FOOTPRINTS_SAVED,
  FootprintCard,
  footprintsKey,
  FootprintsSwitch,
  getFootprintSettings,
  listFootprints,
  setFootprintSettings,
  useFootprints,
} from '../../features/footprints/index';
import { navCountsChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser, useSettings } from '../../lib/store/store';
import { MemberData } from '../member-page';
import { returnPathOf, runFormAction, seeOther, textField, type FormFailure } from '../form-action';
import {
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  searchOf,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';

/** The page of footprints the URL names (`?cursor=`, the "more" link) and the switch's state, in one wave. */
export async function visitorsLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const cursor = searchOf(request).get('cursor');
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(await Promise.all([
        prefetchKey(footprintsKey(cursor), () => listFootprints(ctx.api, cursor)),
        prefetchKey(FOOTPRINT_SETTINGS_KEY, () => getFootprintSettings(ctx.api)),
      ])),
    ),
  );
}

/**
 * The footprints switch (`intent=footprints`), posted from this page or the own profile's privacy part: saved as sent
 * (on when `enabled` came), then 303 back to the page it came from saying so; refused, this page with the error.
 */
export async function visitorsAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  const back = returnPathOf(form, '/visitors');
  if (textField(form, 'intent') !== FOOTPRINTS_FORM) return seeOther(back);
  const enabled = form.has(FOOTPRINTS_FIELD);
  return runFormAction(
    FOOTPRINTS_FORM,
    {},
    () => setFootprintSettings(context.api, enabled),
    () => seeOther(`${back.split('?')[0]}?${FOOTPRINTS_SAVED}=1`),
  );
}

/** /visitors: who looked at the member's profile in the last 30 days, newest first, as a grid of cards. */
export function VisitorsPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const cursor = search.get('cursor');
  const { data, error } = useFootprints(user !== null, cursor);
  // The list's first page marked them seen: the badge goes at once (the next user.php answer agrees).
  const seen = data !== undefined && !cursor;
  useEffect(() => {
    if (seen) dispatch(navCountsChanged({ footprints: 0 }));
  }, [dispatch, seen]);
  // The relative times count from the page's first render (the server's; the browser's own as it hydrates).
  const [now] = useState(() => Date.now());
  const title = intl.formatMessage({ id: 'footprints.title', defaultMessage: 'Visitors' });

  const body = (
    <MemberData
      member={user !== null}
      data={data}
      error={error}
      loggedOut={
        <div className="surface text-center page-narrow">
          <p>
            <FormattedMessage id="footprints.login" defaultMessage="Log in to see who visited your profile." />
          </p>
          <Link to="/login" className="btn btn-primary">
            <FormattedMessage id="nav.login" defaultMessage="Log in" />
          </Link>
        </div>
      }
    >
      {({ enabled, footprints, next_cursor }) =>
        !enabled ? (
          <p className="surface mb-0" data-testid="footprints-off">
            <FormattedMessage
              id="footprints.off"
              defaultMessage="Footprints are switched off: you do not see who visited you and leave no visits yourself. Switch them on below."
            />
          </p>
        ) : footprints.length === 0 ? (
          <div className="surface text-center">
            <p>
              <FormattedMessage id="footprints.empty" defaultMessage="Nobody has visited your profile in the last 30 days yet." />
            </p>
            <Link to="/members" className="btn btn-primary">
              <FormattedMessage id="footprints.search" defaultMessage="Search members" />
            </Link>
          </div>
        ) : (
          <>
            <ul className="member-grid" aria-label={title}>
              {footprints.map((footprint, i) => (
                <li key={footprint.profile.id}>
                  <FootprintCard footprint={footprint} now={now} eager={i < 4} />
                </li>
              ))}
            </ul>
            {next_cursor ? (
              <p className="text-center mt-3">
                <Link to={`/visitors?cursor=${encodeURIComponent(next_cursor)}`} className="btn btn-outline-primary">
                  <FormattedMessage id="footprints.more" defaultMessage="Older visitors" />
                </Link>
              </p>
            ) : null}
          </>
        )
      }
    </MemberData>
  );

  return (
    <>
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      <p className="text-body-secondary">
        <FormattedMessage id="footprints.intro" defaultMessage="Members who looked at your profile in the last 30 days, newest first." />
      </p>
      <div className="d-grid gap-3">
        <div>{body}</div>
        {user ? <FootprintsSwitch /> : null}
      </div>
    </>
  );
}
