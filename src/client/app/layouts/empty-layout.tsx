import { EntryWarning } from '../../features/shell/components/entry-warning';
import { ShellChrome } from '../../features/shell/components/shell-chrome';
import { SignupModal } from '../../features/accounts/components/signup-modal';
import { useSignupPhotoOnDemand } from '../signup-photo-on-demand';
import { PageOutlet } from './page-outlet';
import { MainRegion } from './main-region';

/** The empty layout: only the page, the entry warning for NL and DE, and the signup modal. */
export function EmptyLayout() {
  const signupPhoto = useSignupPhotoOnDemand();
  return (
    <div className="app-shell empty-shell" data-layout="empty">
      <ShellChrome />
      <MainRegion>
        <PageOutlet />
      </MainRegion>
      <EntryWarning layout="empty" />
      <SignupModal photo={signupPhoto} />
    </div>
  );
}
