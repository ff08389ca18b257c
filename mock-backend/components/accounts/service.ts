import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import {
  checkDateOfBirth,
  checkEmail,
  checkName,
  checkNewPassword,
  MIN_AGE,
  PASSWORD_MIN_LENGTH,
  type FieldErrorCode,
} from '../../../src/shared/account-rules';
import { ACCOUNT_UNDO_DAYS } from '../../../src/shared/constants';
import type { Locale } from '../../../src/shared/locales';
import { isLocale } from '../../../src/shared/locales';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, badRequest } from '../../lib/errors';
import { enqueueMail, type Outbox } from '../../lib/outbox';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { createSession } from '../session/repository';
import { SESSION_MAX_AGE_SECONDS, sessionIdOf } from '../session/service';
import { renderAccountMail, type MailKind } from './mail-texts';
import * as repo from './repository';

/** How long a mailed link works, by purpose. */
export const TOKEN_TTL_HOURS: Record<repo.TokenPurpose, number> = {
  activate: 72,
  reset_password: 2,
  mail_change: 24,
  reactivate: ACCOUNT_UNDO_DAYS * 24,
};
/** Reset mails per address and day; counted for unknown addresses too, so the cap tells nothing. */
export const RESET_MAILS_PER_DAY = 3;
/** The activation mail can be sent again once a minute. */
export const RESEND_MIN_SECONDS = 60;

export interface AccountDeps {
  db: Db;
  /** Mails are rows of the outbox, written in the transaction of their change; `kick()` after it commits. */
  outbox: Pick<Outbox, 'kick'>;
  logger: Logger;
  /** Absolute origin of the default site's links (PUBLIC_URL). */
  publicUrl: string;
}

/** The request facts a service needs: site, language, and the origin for links in mails. */
export interface AccountContext {
  site: Site;
  locale: Locale;
}

/**
 * SPEC §4: until the e-mail address is confirmed, other members do not receive the account's messages. Chat
 * (and anything else that delivers a member's words to others) asks this before delivering.
 */
