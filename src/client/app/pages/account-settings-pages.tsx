import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from '../../components/link';
import { Seo } from '../../components/seo';
import { changePassword } from '../../features/accounts/api/change-password';
import { requestMailChange } from '../../features/accounts/api/request-mail-change';
import { ChangeEmailForm, EMAIL_FORM } from '../../features/accounts/components/change-email-form';
import { ChangePasswordForm, PASSWORD_FORM } from '../../features/accounts/components/change-password-form';
import { deleteAccount } from '../../features/accounts/api/delete-account';
import { DELETE_FORM, DeleteAccountForm, reasonsOf } from '../../features/accounts/components/delete-account-form';
import { DISCOUNT_FORM } from '../../features/accounts/components/delete-discount-offer';
import { claimDeleteDiscount } from '../../features/accounts/api/claim-delete-discount';
import { answerInPlace, type InPlaceAnswer } from '../../components/router-fetcher';
import type { Schemas } from '../../../shared/api/client';
import { saveNotificationSettings } from '../../features/accounts/api/save-notification-settings';
import {
  mailField,
  MAIL_KINDS,
  NOTIFICATIONS_FORM,
  NotificationSettingsForm,
} from '../../features/accounts/components/notification-settings-form';
import { notificationSettingsKey, getNotificationSettings } from '../../features/accounts/api/notification-settings';
import { LoginForm } from '../../features/session/components/login-form';
import { forgetMemberData } from '../../lib/member-device-data';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { runFormAction, seeOther, seeOtherDocument, textField, type FormFailure } from '../form-action';
import {
  endSessionWith,
  mergePrefetched,
  prefetchForMember,
  prefetchKey,
  type PageActionArgs,
  type PageLoaderArgs,
  type PrefetchResult,
} from '../route-handle';
import { companyInfoKey, getCompanyInfo } from '../../features/info-pages/api/get-company-info';
import { PUSH_PREVIEWS_FIELD, PUSH_PREVIEWS_FORM, PushSettingsCard } from '../../features/push/components/push-settings-card';
import { getPushPreviews, PUSH_PREVIEWS_KEY, putPushPreviews } from '../../features/push/api/push-api';
import { DataExportSection, EXPORT_FORM } from '../../features/data-export/components/data-export-section';
import { dataExportKey, getDataExport, requestDataExport } from '../../features/data-export/api/data-export';
import { idempotencyKeyOf, IDEMPOTENCY_FIELD } from '../../components/progressive-form';
import { listMyReports, MY_REPORTS_KEY } from '../../features/safety/api/reports';
import { listStatements, STATEMENTS_KEY } from '../../features/safety/api/statements';
import { MyReportsList, MyStatementsList } from '../../features/safety/components/my-safety';

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
        <NavLink className="nav-link" to="/safety" end>
          <FormattedMessage id="safety.tab" defaultMessage="Safety" />
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

/**
 * The account settings' forms by `intent` (posted by the browser without JavaScript, run through the router with it):
 * the password change, the e-mail change, the request for his data, the deletion and the discount offered instead of
 * it (answered in place to the offer's fetcher: his code; posted, 303 to the bundles with it). Done: 303 to /settings with what was done (the deletion:
 * to /account-deleted as a whole page load, with the backend's clearing of the session cookie); refused: the page
 * again with the backend's error (in the member's language) beside its field.
 */
