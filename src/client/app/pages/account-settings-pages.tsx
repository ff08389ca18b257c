import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from '../../components/link';
import { Seo } from '../../components/seo';
import { ChangeEmailForm } from '../../features/accounts/components/change-email-form';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { DeleteAccountForm } from '../../features/accounts/components/delete-account-form';
import { NotificationSettingsForm } from '../../features/accounts/components/notification-settings-form';
import { notificationSettingsKey, getNotificationSettings } from '../../features/accounts/api/notification-settings';
import { LoginForm } from '../../features/session/components/login-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { prefetchForMember, prefetchKey, type PrefetchContext, type PrefetchResult } from '../route-handle';
import { PushSettingsCard } from '../../features/push/components/push-settings-card';

function SettingsShell({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSettings();
  const user = useCurrentUser();
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <h1 className="h3 fw-bold mb-3">{title}</h1>
      <nav className="nav nav-pills tab-bar mb-3" aria-label={title}>
        <NavLink className="nav-link" to="/notifications" end>
          <FormattedMessage id="settings.tab.notifications" defaultMessage="Notifications" />
        </NavLink>
        <NavLink className="nav-link" to="/settings" end>
          <FormattedMessage id="settings.tab.account" defaultMessage="Account" />
        </NavLink>
      </nav>
      {user ? (
        children
      ) : (
        <div className="surface">
          <LoginForm />
        </div>
      )}
    </div>
  );
}

/** settings: change password, change e-mail, delete the account. */
export function AccountSettingsPage() {
  const intl = useIntl();
  const user = useCurrentUser();
  return (
    <SettingsShell title={intl.formatMessage({ id: 'settings.account.title', defaultMessage: 'Account settings' })}>
      <section className="surface mb-3" aria-labelledby="settings-password">
        <h2 id="settings-password" className="h5 fw-bold">
          <FormattedMessage id="account.password.title" defaultMessage="Password" />
        </h2>
        <ChangePasswordForm />
      </section>
      <section className="surface mb-3" aria-labelledby="settings-email">
        <h2 id="settings-email" className="h5 fw-bold">
          <FormattedMessage id="account.email.title" defaultMessage="E-mail address" />
        </h2>
        <ChangeEmailForm current={user?.email ?? ''} />
      </section>
      <section className="surface mb-3" aria-labelledby="settings-delete">
        <h2 id="settings-delete" className="h5 fw-bold">
          <FormattedMessage id="delete.title" defaultMessage="Delete account" />
        </h2>
        <DeleteAccountForm />
      </section>
    </SettingsShell>
  );
}

export async function prefetchNotifications(ctx: PrefetchContext): Promise<PrefetchResult> {
  return prefetchForMember(ctx, () => prefetchKey(notificationSettingsKey(), () => getNotificationSettings(ctx.api)));
}

/** notifications: the settings screen of the account dropdown (e-mail notification kinds). */
export function NotificationsPage() {
  const intl = useIntl();
  return (
    <SettingsShell title={intl.formatMessage({ id: 'settings.notifications.title', defaultMessage: 'Notification settings' })}>
      <section className="surface">
        <NotificationSettingsForm />
      </section>
      <PushSettingsCard />
    </SettingsShell>
  );
}