export function deliversMessagesToOthers(status: 'active' | 'not_confirmed' | 'deleted'): boolean {
  return status === 'active';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function fieldError(code: FieldErrorCode, field: string): AppError {
  const params: Record<string, unknown> = { field };
  if (code === 'birth_date_required') params.min_age = MIN_AGE;
  if (code === 'password_too_short') params.min = PASSWORD_MIN_LENGTH;
  return new AppError(422, code, { params });
}

function requireValid(code: FieldErrorCode | null, field: string): void {
  if (code) throw fieldError(code, field);
}

/** Origin of links for this site: PUBLIC_URL, with the site's own host for the non-default sites. */
async function linkOrigin(deps: AccountDeps, db: Db, site: Site): Promise<string> {
  if (await repo.isDefaultSite(db, site.id)) return deps.publicUrl;
  const url = new URL(deps.publicUrl);
  url.hostname = site.host;
  return url.origin;
}

async function newToken(db: Db, purpose: repo.TokenPurpose, userId: number, newEmail?: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await repo.insertToken(db, {
    tokenHash: hashToken(token),
    purpose,
    userId,
    ttlHours: TOKEN_TTL_HOURS[purpose],
    ...(newEmail ? { newEmail } : {}),
  });
  return token;
}

/**
 * Writes an account mail into the outbox inside `tx`, the transaction of the change it announces: the mail exists
 * exactly when the change does, and the mail job sends it (call `deps.outbox.kick()` once the transaction committed).
 */
async function queueMail(
  tx: Db,
  deps: AccountDeps,
  ctx: AccountContext,
  mail: { kind: MailKind; to: string; path: string; locale: Locale },
): Promise<void> {
  const { kind } = mail;
  const origin = await linkOrigin(deps, tx, ctx.site);
  const rendered = renderAccountMail(kind, mail.locale, {
    site: ctx.site.name,
    link: `${origin}${mail.path}`,
    hours: kind === 'account_deleted' ? TOKEN_TTL_HOURS.reactivate : TOKEN_TTL_HOURS[kind === 'signup_duplicate' ? 'reset_password' : kind],
    days: ACCOUNT_UNDO_DAYS,
  });
  const fromName = ctx.site.mail_name || ctx.site.name;
  const fromAddress = ctx.site.support_email || `no-reply@${ctx.site.domain}`;
  await enqueueMail(tx, { topic: kind, to: mail.to, from: `"${fromName.replace(/"/g, '')}" <${fromAddress}>`, ...rendered });
}

const memberLocale = (language: string, fallback: Locale): Locale => (isLocale(language) ? language : fallback);

export interface SignupInput {
  email: string;
  password: string;
  name?: string | undefined;
  date_of_birth?: string | undefined;
  about?: string | undefined;
  signup_message?: string | undefined;
  recipient_id?: number | undefined;
  tracking?: Partial<Record<'network' | 'ref' | 'sub1' | 'sub2' | 'sub3', string>> | undefined;
}

/** SPEC §5: 'all', or 'with_trafficsource' with a traffic source; anything else is invite-only. */
export function signupsOpen(site: Pick<Site, 'signups'>, network: string | undefined): boolean {
  if (site.signups === 'all') return true;
  return site.signups === 'with_trafficsource' && Boolean(network?.trim());
}

/**
 * Creates a not-yet-activated account, logs it in and mails the activation link.
 *
 * Enumeration: the answer for an address that already has an account is the same `{success:true}` with the same
 * status. Nothing is created and no session starts; the address's owner gets a mail saying 'This e-mail address
 * already has an account on this site' with a way to reset the password. Only whoever reads that inbox learns that
 * the account exists. The password is hashed on both paths so the timing matches too.
 */
export async function signup(
  deps: AccountDeps,
  ctx: AccountContext,
  input: SignupInput,
): Promise<{ sessionToken: string | null }> {
  if (!signupsOpen(ctx.site, input.tracking?.network)) throw new AppError(403, 'signups_closed');
  const email = input.email.trim();
  requireValid(checkEmail(email), 'email');
  const messageFirst = input.name === undefined && input.date_of_birth === undefined;
  const message = input.recipient_id && input.signup_message?.trim() ? input.signup_message.trim() : null;
  if (input.recipient_id && !(await repo.isVisibleMember(deps.db, ctx.site.id, input.recipient_id))) {
    throw badRequest({ field: 'recipient_id' });
  }
  if (messageFirst) {
    if (!message) throw badRequest({ field: 'name' });
  } else {
    requireValid(checkName(input.name ?? '', email), 'name');
    requireValid(checkDateOfBirth(input.date_of_birth), 'date_of_birth');
  }
  requireValid(checkNewPassword(input.password), 'password');

  const passwordHash = await hashPassword(input.password);
  const tracking = Object.fromEntries(
    Object.entries(input.tracking ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
  );
  const created = await deps.db.transaction(async (tx) => {
    const userId = await repo.insertUser(tx, {
      siteId: ctx.site.id,
      email,
      passwordHash,
      language: ctx.locale,
      credits: ctx.site.signup_credits,
      tracking,
    });
    if (userId === null) {
      // The address has an account: nothing is created, and only its owner learns of this attempt, by mail.
      const owner = await repo.findAccountByEmail(tx, ctx.site.id, email);
      if (owner) await queueMail(tx, deps, ctx, { kind: 'signup_duplicate', to: owner.email, path: '/reset-password', locale: memberLocale(owner.language, ctx.locale) });
      return null;
    }
    await repo.insertProfile(tx, {
      userId,
      name: messageFirst ? '' : (input.name ?? '').trim(),
      birthDate: messageFirst ? null : (input.date_of_birth ?? null),
      about: input.about?.trim() ?? '',
      country: ctx.site.countries[0] ?? null,
    });
    if (ctx.site.signup_credits > 0) await repo.addSignupCredits(tx, userId, ctx.site.signup_credits);
    if (message && input.recipient_id) await repo.insertSignupMessage(tx, userId, input.recipient_id, message);
    const sessionToken = randomBytes(16).toString('hex');
    await createSession(tx, sessionIdOf(sessionToken), userId, SESSION_MAX_AGE_SECONDS);
    const activationToken = await newToken(tx, 'activate', userId);
    await queueMail(tx, deps, ctx, { kind: 'activate', to: email, path: `/activate/done?token=${activationToken}`, locale: ctx.locale });
    return { userId, sessionToken };
  });
  deps.outbox.kick();

  if (!created) return { sessionToken: null };
  deps.logger.info({ userId: created.userId, network: tracking.network }, 'signup');
  return { sessionToken: created.sessionToken };
}

/** complete-signup: name, date of birth and about me for an account that started with a message. */
export async function completeSignup(
  deps: AccountDeps,
  viewer: Viewer | null,
  input: { name: string; date_of_birth: string; about?: string | undefined },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const account = await repo.findAccount(deps.db, viewer.userId);
  if (!account) throw authenticationRequired();
  requireValid(checkName(input.name, account.email), 'name');
  requireValid(checkDateOfBirth(input.date_of_birth), 'date_of_birth');
  await repo.updateProfile(deps.db, {
    userId: viewer.userId,
    name: input.name.trim(),
    birthDate: input.date_of_birth,
    about: input.about?.trim(),
  });
}

/** Spends the activation token: the account becomes active and its waiting signup messages are delivered. */
export async function activate(deps: AccountDeps, token: string): Promise<void> {
  const done = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'activate', hashToken(token));
    if (!spent) return false;
    const activated = await repo.activate(tx, spent.user_id);
    if (!activated) return false;
    await repo.deliverSignupMessages(tx, spent.user_id, activated.site_id);
    return true;
  });
  if (!done) throw new AppError(410, 'activation_failed');
}

