import { FormattedMessage, useIntl } from 'react-intl';
import { Seo } from '../../components/seo';
import { listPendingPhotos, MODERATION_QUEUE_KEY } from '../../features/moderation/api/list-pending-photos';
import { ModerationQueueGrid } from '../../features/moderation/components/moderation-queue';
import { useCurrentUser } from '../../lib/store/store';
import { prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

/** Visitors and members who are not moderators get the 404 page: the route does not reveal that it exists. */
export async function prefetchModeration(ctx: PrefetchContext): Promise<PrefetchResult> {
  // The queue goes out with the user call; the backend refuses it to anyone but a moderator.
  const [user, result] = await Promise.all([
    ctx.user,
    ctx.hasSession ? prefetchKey(MODERATION_QUEUE_KEY, () => listPendingPhotos(ctx.api)) : null,
  ]);
  if (user?.role !== 'moderator' || !result) return { status: 404 };
  return result;
}

/** /moderation: moderators approve or reject the photos members uploaded. */
export function ModerationPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  if (user?.role !== 'moderator') return <NotFoundPage />;
  const title = intl.formatMessage({ id: 'moderation.title', defaultMessage: 'Photo moderation' });
  return (
    <section className="my-4">
      <Seo title={title} />
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">
        <FormattedMessage
          id="moderation.intro"
          defaultMessage="Photos awaiting moderation, oldest first. Other members only see a photo once it is approved; a rejected photo is deleted."
        />
      </p>
      <ModerationQueueGrid />
    </section>
  );
}
