import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { getTransparencyCounts, periodFromSearch, transparencyCountsKey } from '../../features/transparency/api/transparency';
import { TransparencyReport } from '../../features/transparency/components/transparency-report';
import { ConsolePage } from '../../features/moderation/components/console-page';
import { isModerator } from '../../lib/roles';
import { useCurrentUser } from '../../lib/store/store';
import { prefetchKey, type PageLoaderArgs, type PrefetchResult } from '../route-handle';
import { NotFoundPage } from './not-found-page';

/** Visitors and members who are not moderators (or admins) get the 404 page: the route does not reveal that it exists. */
export async function transparencyLoader({ request, context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  const period = periodFromSearch(new URL(request.url).searchParams);
  const [user, result] = await Promise.all([
    ctx.user,
    ctx.hasSession ? prefetchKey(transparencyCountsKey(period), () => getTransparencyCounts(ctx.api, period)) : null,
  ]);
  if (!isModerator(user) || !result) return { status: 404 };
  return result;
}

/** /moderation/transparency: the counts of a period and the statements of reasons for the DSA Transparency Database. */
export function TransparencyPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  const [search] = useSearchParams();
  if (!isModerator(user)) return <NotFoundPage />;
  const title = intl.formatMessage({ id: 'transparency.title', defaultMessage: 'Transparency report' });
  return (
    <ConsolePage
      title={title}
      intro={
        <FormattedMessage
          id="transparency.intro"
          defaultMessage="What was reported and decided in a period, and every statement of reasons in the shape of the EU's DSA Transparency Database, without personal data."
        />
      }
    >
      <TransparencyReport period={periodFromSearch(search)} />
    </ConsolePage>
  );
}
