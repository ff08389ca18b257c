import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import type { User } from '../../../../shared/api/client';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useCurrentUser } from '../../../lib/store/store';

/** Routes where the member is busy with their account: no nagging banners there. */
const QUIET_PATHS = /^\/(signup|complete-signup|settings|notifications|profile)(\/|$)/;

/** Which of the banners apply to this member (all need login). */
function memberBanners(user: User | null): { photo: boolean; notifications: boolean } {
  if (!user) return { photo: false, notifications: false };
  return { photo: user.profile.main_image === null, notifications: user.notifications_disabled.length > 0 };
}

/**
 * The site notice that applies now, if any: the disabled-notifications notice before the profile-photo notice, each
 * until the member closes it (the time is stored); none on quiet routes.
 */
export function useNotice(): 'notifications' | 'photo' | null {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const show = memberBanners(user);
  const [notificationsClosed] = useDismissal(user ? `notifications_alert_${user.id}` : null);
  const [photoClosed] = useDismissal(user ? `photo_alert_${user.id}` : null);
  if (!user || QUIET_PATHS.test(pathname)) return null;
  if (show.notifications && notificationsClosed === null) return 'notifications';
  if (show.photo && photoClosed === null) return 'photo';
  return null;
}

/**
 * The site notices of the default layout, one at a time (`useNotice`): the disabled-notifications notice (with its
 * reason, and the way to the settings that switch them on again), else the profile-photo notice; each dismissible
 * with the time stored. The member layout's prompt slot shows this only when no more urgent prompt applies; on a phone
 * it is the title and the link, the explanation (`prompt-more`) is for wider screens.
 */
export function WarningsArea() {
  const user = useCurrentUser();
  const notice = useNotice();
  if (!user || !notice) return null;
  return (
    <div className="warnings-area" aria-live="polite">
      {notice === 'notifications' ? (
        <DismissibleAlert dismissKey={`notifications_alert_${user.id}`} tone="warning" testId="notifications-alert">
          <strong className="d-block">
            <FormattedMessage id="banner.notifications.title" defaultMessage="Your e-mail notifications are switched off" />
          </strong>
          <span className="prompt-more">
            <FormattedMessage
              id="banner.notifications.body"
              defaultMessage="We stopped e-mailing you because {reason, select, spam {a message was marked as spam} bounce {our e-mails to your address bounced} other {you unsubscribed through your mail program}}. You will not hear about new messages and likes by e-mail."
              values={{ reason: user.notifications_disabled[0] ?? 'unsubscribe' }}
            />{' '}
          </span>
          <Link to="/notifications" className="alert-link">
            <FormattedMessage id="banner.notifications.action" defaultMessage="Switch them on again" />
          </Link>
        </DismissibleAlert>
      ) : (
        <DismissibleAlert dismissKey={`photo_alert_${user.id}`} tone="info" testId="photo-alert">
          <strong className="d-block">
            <FormattedMessage id="banner.photo.title" defaultMessage="Add a profile photo" />
          </strong>
          <span className="prompt-more">
            <FormattedMessage
              id="banner.photo.body"
              defaultMessage="Members answer a profile with a photo far more often. Show yourself and get more replies."
            />{' '}
          </span>
          <Link to="/profile" className="alert-link">
            <FormattedMessage id="banner.photo.action" defaultMessage="Upload a photo" />
          </Link>
        </DismissibleAlert>
      )}
    </div>
  );
}