export async function resendActivation(deps: AccountDeps, ctx: AccountContext, viewer: Viewer | null): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const account = await repo.findAccount(deps.db, viewer.userId);
  if (!account) throw authenticationRequired();
  if (account.status !== 'not_confirmed') return;
  const age = await repo.lastTokenAgeSeconds(deps.db, viewer.userId, 'activate');
  if (age !== null && age < RESEND_MIN_SECONDS) {
    throw new AppError(429, 'too_many_requests', { headers: { 'Retry-After': String(RESEND_MIN_SECONDS - age) } });
  }
  await deps.db.transaction(async (tx) => {
    const token = await newToken(tx, 'activate', viewer.userId);
    await queueMail(tx, deps, ctx, { kind: 'activate', to: account.email, path: `/activate/done?token=${token}`, locale: memberLocale(account.language, ctx.locale) });
  });
  deps.outbox.kick();
}

/**
 * Mails a reset link when the address has an account; answers the same either way. The daily cap counts the
 * address, known or not, in one atomic upsert, so parallel requests cannot slip past it.
 */
export async function requestPasswordReset(deps: AccountDeps, ctx: AccountContext, rawEmail: string): Promise<void> {
  const email = rawEmail.trim();
  requireValid(checkEmail(email), 'email');
  await deps.db.transaction(async (tx) => {
    const count = await repo.countResetRequest(tx, ctx.site.id, email);
    if (count > RESET_MAILS_PER_DAY) throw new AppError(429, 'reset_limit');
    const account = await repo.findAccountByEmail(tx, ctx.site.id, email);
    if (!account || account.status === 'deleted') return;
    const token = await newToken(tx, 'reset_password', account.id);
    await queueMail(tx, deps, ctx, { kind: 'reset_password', to: account.email, path: `/reset-password/do?token=${token}`, locale: memberLocale(account.language, ctx.locale) });
  });
  deps.outbox.kick();
}

/** Sets the new password with a reset token; every session of the member ends and the login locks lift. */
export async function resetPassword(
  deps: AccountDeps,
  ctx: AccountContext,
  input: { token: string; password: string; password_repeat: string },
): Promise<void> {
  requireValid(checkNewPassword(input.password, input.password_repeat), input.password.length < PASSWORD_MIN_LENGTH ? 'password' : 'password_repeat');
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'reset_password', hashToken(input.token));
    if (!spent) return false;
    const account = await repo.findAccount(tx, spent.user_id);
    if (!account || account.status === 'deleted') return false;
    await repo.setPassword(tx, spent.user_id, passwordHash);
    await repo.deleteSessions(tx, spent.user_id);
    await repo.clearAccountThrottle(tx, ctx.site.id, account.email);
    return true;
  });
  if (!ok) throw new AppError(410, 'token_invalid');
}

async function checkCurrentPassword(deps: AccountDeps, userId: number, password: string, code: 'old_password_wrong' | 'password_wrong', field: string) {
  const account = await repo.findAccount(deps.db, userId);
  if (!account) throw authenticationRequired();
  const ok = await verifyPassword(account.password_hash || (await dummyHash()), password);
  if (!ok) throw new AppError(422, code, { params: { field } });
  return account;
}

/** Changes the password (old one checked); the member's other sessions end, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  viewer: Viewer | null,
  input: { old_password: string; password: string; password_repeat: string },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  await checkCurrentPassword(deps, viewer.userId, input.old_password, 'old_password_wrong', 'old_password');
  requireValid(checkNewPassword(input.password, input.password_repeat), input.password.length < PASSWORD_MIN_LENGTH ? 'password' : 'password_repeat');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, viewer.userId, passwordHash);
    await repo.deleteSessions(tx, viewer.userId, viewer.sessionId);
  });
}

/**
 * Mails a confirmation link to the new address (current password checked). Whether the new address already has an
 * account is only told at confirmation, to whoever reads that inbox.
 */
