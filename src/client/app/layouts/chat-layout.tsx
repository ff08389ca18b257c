import { EntryWarning } from '../../features/shell/components/entry-warning';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { useCurrentUser } from '../../lib/store/store';
import { MemberChatRealtime, MemberEffects } from './member-shell';
import { NavCountsProvider } from './nav-counts';
import { PageOutlet } from './page-outlet';
import { MainRegion } from './main-region';

/**
 * The chat layout: bare (the conversation screen brings its own header), with the entry warning only for NL and
 * DE. The title still carries the unread count and the session keeps polling. Routes: /chats/:id and /members/:id/chat.
 */
export function ChatLayout() {
  const user = useCurrentUser();
  return (
    <NavCountsProvider loggedIn={user !== null}>
      <div className="app-shell chat-shell" data-layout="chat">
        <ShellChrome />
        <MainRegion>
          <PageOutlet />
        </MainRegion>
        <EntryWarning layout="chat" />
        <MemberChatRealtime />
        <MemberEffects />
      </div>
    </NavCountsProvider>
  );
}
