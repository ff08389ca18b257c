import { lazy, Suspense, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { useCurrentUser } from '../../../lib/store/store';
import { Loading } from '../../../components/loading';
import type { SignupPhotoSlot } from './signup-wizard';

/** The wizard loads when the modal opens (not part of every page's entry). */
const SignupWizard = lazy(() => import('./signup-wizard').then((m) => ({ default: m.SignupWizard })));

/** The hash that opens the signup modal from any link (`<Link to="#signup">`), so no page needs to know about it. */
const SIGNUP_MODAL_HASH = '#signup';

/**
 * The signup modal of the default and empty layouts. Esc and the backdrop close it only while nothing is entered
 * yet; once the visitor is in the middle of signing up, only its own close button does.
 */
export function SignupModal({ photo }: { photo?: SignupPhotoSlot | undefined }) {
  const intl = useIntl();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [inProgress, setInProgress] = useState(false);
  const onProgress = useCallback((p: boolean) => setInProgress(p), []);
  if (hash !== SIGNUP_MODAL_HASH || (user && !inProgress && user.status === 'active')) return null;
  const close = () => navigate(`${pathname}${search}`, { replace: true });
  return (
    <Modal
      title={intl.formatMessage({ id: 'signup.title', defaultMessage: 'Sign up for free' })}
      testId="signup-modal"
      {...(inProgress ? {} : { onDismiss: close })}
      footer={
        <button type="button" className="btn btn-link" onClick={close}>
          {intl.formatMessage({ id: 'signup.close', defaultMessage: 'Close' })}
        </button>
      }
    >
      <Suspense fallback={<Loading />}>
        <SignupWizard onProgress={onProgress} photo={photo} />
      </Suspense>
    </Modal>
  );
}