export async function requestMailChange(
  deps: AccountDeps,
  ctx: AccountContext,
  viewer: Viewer | null,
  input: { password: string; email: string },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const email = input.email.trim();
  if (checkEmail(email)) throw fieldError('new_email_invalid', 'email');
  const account = await checkCurrentPassword(deps, viewer.userId, input.password, 'password_wrong', 'password');
  if (account.email.toLowerCase() === email.toLowerCase()) throw fieldError('new_email_invalid', 'email');
  await deps.db.transaction(async (tx) => {
    const token = await newToken(tx, 'mail_change', viewer.userId, email);
    await queueMail(tx, deps, ctx, { kind: 'mail_change', to: email, path: `/mail-change/do?token=${token}`, locale: memberLocale(account.language, ctx.locale) });
  });
  deps.outbox.kick();
}

export async function confirmMailChange(deps: AccountDeps, ctx: AccountContext, token: string): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'mail_change', hashToken(token));
    if (!spent?.new_email) return 'invalid' as const;
    if (await repo.emailTaken(tx, ctx.site.id, spent.new_email, spent.user_id)) return 'taken' as const;
    await repo.setEmail(tx, spent.user_id, spent.new_email);
    return 'ok' as const;
  });
  if (result === 'invalid') throw new AppError(410, 'token_invalid');
  if (result === 'taken') throw new AppError(409, 'email_taken', { params: { field: 'email' } });
}

/**
 * Deletes the account: hidden from everyone at once (status deleted), every session ends, a reactivation link
 * valid for the undo window is mailed; the purge job removes the personal data afterwards.
 */
export async function deleteAccount(
  deps: AccountDeps,
  ctx: AccountContext,
  viewer: Viewer | null,
  input: { password: string; reasons: string[]; comment?: string | undefined },
): Promise<void> {
  if (!viewer) throw authenticationRequired();
  const account = await checkCurrentPassword(deps, viewer.userId, input.password, 'password_wrong', 'password');
  await deps.db.transaction(async (tx) => {
    await repo.markDeleted(tx, viewer.userId, input.reasons, input.comment?.trim() ?? '');
    await repo.deleteSessions(tx, viewer.userId);
    const token = await newToken(tx, 'reactivate', viewer.userId);
    // This mail holds the only undo link: it commits with the deletion and is sent however long SMTP is down.
    await queueMail(tx, deps, ctx, { kind: 'account_deleted', to: account.email, path: `/account-deleted?token=${token}`, locale: memberLocale(account.language, ctx.locale) });
  });
  deps.outbox.kick();
  deps.logger.info({ userId: viewer.userId, reasons: input.reasons }, 'account deleted');
}

export async function reactivateAccount(deps: AccountDeps, token: string): Promise<void> {
  const ok = await deps.db.transaction(async (tx) => {
    const spent = await repo.consumeToken(tx, 'reactivate', hashToken(token));
    return spent ? repo.reactivate(tx, spent.user_id, ACCOUNT_UNDO_DAYS) : false;
  });
  if (!ok) throw new AppError(410, 'token_invalid');
}

export const MAIL_KINDS = ['messages', 'likes', 'matches', 'news'] as const;
type MailKinds = Record<(typeof MAIL_KINDS)[number], boolean>;
type DisabledReason = 'spam' | 'bounce' | 'unsubscribe';

export async function notificationSettings(deps: AccountDeps, viewer: Viewer | null): Promise<{ mail: MailKinds; disabled: DisabledReason[] }> {
  if (!viewer) throw authenticationRequired();
  const row = await repo.readNotificationSettings(deps.db, viewer.userId);
  if (!row) throw authenticationRequired();
  const mail = Object.fromEntries(MAIL_KINDS.map((k) => [k, !row.mail_off.includes(k)])) as MailKinds;
  const disabled = row.notifications_disabled.filter(
    (r): r is DisabledReason => r === 'spam' || r === 'bounce' || r === 'unsubscribe',
  );
  return { mail, disabled };
}

/** Saves the kinds; switching any kind on is a fresh opt-in and lifts an earlier list-unsubscribe. */
export async function saveNotificationSettings(deps: AccountDeps, viewer: Viewer | null, mail: MailKinds) {
  if (!viewer) throw authenticationRequired();
  const off = MAIL_KINDS.filter((k) => !mail[k]);
  await repo.writeNotificationSettings(deps.db, viewer.userId, off, off.length < MAIL_KINDS.length);
  return notificationSettings(deps, viewer);
}

