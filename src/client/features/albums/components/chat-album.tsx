import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { DetailsMenu } from '../../../components/details-menu';
import { LockIcon } from '../../../components/icons';
import { Link } from '../../../components/link';
import { ALBUM_SHARES_PAGE, PRIVATE_ALBUM_ANCHOR } from '../album-paths';
import type { ChatAlbumInfo } from '../api/albums';
import { AlbumShareButton } from './album-share-button';

interface Partner {
  id: number;
  name: string;
}

/**
 * The private album in a conversation's header: a lock button opening a small menu (a <details>, so it opens without
 * JavaScript too) that shares the member's private album with the other member or takes it back — the share form
 * posted to the conversation's own route action, which answers the conversation again — and leads to his list of
 * shares. Without an approved private photo there is nothing to share yet: the menu says so and leads to his photos,
 * where he makes photos private. Behind the button it takes no room from the messages or the composer on a phone.
 */
export function ChatAlbumMenu({ partner, info }: { partner: Partner; info: ChatAlbumInfo }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <DetailsMenu
      label={intl.formatMessage({ id: 'albums.chat.menu', defaultMessage: 'My private album' })}
      summary={<LockIcon width={22} height={22} />}
      summaryClassName="btn btn-link chat-album-toggle"
      className="chat-album-menu"
    >
      <div className="menu-list" data-testid="chat-album-menu">
        <p className="menu-header mb-2">
          <FormattedMessage id="albums.chat.menu" defaultMessage="My private album" />
        </p>
        {info.own_count > 0 ? (
          <>
            <p className="small text-body-secondary mb-2">
              {info.shared_by_me ? (
                <FormattedMessage
                  id="albums.chat.sharedByMe"
                  defaultMessage="{name} sees your {count, plural, one {# private photo} other {# private photos}}."
                  values={{ name: partner.name, count: info.own_count }}
                />
              ) : (
                <FormattedMessage
                  id="albums.chat.notSharedByMe"
                  defaultMessage="{name} does not see your {count, plural, one {# private photo} other {# private photos}}."
                  values={{ name: partner.name, count: info.own_count }}
                />
              )}
            </p>
            <AlbumShareButton memberId={partner.id} name={partner.name} shared={info.shared_by_me} action={pathname} />
            <Link to={ALBUM_SHARES_PAGE} className="d-inline-block small mt-2">
              <FormattedMessage id="albums.shares.title" defaultMessage="Who sees my private album" />
            </Link>
          </>
        ) : (
          <>
            <p className="small text-body-secondary mb-2" data-testid="chat-album-empty">
              <FormattedMessage
                id="albums.chat.empty"
                defaultMessage="You have no private photos to share yet. Make some of your photos private first; they show once approved."
              />
            </p>
            <Link to="/profile" className="small">
              <FormattedMessage id="albums.chat.makePrivate" defaultMessage="Go to my photos" />
            </Link>
          </>
        )}
      </div>
    </DetailsMenu>
  );
}

/**
 * Under a conversation's header, when the other member shares his private album with the member: a link to it (his
 * profile's album section). Nothing while he shares none, or his album holds no approved photo.
 */
export function SharedAlbumLink({ partner, info }: { partner: Partner; info: ChatAlbumInfo }) {
  if (!info.shared_with_me || info.count === 0) return null;
  return (
    <p className="chat-album-notice small" data-testid="chat-album-link">
      <LockIcon width={16} height={16} />
      <Link to={`/members/${partner.id}#${PRIVATE_ALBUM_ANCHOR}`}>
        <FormattedMessage
          id="albums.chat.open"
          defaultMessage="See the private album {name} shares with you ({count, plural, one {# photo} other {# photos}})"
          values={{ name: partner.name, count: info.count }}
        />
      </Link>
    </p>
  );
}
