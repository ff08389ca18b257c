import { randomBytes } from 'node:crypto';
import { checkDateOfBirth, checkEmail, checkName, checkNewPassword } from '../../../src/shared/account-rules';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { createSession } from '../session/repository';
import { SESSION_MAX_AGE_SECONDS, sessionIdOf } from '../session/service';
import * as repo from './repository';
import { memberLocale, newToken, queueMail, requireValid, type AccountContext, type AccountDeps } from './service';

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

interface NewAccount {
  email: string;
  passwordHash: string;
  tracking: Record<string, string>;
  messageFirst: boolean;
  message: string | null;
  sessionToken: string;
}

/**
 * The rows of a new account — user, profile, signup credits, waiting message, session, activation token and mail —
 * or null (and nothing written) when the address already has an account on the site.
 */
async function createAccount(tx: Db, deps: AccountDeps, ctx: AccountContext, input: SignupInput, a: NewAccount): Promise<number | null> {
  const id = await repo.insertUser(tx, {
    siteId: ctx.site.id,
    email: a.email,
    passwordHash: a.passwordHash,
    language: ctx.locale,
    credits: ctx.site.signup_credits,
    tracking: a.tracking,
  });
  if (id === null) return null;
  await repo.insertProfile(tx, {
    userId: id,
    name: a.messageFirst ? '' : (input.name ?? '').trim(),
    birthDate: a.messageFirst ? null : (input.date_of_birth ?? null),
    about: input.about?.trim() ?? '',
    country: ctx.site.countries[0] ?? null,
  });
  if (ctx.site.signup_credits > 0) await repo.addSignupCredits(tx, id, ctx.site.signup_credits);
  if (a.message && input.recipient_id) await repo.insertSignupMessage(tx, id, input.recipient_id, a.message);
  await createSession(tx, sessionIdOf(a.sessionToken), id, SESSION_MAX_AGE_SECONDS);
  const activationToken = await newToken(tx, 'activate', id);
  await queueMail(tx, deps, ctx, { kind: 'activate', to: a.email, path: `/activate/done?token=${activationToken}`, locale: ctx.locale });
  return id;
}

/**
 * Creates a not-yet-activated account, logs it in and mails the activation link.
 *
 * Enumeration (issue 9): an address that already has an account gets the very same answer — 200 `{success:true}`
 * with an `auth` cookie of the same form — after the same work: one argon2 hash, and in one transaction the same
 * statements (an account's rows, here for a stand-in address and rolled back to a savepoint, and one outbox mail).
 * Its cookie names no session (the stand-in's was rolled back), so it behaves as logged out; nothing is created, and
 * the address's owner gets a mail saying 'This e-mail address already has an account on this site' with a way to
 * reset the password. Only whoever reads that inbox learns that the account exists.
 */
export async function signup(deps: AccountDeps, ctx: AccountContext, input: SignupInput): Promise<{ sessionToken: string }> {
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

  const account: NewAccount = {
    email,
    passwordHash: await hashPassword(input.password),
    tracking: Object.fromEntries(
      Object.entries(input.tracking ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
    ),
    messageFirst,
    message,
    // Drawn for both answers alike; only a new account keeps a session behind it.
    sessionToken: randomBytes(16).toString('hex'),
  };
  const userId = await deps.db.transaction(async (tx) => {
    // Both paths run the same statements: savepoint, the account's rows, the owner's row, one mail.
    await tx.query('SAVEPOINT signup');
    const id = await createAccount(tx, deps, ctx, input, account);
    if (id === null) {
      // The address has an account: the same rows for a stand-in address, then undone, so the answer takes as long.
      await createAccount(tx, deps, ctx, input, { ...account, email: `stand-in-${randomBytes(12).toString('hex')}@signup.invalid` });
      await tx.query('ROLLBACK TO SAVEPOINT signup');
    } else {
      await tx.query('RELEASE SAVEPOINT signup');
    }
    const owner = await repo.findAccountByEmail(tx, ctx.site.id, email);
    // Nothing is created for a known address, and only its owner learns of this attempt, by mail.
    if (id === null && owner) {
      await queueMail(tx, deps, ctx, { kind: 'signup_duplicate', to: owner.email, path: '/reset-password', locale: memberLocale(owner.language, ctx.locale) });
    }
    return id;
  });
  deps.outbox.kick();
  if (userId !== null) deps.logger.info({ userId, network: account.tracking.network }, 'signup');
  return { sessionToken: account.sessionToken };
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
