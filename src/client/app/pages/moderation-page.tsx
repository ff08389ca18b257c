import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from '../../components/link';
import { Seo } from '../../components/seo';
import { listPendingPhotos, MODERATION_QUEUE_KEY } from '../../features/moderation/api/list-pending-photos';
import { ModerationQueueGrid } from '../../features/moderation/components/moderation-queue';
import { APPEAL_QUEUE_KEY, listAppealQueue, listReportQueue, REPORT_QUEUE_KEY } from '../../features/safety/api/moderation';
import { AppealQueueView } from '../../features/safety/components/appeal-queue';
import { ReportQueueView } from '../../features/safety/components/report-queue';
import { useCurrentUser } from '../../lib/store/store';
import { prefetchKey, type PageContext, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

type Tab = 'photos' | 'reports' | 'appeals';

/** Visitors and members who are not moderators get the 404 page: the route does not reveal that it exists. */
async function moderatorOnly(ctx: PageContext, load: () => Promise<PrefetchResult>): Promise<PrefetchResult> {
  // The queue goes out with the user call; the backend refuses it to anyone but a moderator.
  const [user, result] = await Promise.all([ctx.user, ctx.hasSession ? load() : null]);
  if (user?.role !== 'moderator' || !result) return { status: 404 };
  return result;
}

export const moderationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(MODERATION_QUEUE_KEY, () => listPendingPhotos(ctx.api)));

export const reportModerationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(REPORT_QUEUE_KEY, () => listReportQueue(ctx.api)));

export const appealModerationLoader = ({ context: ctx }: PageLoaderArgs) =>
  moderatorOnly(ctx, () => prefetchKey(APPEAL_QUEUE_KEY, () => listAppealQueue(ctx.api)));

/**
 * /moderation (photos), /moderation/reports and /moderation/appeals: the moderators' console. Photos are approved or
 * rejected; reports are decided per reported member with their context; appeals are upheld or reversed.
 */
export function ModerationPage({ tab = 'photos' }: { tab?: Tab }) {
  const intl = useIntl();
  const user = useCurrentUser();
  if (user?.role !== 'moderator') return <NotFoundPage />;
  const titles: Record<Tab, string> = {
    photos: intl.formatMessage({ id: 'moderation.title', defaultMessage: 'Photo moderation' }),
    reports: intl.formatMessage({ id: 'safety.moderation.reportsTitle', defaultMessage: 'Reports' }),
    appeals: intl.formatMessage({ id: 'safety.moderation.appealsTitle', defaultMessage: 'Appeals' }),
  };
  const title = titles[tab];
  return (
    <section className="my-4">
      <Seo title={title} />
      <nav
        className="nav nav-pills tab-bar mb-3 flex-wrap"
        aria-label={intl.formatMessage({ id: 'safety.moderation.nav', defaultMessage: 'Moderation' })}
      >
        <NavLink className="nav-link" to="/moderation" end>
          <FormattedMessage id="safety.moderation.tabPhotos" defaultMessage="Photos" />
        </NavLink>
        <NavLink className="nav-link" to="/moderation/reports" end>
          {titles.reports}
        </NavLink>
        <NavLink className="nav-link" to="/moderation/appeals" end>
          {titles.appeals}
        </NavLink>
        <Link className="nav-link" to="/moderation/transparency">
          <FormattedMessage id="safety.moderation.tabTransparency" defaultMessage="Transparency report" />
        </Link>
      </nav>
      <h1 className="h3">{title}</h1>
      {tab === 'photos' ? (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="moderation.intro"
              defaultMessage="Photos awaiting moderation, oldest first. Other members only see a photo once it is approved; a rejected photo is deleted."
            />
          </p>
          <ModerationQueueGrid />
        </>
      ) : tab === 'reports' ? (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="safety.moderation.reportsIntro"
              defaultMessage="Open reports per reported member, the longest waiting first. Every decision but a dismissal sends the member a statement of reasons."
            />
          </p>
          <ReportQueueView />
        </>
      ) : (
        <>
          <p className="text-body-secondary">
            <FormattedMessage
              id="safety.moderation.appealsIntro"
              defaultMessage="Open appeals, oldest first. A decision's appeal is decided by another moderator than the one who made it."
            />
          </p>
          <AppealQueueView />
        </>
      )}
    </section>
  );
}
