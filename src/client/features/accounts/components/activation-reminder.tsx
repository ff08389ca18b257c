import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../../shared/api/client';
import { BREAKPOINTS } from '../../../../shared/constants';
import { Modal } from '../../../components/modal';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useCurrentUser } from '../../../lib/store/store';
import { ResendActivation } from './resend-activation';

/** Routes where the reminder stays away (signup, settings, notifications). */
const QUIET = /^\/(signup|complete-signup|members\/\d+\/signup|settings|notifications|activate)(\/|$)/;

/** For a not_confirmed member whose profile is disabled and whose e-mails are not stopped; never on quiet routes. */
export function needsActivationReminder(user: User | null, pathname: string): boolean {
  return (
    user !== null &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0 &&
    !QUIET.test(pathname)
  );
}

const noSubscription = () => () => undefined;
const isSmartphone = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${BREAKPOINTS.sm - 0.02}px)`).matches &&
  /Mobi|Android|iPhone/i.test(navigator.userAgent);

/** Whether the reminder applies on this page: it is needed and the member has not closed its alert. */
export function useActivationReminder(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const [closedAt] = useDismissal(user ? `activation_alert_${user.id}` : null);
  return needsActivationReminder(user, pathname) && closedAt === null;
}

/**
 * The activation reminder: an alert the member can close (the time is stored), or a modal when the query flag
 * api_signup_complete is set on a smartphone. The alert is the members' prompt slot's first prompt: on a phone its
 * text (which asks him to confirm his address) with the resend link after it, without the title that repeats it.
 */
export function ActivationReminder() {
  const intl = useIntl();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const smartphone = useSyncExternalStore(noSubscription, isSmartphone, () => false);
  const applies = useActivationReminder();
  const [, close] = useDismissal(user ? `activation_alert_${user.id}` : null);
  if (!user || !applies) return null;

  const sentAt = Date.parse(user.signup_date);
  // A member who came from the PHP service may have no address here yet: the texts then name none.
  const text = user.email ? (
    <FormattedMessage
      id="activation.reminder.body"
      defaultMessage="Confirm your e-mail address with the link we sent to {email}. Until then other members do not receive your messages."
      values={{ email: <strong>{user.email}</strong> }}
    />
  ) : (
    <FormattedMessage
      id="activation.reminder.bodyNoAddress"
      defaultMessage="Confirm your e-mail address with the link we sent you. Until then other members do not receive your messages."
    />
  );
  const params = new URLSearchParams(search);
  if (smartphone && params.has('api_signup_complete')) {
    const close = () => {
      params.delete('api_signup_complete');
      const rest = params.toString();
      navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    };
    return (
      <Modal
        title={intl.formatMessage({ id: 'activation.reminder.title', defaultMessage: 'Confirm your e-mail address' })}
        onDismiss={close}
        testId="activation-modal"
        footer={
          <button type="button" className="btn btn-primary" onClick={close}>
            <FormattedMessage id="activation.reminder.ok" defaultMessage="OK" />
          </button>
        }
      >
        <p>{text}</p>
        <ResendActivation sentAt={sentAt} />
      </Modal>
    );
  }
  return (
    <div role="alert" className="alert alert-warning d-flex align-items-start gap-2 activation-alert" data-testid="activation-alert">
      <div className="flex-grow-1">
        <strong className="d-none d-sm-block">
          <FormattedMessage id="activation.reminder.title" defaultMessage="Confirm your e-mail address" />
        </strong>
        {/* The banner's own shorter text: with the resend link it stays within a fifth of a 320 × 640 screen. */}
        {user.email ? (
          <FormattedMessage
            id="activation.reminder.short"
            defaultMessage="Confirm your address with the link we sent to {email}: until then your messages reach nobody."
            values={{ email: <strong>{user.email}</strong> }}
          />
        ) : (
          <FormattedMessage
            id="activation.reminder.shortNoAddress"
            defaultMessage="Confirm your address with the link we sent you: until then your messages reach nobody."
          />
        )}{' '}
        <ResendActivation sentAt={sentAt} />
      </div>
      <button
        type="button"
        className="btn-close"
        aria-label={intl.formatMessage({ id: 'banner.dismiss', defaultMessage: 'Close this message' })}
        onClick={close}
      />
    </div>
  );
}
