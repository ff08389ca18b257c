import { randomBytes } from 'node:crypto';
import { checkDateOfBirth, checkEmail, checkName, checkNewPassword } from '../../../src/shared/account-rules';
import type { Schemas } from '../../lib/api-types';
import type { Site, Viewer } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, authenticationRequired, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { createSession, SESSION_MAX_AGE_SECONDS, sessionIdOf } from '../session/index';
import { isBannedAddress } from '../safety/index';
import * as repo from './repository';
import { newToken, queueMail, requireValid, type AccountContext, type AccountDeps } from './service';

/**
 * The signup form as the contract has it (SignupRequest). `country`: the one he chose at the personal-info step (one
 * of the site's); absent: the site's first country.
 */
type SignupInput = Schemas['SignupRequest'];

/** 'all', or 'with_trafficsource' with a traffic source; anything else is invite-only. */
function signupsOpen(site: Pick<Site, 'signups'>, network: string | undefined): boolean {
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

/** A never-deliverable address (RFC 2606's reserved .invalid domain) for a decoy account. */
const decoyAddress = (): string => `decoy-${randomBytes(12).toString('hex')}@signup.invalid`;

/**
 * The rows of an account — user, profile, signup credits, waiting message, session, activation token — and its mail,
 * all in `tx`. A new address gets the activation mail. An address that already has an account gets a decoy account
 * instead (its `email` undeliverable, the typed address only shown to its own session) and the owner of the address
 * gets a mail saying so; the decoy's activation token is written too but never mailed, so both paths do the same work.
 */
async function createAccount(tx: Db, deps: AccountDeps, ctx: AccountContext, input: SignupInput, a: NewAccount): Promise<number> {
  const user = {
    siteId: ctx.site.id,
    passwordHash: a.passwordHash,
    language: ctx.locale,
    credits: ctx.site.signup_credits,
    tracking: a.tracking,
    signupNetwork: ctx.network ?? null,
  };
  // One lookup and one insert either way (an insert that loses a race for the address falls back to a decoy).
  const owner = await repo.findAccountByEmail(tx, ctx.site.id, a.email);
  // A banned member's address (normalised) signs up as a decoy too: the answer is the same, the account never works.
  const banned = await isBannedAddress(tx, ctx.site.id, a.email);
  const created = owner || banned ? null : await repo.insertUser(tx, { ...user, email: a.email });
  const id = created ?? (await repo.insertUser(tx, { ...user, email: decoyAddress(), shownEmail: a.email }));
  if (id === null) throw new Error('a decoy address collided');
  await repo.insertProfile(tx, {
    userId: id,
    name: a.messageFirst ? '' : (input.name ?? '').trim(),
    birthDate: a.messageFirst ? null : (input.date_of_birth ?? null),
    about: input.about?.trim() ?? '',
    country: input.country ?? ctx.site.countries[0] ?? null,
    // His own words from the "about me" step (a "message first" signup has none).
    ...(a.messageFirst
      ? {}
      : {
          words: {
            looking_for: input.looking_for,
            position: input.position,
            tribes: input.tribes,
            height_cm: input.height_cm,
            weight_kg: input.weight_kg,
            pronouns: input.pronouns,
          },
        }),
  });
  if (ctx.site.signup_credits > 0) await repo.addSignupCredits(tx, id, ctx.site.signup_credits);
  if (a.message && input.recipient_id) await repo.insertSignupMessage(tx, id, input.recipient_id, a.message);
  await createSession(tx, sessionIdOf(a.sessionToken), id, SESSION_MAX_AGE_SECONDS);
  const activationToken = await newToken(tx, 'activate', id);
  if (created !== null) {
    await queueMail(tx, deps, ctx, { kind: 'activate', to: a.email, path: `/activate/done?token=${activationToken}` });
  } else {
    // Only whoever reads the owner's inbox learns that someone tried; the answer and the session say nothing.
    const known = owner ?? (await repo.findAccountByEmail(tx, ctx.site.id, a.email));
    if (known) {
      await queueMail(tx, deps, ctx, { kind: 'signup_duplicate', to: known.email, path: '/reset-password' });
    }
  }
  return id;
}

/**
 * Creates a not-yet-activated account, logs it in and mails the activation link.
 *
 * Enumeration: on a gay dating site, learning that an address has an account can out someone. So an
 * address that already has an account gets the very same thing a new one gets — 200 `{success:true}`, an `auth`
 * cookie of a real session, after the same work (one argon2 hash, one account's rows, one mail) — only the session
 * belongs to a decoy account: a not-activated account like any new one, which can never be activated through that
 * address (the owner gets a 'this address already has an account' mail instead of the activation link). Whatever
 * the session does next — read user.php, edit the profile, upload photos, change its address — answers as for a new
 * account; logging in again with the password is refused for every account until its address is confirmed
 * (session/service.ts), so that cannot tell them apart either.
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
  // The country is the one he saw and kept (or changed) at the personal-info step: one the site offers.
  if (input.country !== undefined && ctx.site.countries.length > 0 && !ctx.site.countries.includes(input.country)) {
    throw new AppError(422, 'country_not_offered', { params: { field: 'country' } });
  }

  const account: NewAccount = {
    email,
    passwordHash: await hashPassword(input.password),
    tracking: Object.fromEntries(
      Object.entries(input.tracking ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
    ),
    messageFirst,
    message,
    sessionToken: randomBytes(16).toString('hex'),
  };
  const userId = await deps.db.transaction((tx) => createAccount(tx, deps, ctx, input, account));
  deps.outbox.kick();
  deps.logger.info({ userId, network: account.tracking.network }, 'signup');
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
  requireValid(checkName(input.name, account.shown_email), 'name');
  requireValid(checkDateOfBirth(input.date_of_birth), 'date_of_birth');
  await repo.updateProfile(deps.db, {
    userId: viewer.userId,
    name: input.name.trim(),
    birthDate: input.date_of_birth,
    about: input.about?.trim(),
  });
}
