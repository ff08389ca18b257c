import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { ALBUM_SHARES_KEY, listAlbumShares, useAlbumShares } from '../../features/albums/api/albums';
import { AlbumSharesList } from '../../features/albums/components/album-shares-list';
import { ALBUM_SHARES_PAGE } from '../../features/albums/album-paths';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { albumShareAction, isAlbumShareForm } from '../album-share-action';
import { seeOther, type FormFailure } from '../form-action';
import { MemberPage } from '../member-page';
import { prefetchForMember, prefetchKey, type PageActionArgs, type PageLoaderArgs, type PrefetchResult } from '../route-handle';

/** The member's shares, so the list is complete in the first render (also without JavaScript). */
export function albumSharesLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(ALBUM_SHARES_KEY, () => listAlbumShares(ctx.api)));
}

/** A row's "Take back" (the album share form, `share=0`): taken back, then 303 to the list without him. */
export async function albumSharesAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  if (!isAlbumShareForm(form)) return seeOther(ALBUM_SHARES_PAGE);
  return albumShareAction(form, context.api, ALBUM_SHARES_PAGE);
}

/** /albums/shares: the members who see the member's private album, each to take it back from; reached from his photos. */
export function AlbumSharesPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const { data, error } = useAlbumShares(user !== null);
  // The relative times count from the page's first render (the server's; the browser's own as it hydrates).
  const [now] = useState(() => Date.now());
  const title = intl.formatMessage({ id: 'albums.shares.title', defaultMessage: 'Who sees my private album' });

  return (
    <MemberPage
      title={title}
      documentTitle={`${title} | ${settings.name}`}
      description={settings.description}
      intro={
        <FormattedMessage
          id="albums.shares.intro"
          defaultMessage="These members see the photos you made private. Take your album back from any of them at any time, and he no longer sees it."
        />
      }
      member={user !== null}
      data={data}
      error={error}
    >
      {({ shares, limit }) =>
        shares.length === 0 ? (
          <div className="surface" data-testid="album-shares-empty">
            <p>
              <FormattedMessage
                id="albums.shares.empty"
                defaultMessage="You do not share your private album with anyone. Share it from a member's profile or from your chat with him."
              />
            </p>
            <Link to="/chats" className="btn btn-outline-primary">
              <FormattedMessage id="chats.title" defaultMessage="Messages" />
            </Link>
          </div>
        ) : (
          <AlbumSharesList shares={shares} limit={limit} cdnPrefix={settings.cdn_prefix} action={ALBUM_SHARES_PAGE} now={now} />
        )
      }
    </MemberPage>
  );
}