export async function settingsAction({
  request,
  context,
}: PageActionArgs): Promise<Response | FormFailure | InPlaceAnswer<Schemas['DiscountCode']>> {
  const form = await request.formData();
  const intent = textField(form, 'intent');
  if (intent === PASSWORD_FORM) {
    const body = {
      old_password: textField(form, 'old_password'),
      password: textField(form, 'password'),
      password_repeat: textField(form, 'password_repeat'),
    };
    return runFormAction(
      PASSWORD_FORM,
      {},
      () => changePassword(context.api, body),
      () => seeOther(`/settings?done=${PASSWORD_FORM}`),
    );
  }
  if (intent === EMAIL_FORM) {
    const email = textField(form, 'email').trim();
    return runFormAction(
      EMAIL_FORM,
      { email },
      () => requestMailChange(context.api, { email, password: textField(form, 'password') }),
      () => seeOther(`/settings?${new URLSearchParams({ done: EMAIL_FORM, email }).toString()}`),
    );
  }
  if (intent === DELETE_FORM) {
    const reasons = reasonsOf(form.getAll('reasons'));
    const comment = textField(form, 'comment').trim();
    return runFormAction(
      DELETE_FORM,
      { reasons: reasons.join(','), comment },
      // The page's other calls wait meanwhile, and go out if the deletion is refused (a wrong password).
      () =>
        endSessionWith(context, (api) =>
          deleteAccount(api, { password: textField(form, 'password'), reasons, ...(comment ? { comment } : {}) }),
        ),
      () => {
        // With JavaScript, the page holds its calls and closes its event stream until the next page has loaded, and
        // his data in the browser leaves with his session (posted without JavaScript, the next page removes it).
        if (context.sessionEnded) forgetMemberData();
        context.sessionEnded?.();
        return seeOtherDocument('/account-deleted');
      },
    );
  }
  if (intent === DISCOUNT_FORM)
    return runFormAction(
      DISCOUNT_FORM,
      {},
      () => claimDeleteDiscount(context.api),
      (code) => answerInPlace(form, code, seeOther(`/credits?${new URLSearchParams({ code: code.code }).toString()}`)),
    );
  if (intent === EXPORT_FORM) {
    const key = idempotencyKeyOf(form);
    return runFormAction(
      EXPORT_FORM,
      { [IDEMPOTENCY_FIELD]: key },
      () => requestDataExport(context.api, key),
      () => seeOther('/settings'),
    );
  }
  return seeOther('/settings');
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
      <section className="surface mb-3" aria-labelledby="settings-data-export">
        <h2 id="settings-data-export" className="h5 fw-bold">
          <FormattedMessage id="dataExport.title" defaultMessage="Download my data" />
        </h2>
        <DataExportSection page="/settings" />
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

/**
 * The settings: the member's pending data export, and the company details whose deletion discount the account
 * deletion offers to a member leaving because it is too expensive (in the same wave, so the page asks nothing after).
 */
export async function accountSettingsLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(await Promise.all([
        prefetchKey(dataExportKey(), () => getDataExport(ctx.api)),
        prefetchKey(companyInfoKey(), () => getCompanyInfo(ctx.api)),
      ])),
    ),
  );
}

export async function notificationsLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(await Promise.all([
        prefetchKey(notificationSettingsKey(), () => getNotificationSettings(ctx.api)),
        prefetchKey(PUSH_PREVIEWS_KEY, () => getPushPreviews(ctx.api)),
      ])),
    ),
  );
}

/**
 * The page's forms: the lock-screen previews switch (`intent=push_previews`, on when `previews` is sent), and the
 * notification switches posted without JavaScript — every kind as sent (a switch left off is not sent). Each answers
 * 303 back to the page, whose loader brings the stored state.
 */
export async function notificationsAction({ request, context }: PageActionArgs): Promise<Response | FormFailure> {
  const form = await request.formData();
  if (textField(form, 'intent') === PUSH_PREVIEWS_FORM)
    return runFormAction(
      PUSH_PREVIEWS_FORM,
      {},
      () => putPushPreviews(context.api, form.has(PUSH_PREVIEWS_FIELD)),
      () => seeOther('/notifications'),
    );
  const mail = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, form.has(mailField(kind))])) as Record<
    (typeof MAIL_KINDS)[number],
    boolean
  >;
  return runFormAction(
    NOTIFICATIONS_FORM,
    {},
    () => saveNotificationSettings(context.api, mail),
    () => seeOther('/notifications?saved=1'),
  );
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

export async function safetyLoader({ context: ctx }: PageLoaderArgs): Promise<PrefetchResult> {
  return prefetchForMember(ctx, async () =>
    mergePrefetched(
      ...(await Promise.all([
        prefetchKey(MY_REPORTS_KEY, () => listMyReports(ctx.api)),
        prefetchKey(STATEMENTS_KEY, () => listStatements(ctx.api)),
      ])),
    ),
  );
}

/** /safety: the member's own reports with their outcome, and the decisions about him (statements of reasons). */
export function SafetyPage() {
  const intl = useIntl();
  return (
    <SettingsShell title={intl.formatMessage({ id: 'safety.page.title', defaultMessage: 'Reports and decisions' })}>
      <section className="surface mb-3" aria-labelledby="safety-reports">
        <h2 id="safety-reports" className="h5 fw-bold">
          <FormattedMessage id="safety.mine.reports" defaultMessage="My reports" />
        </h2>
        <MyReportsList />
      </section>
      <section className="surface mb-3" aria-labelledby="safety-decisions">
        <h2 id="safety-decisions" className="h5 fw-bold">
          <FormattedMessage id="safety.mine.decisions" defaultMessage="Decisions about me" />
        </h2>
        <MyStatementsList />
      </section>
      <p className="small text-body-secondary">
        <FormattedMessage
          id="safety.page.notice"
          defaultMessage="Found illegal content? Anyone can tell us with the {link}."
          values={{
            link: (
              <Link to="/report-content">
                <FormattedMessage id="safety.page.noticeLink" defaultMessage="notice form" />
              </Link>
            ),
          }}
        />
      </p>
    </SettingsShell>
  );
}
