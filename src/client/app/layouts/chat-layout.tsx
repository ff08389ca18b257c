import { useNavCounts } from '../../features/social/hooks/use-nav-counts';
import { useSessionRefresh } from '../../features/session/hooks/use-session-refresh';
import { EntryWarning } from '../../features/shell/components/entry-warning';
import { usePushBootstrap } from '../../features/push/use-push';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { useCurrentUser } from '../../lib/store/store';
import { TitleCountContext } from '../../lib/title-prefix';
import { ChatRealtime } from './chat-realtime';
import { PageOutlet } from './page-outlet';

/**
 * SPEC §2 chat layout: bare (the conversation screen brings its own header), with the entry warning only for NL and
 * DE. The title still carries the unread count and the session keeps polling. Routes: /chats/:id and /members/:id/chat.
 */
export function ChatLayout() {
  const user = useCurrentUser();
  const { unread, newLikes } = useNavCounts(user !== null);
  useSessionRefresh(user !== null);
  usePushBootstrap(user !== null);
  return (
    <TitleCountContext.Provider value={unread + newLikes}>
      <div className="app-shell chat-shell" data-layout="chat">
        <ShellChrome />
        <main id="main" className="app-main" tabIndex={-1}>
          <PageOutlet />
        </main>
        <EntryWarning layout="chat" />
        <ChatRealtime badgeCount={unread + newLikes} />
      </div>
    </TitleCountContext.Provider>
  );
}
