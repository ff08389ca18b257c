import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { MemberPhoto } from '../../../components/member-photo';
import { useSettings } from '../../../lib/store/store';
import { useLastChat } from '../hooks/use-last-chat';

/** "Back to your chat with …": the chat the member opened last, with the date he opened it. */
export function LastChatLink() {
  const intl = useIntl();
  const settings = useSettings();
  const last = useLastChat();
  if (!last) return null;
  const to = last.conversation !== null ? `/chats/${last.conversation}` : `/members/${last.profile.id}/chat`;
  return (
    <Link to={to} className="last-chat surface d-flex align-items-center gap-3 mb-3" data-testid="last-chat">
      <MemberPhoto cdnPrefix={settings.cdn_prefix} image={last.profile.main_image} alt="" name={last.profile.name} thumb />
      <span className="d-flex flex-column">
        <span className="fw-bold">
          <FormattedMessage id="chats.backTo" defaultMessage="Back to your chat with {name}" values={{ name: last.profile.name }} />
        </span>
        <span className="small text-body-secondary">
          <FormattedMessage
            id="chats.lastOpened"
            defaultMessage="Last opened {date}"
            values={{
              date: (
                <time dateTime={last.openedAt}>
                  {intl.formatDate(last.openedAt, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' })}
                </time>
              ),
            }}
          />
        </span>
      </span>
    </Link>
  );
}
