import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { ChatIcon, GiftIcon, HeartIcon } from '../../../components/icons';

type Action = 'like' | 'chat' | 'gift';

/**
 * Like, chat and gift. Visitors get the "you need to be logged in" message; for members these
 * features are built later, so nothing is rendered for them yet.
 */
export function ProfileActions({ loggedIn, name }: { loggedIn: boolean; name: string }) {
  const intl = useIntl();
  const [action, setAction] = useState<Action | null>(null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  if (loggedIn) return null;
  // The message, and for a like the signup modal on top of the page (its hash opens it).
  const ask = (a: Action) => {
    setAction(a);
    void navigate(`${pathname}${search}#signup`);
  };

  const messages: Record<Action, string> = {
    like: intl.formatMessage({ id: 'profile.loginToLike', defaultMessage: 'You need to be logged in to like {name}.' }, { name }),
    chat: intl.formatMessage({ id: 'profile.loginToChat', defaultMessage: 'You need to be logged in to chat with {name}.' }, { name }),
    gift: intl.formatMessage({ id: 'profile.loginToGift', defaultMessage: 'You need to be logged in to send {name} a gift.' }, { name }),
  };

  return (
    <div>
      <div className="profile-actions">
        <Button color="primary" onClick={() => ask('like')}>
          <HeartIcon />
          <FormattedMessage id="profile.like" defaultMessage="Like" />
        </Button>
        <Button color="dark" onClick={() => setAction('chat')}>
          <ChatIcon />
          <FormattedMessage id="profile.chat" defaultMessage="Chat" />
        </Button>
        <Button color="secondary" onClick={() => setAction('gift')}>
          <GiftIcon />
          <FormattedMessage id="profile.gift" defaultMessage="Send a gift" />
        </Button>
      </div>
      <div role="status" className="mt-3">
        {action ? (
          <Alert color="warning" fade={false} role="none" className="d-flex flex-wrap align-items-center gap-2 mb-0">
            <span>{messages[action]}</span>
            <Link to={`${pathname}${search}#signup`} className="alert-link">
              <FormattedMessage id="nav.signup" defaultMessage="Sign up" />
            </Link>
            <Link to="/login" className="alert-link">
              <FormattedMessage id="nav.login" defaultMessage="Log in" />
            </Link>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
