import { EntryWarning } from '../../features/shell/components/entry-warning';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { SignupModal } from '../../features/accounts/components/signup-modal';
import { useSignupPhotoOnDemand } from '../signup-photo-on-demand';
import { PageOutlet } from './page-outlet';

/** The empty layout: only the page, the entry warning for NL and DE, and the signup modal. */
export function EmptyLayout() {
  const signupPhoto = useSignupPhotoOnDemand();
  return (
    <div className="app-shell empty-shell" data-layout="empty">
      <ShellChrome />
      <main id="main" className="app-main" tabIndex={-1}>
        <PageOutlet />
      </main>
      <EntryWarning layout="empty" />
      <SignupModal photo={signupPhoto} />
    </div>
  );
}
