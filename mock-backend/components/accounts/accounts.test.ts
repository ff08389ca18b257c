import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, loginCookie, type TestContext } from '../../test/context';
import { purgeDeletedAccounts } from '../../use-cases/purge-deleted-accounts';
import { RESET_MAILS_PER_DAY } from './service';
import { createLogger } from '../../lib/logger';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

let seq = 0;
const uniqueEmail = () => `newbie${Date.now()}-${++seq}@example.test`;
const valid = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: 'correct-horse',
  name: 'Newbie',
  date_of_birth: '1990-05-17',
  ...over,
});

/** Every header of an answer except those that differ per request by nature (Date, request id); cookie values masked. */
function comparableHeaders(res: request.Response): Record<string, unknown> {
  const headers: Record<string, unknown> = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  headers['set-cookie'] = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.replace(/^(\w+)=[^;]*/, '$1=<value>').replace(/Expires=[^;]+/, 'Expires=<date>'));
  return headers;
}

function cookieNamed(res: request.Response, name: string): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
}

function authCookie(res: request.Response): string | undefined {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('auth='))
    ?.split(';')[0];
}

/** Waits for the mail to `to` whose link contains `path`, and returns the token of that link. */
async function mailedToken(to: string, path: string): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = [...ctx.mails].reverse().find((m) => m.to === to && m.text.includes(path));
      const token = mail?.text.match(/token=([0-9a-f]{64})/)?.[1];
      if (!token) throw new Error(`no ${path} mail to ${to}`);
      return token;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Signs up; answers the address, password and the session cookie of the new, not yet activated account. */
async function signUp(over: Record<string, unknown> = {}) {
  const body = valid(over);
  const res = await request(ctx.app).post('/api/signup.php').send(body);
  expect(res.status).toBe(200);
  const cookie = authCookie(res);
  if (!cookie) throw new Error('no cookie');
  return { email: body.email as string, password: body.password as string, cookie };
}

/** Signs up and confirms the address (an account logs in with its password only once it is confirmed). */
async function signupAndLogin(over: Record<string, unknown> = {}) {
  const body = valid(over);
  const res = await request(ctx.app).post('/api/signup.php').send(body);
  expect(res.status).toBe(200);
  const cookie = authCookie(res);
  if (!cookie) throw new Error('no cookie');
  const activated = await request(ctx.app)
    .post('/api/activate.php')
    .send({ token: await mailedToken(body.email as string, '/activate/done?token=') });
  expect(activated.status).toBe(200);
  return { email: body.email as string, password: body.password as string, cookie };
}

describe('signup validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an invalid e-mail', { email: 'no-at-sign' }, 'email_invalid', 'Ongeldige e-mail'],
    [
      'a name equal to the e-mail',
      { email: 'same@example.test', name: 'same@example.test' },
      'name_is_email',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    ['a name starting with @', { name: '@hunk' }, 'name_starts_with_at', 'Je profielnaam mag niet beginnen met een @'],
    ['no date of birth', { date_of_birth: undefined, name: 'Bas' }, 'birth_date_required', 'Vul uw geboortedatum in (18+ jaar)'],
    [
      'an age under 18',
      { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` },
      'birth_date_required',
      'Vul uw geboortedatum in (18+ jaar)',
    ],
    ['an impossible date', { date_of_birth: '1990-02-30' }, 'birth_date_invalid', 'Ongeldige geboortedatum.'],
    ['a date in the future', { date_of_birth: '2999-01-01' }, 'birth_date_invalid', 'Ongeldige geboortedatum.'],
    ['a short password', { password: 'short' }, 'password_too_short', 'Je wachtwoord moet minstens 8 tekens hebben.'],
  ];
  for (const [what, over, code, nl] of cases) {
    it(`When a visitor signs up with ${what}, then 422 ${code} says '${nl}' in Dutch`, async () => {
      const res = await request(ctx.app).post('/api/signup.php').set('accept-language', 'nl').send(valid(over));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code, message: nl });
      expect(res.body.error.params.field).toEqual(expect.any(String));
      expect(authCookie(res)).toBeUndefined();
    });
  }

  it('When the site is invite-only, then signup answers 403 signups_closed', async () => {
    await ctx.db.query(sql`UPDATE sites SET signups = 'with_trafficsource' WHERE is_default`);
    try {
      const closed = await request(ctx.app).post('/api/signup.php').send(valid());
      expect(closed.status).toBe(403);
      expect(closed.body.error.code).toBe('signups_closed');
      const withSource = await request(ctx.app)
        .post('/api/signup.php')
        .send(valid({ tracking: { network: 'aff7', sub1: 'x' } }));
      expect(withSource.status).toBe(200);
    } finally {
      await ctx.db.query(sql`UPDATE sites SET signups = 'all' WHERE is_default`);
    }
  });
});

describe('signup and activation', () => {
  it('When a visitor signs up, then he is logged in as not_confirmed with his tracking data and gets the activation mail', async () => {
    const body = valid({ tracking: { network: 'net1', ref: 'r', sub1: 'a', sub2: 'b', sub3: 'c' } });
    const res = await request(ctx.app).post('/api/signup.php').set('accept-language', 'de').send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const me = await request(ctx.app)
      .get('/api/user.php')
      .set('cookie', authCookie(res) as string);
    expect(me.body.user).toMatchObject({
      email: body.email,
      status: 'not_confirmed',
      language: 'de',
      profile: { name: 'Newbie', status: 'disabled' },
    });
    const [row] = await ctx.db.query<{ tracking: unknown }>(sql`SELECT tracking FROM users WHERE email = ${body.email}`);
    expect(row?.tracking).toEqual({ network: 'net1', ref: 'r', sub1: 'a', sub2: 'b', sub3: 'c' });
    await mailedToken(body.email, '/activate/done?token=');
    const mail = ctx.mails.find((m) => m.to === body.email);
    expect(mail?.subject).toContain('Bestätige deine E-Mail-Adresse');
  });

  it('When the activation link is opened, then the account is active; when it is opened again, then 410 activation_failed', async () => {
    const { email, cookie } = await signUp();
    const token = await mailedToken(email, '/activate/done?token=');
    const first = await request(ctx.app).post('/api/activate.php').send({ token });
    expect(first.status).toBe(200);
    const me = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    expect(me.body.user).toMatchObject({ status: 'active', profile: { status: 'active' } });
    const again = await request(ctx.app).post('/api/activate.php').set('accept-language', 'nl').send({ token });
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({ code: 'activation_failed', message: 'Activeren mislukt' });
  });

  it('When the activation token has expired, then it no longer works', async () => {
    const { email } = await signUp();
    const token = await mailedToken(email, '/activate/done?token=');
    await ctx.db.query(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'activate'`);
    expect((await request(ctx.app).post('/api/activate.php').send({ token })).status).toBe(410);
  });

  it('When the activation mail is asked again within a minute, then 429; the new link replaces the old one', async () => {
    const { email, cookie } = await signUp();
    const old = await mailedToken(email, '/activate/done?token=');
    expect((await request(ctx.app).post('/api/activation-mail.php').set('cookie', cookie).send({})).status).toBe(429);
    await ctx.db.query(sql`UPDATE account_tokens SET created_at = now() - interval '2 minutes'`);
    expect((await request(ctx.app).post('/api/activation-mail.php').set('cookie', cookie).send({})).status).toBe(200);
    await vi.waitFor(() => expect(ctx.mails.filter((m) => m.to === email)).toHaveLength(2));
    const fresh = await mailedToken(email, '/activate/done?token=');
    expect(fresh).not.toBe(old);
    expect((await request(ctx.app).post('/api/activate.php').send({ token: old })).status).toBe(410);
    expect((await request(ctx.app).post('/api/activate.php').send({ token: fresh })).status).toBe(200);
  });

  it('When an account starts with a message, then the message waits for activation and complete-signup adds the profile', async () => {
    const [recipient] = await ctx.db.query<{ id: number }>(
      sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.status = 'active' AND p.status = 'active' ORDER BY u.id LIMIT 1`,
    );
    const email = uniqueEmail();
    const res = await request(ctx.app)
      .post('/api/signup.php')
      .send({ email, password: 'correct-horse', signup_message: 'Hoi!', recipient_id: recipient?.id });
    expect(res.status).toBe(200);
    const cookie = authCookie(res) as string;
    const sent = () => ctx.db.query(sql`SELECT m.body FROM messages m JOIN users u ON u.id = m.sender_id WHERE u.email = ${email}`);
    expect(await sent()).toEqual([]);
    const bad = await request(ctx.app)
      .put('/api/signup.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ name: '@x', date_of_birth: '1990-01-01' });
    expect(bad.body.error.message).toBe('Je profielnaam mag niet beginnen met een @');
    const done = await request(ctx.app).put('/api/signup.php').set('cookie', cookie).send({ name: 'Later', date_of_birth: '1991-02-03' });
    expect(done.status).toBe(200);
    expect(done.body.user.profile.name).toBe('Later');
    await request(ctx.app)
      .post('/api/activate.php')
      .send({ token: await mailedToken(email, '/activate/done?token=') });
    expect(await sent()).toEqual([{ body: 'Hoi!' }]);
  });
});

describe('enumeration', () => {
  it('When a known and an unknown address sign up, then status, body, every header and the cookie are the same, and the owner is told by mail', async () => {
    // Each from its own address, so that the per-address signup limit shows the same count in both answers.
    const known = await request(ctx.app)
      .post('/api/signup.php')
      .set(fromClient('198.51.100.71'))
      .send(valid({ email: DEMO_LOGINS.free }));
    const unknown = await request(ctx.app).post('/api/signup.php').set(fromClient('198.51.100.72')).send(valid());
    expect(known.status).toBe(200);
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(comparableHeaders(known)).toEqual(comparableHeaders(unknown));
    expect(authCookie(known)).toMatch(/^auth=[0-9a-f]{32}$/);
    expect(authCookie(unknown)).toMatch(/^auth=[0-9a-f]{32}$/);
    await vi.waitFor(() =>
      expect(ctx.mails.some((m) => m.to === DEMO_LOGINS.free && m.text.includes('already has an account'))).toBe(true),
    );
  });

  it("When the known and the new address's sessions are used afterwards, then every answer is alike, and the owner's account is untouched", async () => {
    const knownBody = valid({ email: DEMO_LOGINS.premium });
    const newBody = valid();
    const known = authCookie(await request(ctx.app).post('/api/signup.php').set(fromClient('198.51.100.73')).send(knownBody)) as string;
    const fresh = authCookie(await request(ctx.app).post('/api/signup.php').set(fromClient('198.51.100.74')).send(newBody)) as string;
    // What the new session sees of itself, with the values that differ by nature (id, dates, the typed address) masked.
    const me = async (cookie: string) => {
      const res = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
      const user = res.body.user as Record<string, unknown>;
      const profile = { ...(user.profile as object), id: '<id>' };
      return { status: res.status, user: { ...user, id: '<id>', email: '<email>', signup_date: '<date>', profile }, email: user.email };
    };
    const [asKnown, asNew] = [await me(known), await me(fresh)];
    expect(asKnown.status).toBe(200);
    expect(asKnown.user).toEqual(asNew.user);
    expect(asKnown.user).toMatchObject({ status: 'not_confirmed' });
    expect([asKnown.email, asNew.email]).toEqual([knownBody.email, newBody.email]);

    // Profile edits, the activation mail again, and changing to the address it already shows: alike.
    for (const [cookie] of [[known], [fresh]]) {
      expect(
        (
          await request(ctx.app)
            .put('/api/signup.php')
            .set('cookie', cookie as string)
            .send({ name: 'Later', date_of_birth: '1991-02-03' })
        ).status,
      ).toBe(200);
    }
    const resend = async (cookie: string) => (await request(ctx.app).post('/api/activation-mail.php').set('cookie', cookie)).status;
    expect(await resend(known)).toBe(await resend(fresh));
    const sameAddress = async (cookie: string, email: string) => {
      const r = await request(ctx.app).post('/api/mail-change.php').set('cookie', cookie).send({ password: 'correct-horse', email });
      return [r.status, r.body];
    };
    expect(await sameAddress(known, knownBody.email as string)).toEqual(await sameAddress(fresh, newBody.email as string));

    // Logging in again with the signup password: refused alike (until the address is confirmed).
    const relogin = async (email: string, ip: string) => {
      const r = await request(ctx.app).post('/api/user.php').set(fromClient(ip)).send({ email, password: 'correct-horse' });
      return [r.status, r.body];
    };
    expect(await relogin(knownBody.email as string, '198.51.100.75')).toEqual(await relogin(newBody.email as string, '198.51.100.76'));

    // The owner's account is as it was: one account under that address, his own password, and no mail to the decoy.
    expect(await ctx.db.query(sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = lower(${DEMO_LOGINS.premium})`)).toEqual([
      { n: 1 },
    ]);
    expect(
      (
        await request(ctx.app)
          .post('/api/user.php')
          .set(fromClient('198.51.100.77'))
          .send({ email: DEMO_LOGINS.premium, password: 'demo-password' })
      ).status,
    ).toBe(200);
    expect(ctx.mails.some((m) => m.to.endsWith('@signup.invalid'))).toBe(false);
  });

  it('When a decoy account has no session left, then the purge removes it with the address it showed', async () => {
    const cookie = authCookie(
      await request(ctx.app)
        .post('/api/signup.php')
        .set(fromClient('198.51.100.78'))
        .send(valid({ email: DEMO_LOGINS.free })),
    ) as string;
    const [decoy] = await ctx.db.query<{ id: number }>(
      sql`SELECT id FROM users WHERE shown_email = ${DEMO_LOGINS.free} ORDER BY id DESC LIMIT 1`,
    );
    expect(decoy).toBeDefined();
    // While its session lives, the purge leaves it alone.
    await purgeDeletedAccounts(ctx.db, createLogger('silent'), ctx.media);
    expect(await ctx.db.query(sql`SELECT purged_at FROM users WHERE id = ${decoy?.id}`)).toEqual([{ purged_at: null }]);
    await request(ctx.app).get('/api/logout.php').set('cookie', cookie);
    await purgeDeletedAccounts(ctx.db, createLogger('silent'), ctx.media);
    const [row] = await ctx.db.query<{ shown_email: string | null; status: string; purged: boolean }>(
      sql`SELECT shown_email, status, purged_at IS NOT NULL AS purged FROM users WHERE id = ${decoy?.id}`,
    );
    expect(row).toEqual({ shown_email: null, status: 'deleted', purged: true });
  });

  it('When a member who has not confirmed his address resets the password, then the link confirms it and he logs in', async () => {
    const body = valid();
    await request(ctx.app).post('/api/signup.php').send(body);
    const ip = '198.51.100.79';
    expect(
      (await request(ctx.app).post('/api/user.php').set(fromClient(ip)).send({ email: body.email, password: body.password })).status,
    ).toBe(401);
    await request(ctx.app).post('/api/reset-password.php').send({ email: body.email });
    const token = await mailedToken(body.email, '/reset-password/do?token=');
    const reset = await request(ctx.app)
      .put('/api/reset-password.php')
      .send({ token, password: 'a-new-password', password_repeat: 'a-new-password' });
    expect(reset.status).toBe(200);
    const login = await request(ctx.app).post('/api/user.php').set(fromClient(ip)).send({ email: body.email, password: 'a-new-password' });
    expect(login.status).toBe(200);
    expect(login.body.user.status).toBe('active');
  });

  it('When a known and an unknown address ask for a reset, then status and body are the same', async () => {
    const known = await request(ctx.app).post('/api/reset-password.php').send({ email: 'member1-5@seed.invalid' });
    const unknown = await request(ctx.app).post('/api/reset-password.php').send({ email: 'nobody-here@seed.invalid' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it('When a known and an unknown address log in wrongly, then status and body are the same, also once locked', async () => {
    const tries = async (email: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await request(ctx.app).post('/api/user.php').set(fromClient('203.0.113.9')).send({ email, password: 'wrong-one' });
        out.push({ status: r.status, body: r.body });
      }
      return out;
    };
    expect(await tries('member1-6@seed.invalid')).toEqual(await tries('ghost-6@seed.invalid'));
  });
});

describe('login throttle', () => {
  it('When one IP guesses wrongly 5 times, then that pair is blocked, yet the member still logs in from another IP', async () => {
    const { email, password } = await signupAndLogin();
    for (let i = 0; i < 5; i++)
      await request(ctx.app).post('/api/user.php').set(fromClient('198.51.100.1')).send({ email, password: 'bad' });
    const blocked = await request(ctx.app)
      .post('/api/user.php')
      .set(fromClient('198.51.100.1'))
      .set('accept-language', 'nl')
      .send({ email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    const elsewhere = await request(ctx.app).post('/api/user.php').set(fromClient('198.51.100.2')).send({ email, password });
    expect(elsewhere.status).toBe(200);
  });

  it('When many IPs guess one account, then the account lock is capped at 60 minutes and a password reset lifts it', async () => {
    const { email, password } = await signupAndLogin();
    let lastMinutes = 0;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 20; i++) {
        const r = await request(ctx.app)
          .post('/api/user.php')
          .set(fromClient(`192.0.2.${round * 20 + i + 1}`))
          .send({ email, password: 'bad' });
        if (r.status === 429) lastMinutes = r.body.error.params.minutes;
      }
      await ctx.db.query(sql`UPDATE login_account_throttle SET locked_until = now() - interval '1 second' WHERE email = ${email}`);
    }
    expect(lastMinutes).toBe(60);
    await ctx.db.query(sql`UPDATE login_account_throttle SET locked_until = now() + interval '60 minutes' WHERE email = ${email}`);
    expect((await request(ctx.app).post('/api/user.php').set(fromClient('192.0.2.250')).send({ email, password })).status).toBe(429);
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const token = await mailedToken(email, '/reset-password/do?token=');
    await request(ctx.app).put('/api/reset-password.php').send({ token, password: 'brand-new-pass', password_repeat: 'brand-new-pass' });
    expect(
      (await request(ctx.app).post('/api/user.php').set(fromClient('192.0.2.250')).send({ email, password: 'brand-new-pass' })).status,
    ).toBe(200);
  }, 90_000); // 120 refused logins, each an Argon2id check: seconds of CPU that a loaded machine stretches

  it('When one IP sprays 50 accounts, then the IP is blocked', async () => {
    let last = 0;
    for (let i = 0; i < 50; i++) {
      last = (
        await request(ctx.app)
          .post('/api/user.php')
          .set(fromClient('203.0.113.50'))
          .send({ email: `spray${i}@x.test`, password: 'bad' })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('password reset', () => {
  it('When the mailed link sets a new password, then all sessions end, the old password fails, the new works, and the link is spent', async () => {
    const { email, password, cookie } = await signupAndLogin();
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const token = await mailedToken(email, '/reset-password/do?token=');
    const differ = await request(ctx.app)
      .put('/api/reset-password.php')
      .set('accept-language', 'nl')
      .send({ token, password: 'new-password-1', password_repeat: 'new-password-2' });
    expect(differ.body.error.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const ok = await request(ctx.app)
      .put('/api/reset-password.php')
      .send({ token, password: 'new-password-1', password_repeat: 'new-password-1' });
    expect(ok.status).toBe(200);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', cookie)).status).toBe(403);
    expect((await request(ctx.app).post('/api/user.php').send({ email, password })).status).toBe(401);
    await loginCookie(ctx.app, email, 'new-password-1');
    const reuse = await request(ctx.app)
      .put('/api/reset-password.php')
      .set('accept-language', 'nl')
      .send({ token, password: 'other-pass-3', password_repeat: 'other-pass-3' });
    expect(reuse.status).toBe(410);
    expect(reuse.body.error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('When the reset token has expired, then 410 token_invalid', async () => {
    const email = 'member1-10@seed.invalid';
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const token = await mailedToken(email, '/reset-password/do?token=');
    await ctx.db.query(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`);
    const res = await request(ctx.app)
      .put('/api/reset-password.php')
      .send({ token, password: 'new-password-1', password_repeat: 'new-password-1' });
    expect(res.body.error.code).toBe('token_invalid');
  });

  it('When many reset requests for one address arrive at once, then no more than the daily cap get through', async () => {
    const email = 'member1-11@seed.invalid';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(ctx.app).post('/api/reset-password.php').set('accept-language', 'nl').send({ email })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RESET_MAILS_PER_DAY);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10 - RESET_MAILS_PER_DAY);
    expect(refused[0]?.body.error.message).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.');
    // Tomorrow, as the message says: the Retry-After counts to the next day.
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.headers['retry-after'])).toBeLessThanOrEqual(86_400);
  });
});

describe('password and e-mail change', () => {
  it('When the old password is wrong or the new ones differ, then the Dutch messages; else the other sessions end', async () => {
    const { email, password, cookie } = await signupAndLogin();
    const other = await loginCookie(ctx.app, email, password);
    const wrongOld = await request(ctx.app)
      .put('/api/password.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ old_password: 'nope', password: 'another-1', password_repeat: 'another-1' });
    expect(wrongOld.body.error).toMatchObject({ code: 'old_password_wrong', message: 'Controleer je oude wachtwoord.' });
    const differ = await request(ctx.app)
      .put('/api/password.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ old_password: password, password: 'another-1', password_repeat: 'another-2' });
    expect(differ.body.error.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const ok = await request(ctx.app)
      .put('/api/password.php')
      .set('cookie', cookie)
      .send({ old_password: password, password: 'another-1', password_repeat: 'another-1' });
    expect(ok.status).toBe(200);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', cookie)).status).toBe(200);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', other)).status).toBe(403);
  });

  it('When a member changes his e-mail, then the link goes to the new address and confirms it once', async () => {
    const { password, cookie } = await signupAndLogin();
    const invalid = await request(ctx.app)
      .post('/api/mail-change.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ password, email: 'nope' });
    expect(invalid.body.error).toMatchObject({ code: 'new_email_invalid', message: 'Nieuw e-mailadres invalide.' });
    const newEmail = uniqueEmail();
    expect((await request(ctx.app).post('/api/mail-change.php').set('cookie', cookie).send({ password, email: newEmail })).status).toBe(
      200,
    );
    const token = await mailedToken(newEmail, '/mail-change/do?token=');
    expect((await request(ctx.app).put('/api/mail-change.php').send({ token })).status).toBe(200);
    const me = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    expect(me.body.user).toMatchObject({ email: newEmail, status: 'active' });
    expect((await request(ctx.app).put('/api/mail-change.php').send({ token })).status).toBe(410);
  });

  it('When the new address got an account meanwhile, then confirming answers 409 with the duplicate message', async () => {
    const { password, cookie } = await signupAndLogin();
    const target = uniqueEmail();
    await request(ctx.app).post('/api/mail-change.php').set('cookie', cookie).send({ password, email: target });
    const token = await mailedToken(target, '/mail-change/do?token=');
    await signupAndLogin({ email: target });
    const res = await request(ctx.app).put('/api/mail-change.php').set('accept-language', 'nl').send({ token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Dit e-mailadres heeft al een account op deze site.');
  });
});

describe('deletion', () => {
  it('When a member deletes his account, then he is gone from the list and profile (404), logged out, and can come back by mail', async () => {
    const { email, password, cookie } = await signupAndLogin();
    await request(ctx.app)
      .post('/api/activate.php')
      .send({ token: await mailedToken(email, '/activate/done?token=') });
    const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
    const id = row?.id as number;
    const viewer = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    expect((await request(ctx.app).get(`/api/profile.php?id=${id}`).set('cookie', viewer)).status).toBe(200);
    const listed = await request(ctx.app).get('/api/members.php?limit=60').set('cookie', viewer);
    expect(listed.body.profiles.map((p: { id: number }) => p.id)).toContain(id);

    const wrong = await request(ctx.app)
      .delete('/api/account.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ password: 'nope', reasons: [] });
    expect(wrong.body.error.message).toBe('Controleer je wachtwoord.');
    const del = await request(ctx.app)
      .delete('/api/account.php')
      .set('cookie', cookie)
      .send({ password, reasons: ['found_partner'], comment: 'Bedankt' });
    expect(del.status).toBe(200);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', cookie)).status).toBe(403);
    expect((await request(ctx.app).get(`/api/profile.php?id=${id}`).set('cookie', viewer)).status).toBe(404);
    const list = await request(ctx.app).get('/api/members.php?limit=60').set('cookie', viewer);
    expect(list.body.profiles.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await request(ctx.app).post('/api/user.php').send({ email, password })).status).toBe(401);

    const token = await mailedToken(email, '/account-deleted?token=');
    expect((await request(ctx.app).post('/api/account.php').send({ token })).status).toBe(200);
    expect((await request(ctx.app).post('/api/account.php').send({ token })).status).toBe(410);
    await loginCookie(ctx.app, email, password);
    expect((await request(ctx.app).get(`/api/profile.php?id=${id}`).set('cookie', viewer)).status).toBe(200);
  });

  it('When a deletion is older than 14 days, then the purge removes the personal data, the photo files too, and the link no longer works', async () => {
    const { email, password, cookie } = await signupAndLogin();
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
    expect((await request(ctx.app).post('/api/photos.php').set('cookie', cookie).attach('photo', photo, 'me.jpg')).status).toBe(201);
    const files = await ctx.db.query<{ filename: string; thumb_filename: string; blurred_filename: string }>(
      sql`SELECT filename, thumb_filename, blurred_filename FROM photos p JOIN users u ON u.id = p.user_id WHERE u.email = ${email}`,
    );
    const paths = files.flatMap((f) => [f.filename, f.thumb_filename, f.blurred_filename]).map((f) => path.join(ctx.mediaDir, f));
    expect(paths).toHaveLength(3);
    for (const p of paths) expect(existsSync(p)).toBe(true);
    await request(ctx.app).delete('/api/account.php').set('cookie', cookie).send({ password, reasons: [] });
    const token = await mailedToken(email, '/account-deleted?token=');
    await ctx.db.query(sql`UPDATE users SET deleted_at = now() - interval '15 days' WHERE email = ${email}`);
    expect(await purgeDeletedAccounts(ctx.db, createLogger('silent'), ctx.media)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE email = ${email}`)).toEqual([]);
    for (const p of paths) expect(existsSync(p), p).toBe(false);
    expect((await request(ctx.app).post('/api/account.php').send({ token })).status).toBe(410);
    // Shared demo avatars of other members stay.
    const avatar = await ctx.db.query<{ filename: string }>(sql`SELECT filename FROM photos WHERE filename LIKE 'avatars/%' LIMIT 1`);
    expect(existsSync(path.join(ctx.mediaDir, avatar[0]!.filename))).toBe(true);
  });
});

describe('notification settings', () => {
  it('When a member switches kinds, then they are saved, and switching one on lifts a list-unsubscribe but not a bounce', async () => {
    const { email, cookie } = await signupAndLogin();
    await ctx.db.query(sql`UPDATE users SET notifications_disabled = '{unsubscribe,bounce}' WHERE email = ${email}`);
    const before = await request(ctx.app).get('/api/notifications.php').set('cookie', cookie);
    expect(before.body).toEqual({ mail: { messages: true, likes: true, matches: true, news: true }, disabled: ['unsubscribe', 'bounce'] });
    const put = await request(ctx.app)
      .put('/api/notifications.php')
      .set('cookie', cookie)
      .send({ mail: { messages: true, likes: false, matches: false, news: false } });
    expect(put.body).toEqual({ mail: { messages: true, likes: false, matches: false, news: false }, disabled: ['bounce'] });
    expect((await request(ctx.app).get('/api/notifications.php')).status).toBe(403);
  });
});

describe('device cookies against lock-out (OWASP)', () => {
  const login = (ip: string, body: { email: string; password: string }, device?: string) => {
    const req = request(ctx.app).post('/api/user.php').set(fromClient(ip)).set('accept-language', 'nl');
    return (device ? req.set('cookie', device) : req).send(body);
  };
  /** The `device=…` pair a successful login set. */
  const deviceOf = (res: request.Response) => cookieNamed(res, 'device')?.split(';')[0] as string;
  /** Five wrong passwords from each of four addresses: the per-account lock any attacker can trigger. */
  const lockOut = async (email: string, net: number) => {
    for (let a = 1; a <= 4; a++) {
      for (let i = 0; i < 5; i++) await login(`198.18.${net}.${a}`, { email, password: 'wrong-guess' });
    }
  };

  it('When a member logs in, then a signed device cookie is set: HttpOnly, SameSite=Lax, a year long, only for the login call', async () => {
    const { email, password } = await signupAndLogin();
    const res = await login('203.0.113.80', { email, password });
    expect(res.status).toBe(200);
    expect(cookieNamed(res, 'device')).toMatch(
      /^device=\d+\.\d+\.\d{13}\.[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/api\/user\.php; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const failed = await login('203.0.113.80', { email, password: 'nope' });
    expect(cookieNamed(failed, 'device')).toBeUndefined();
  });

  it('When attackers guess 5 times from each of four addresses, then the owner with his device cookie still logs in from a fifth, while an untrusted device gets 429 login_blocked', async () => {
    const { email, password } = await signupAndLogin();
    const device = deviceOf(await login('203.0.113.81', { email, password }));
    await lockOut(email, 1);
    const untrusted = await login('198.18.1.5', { email, password });
    expect(untrusted.status).toBe(429);
    expect(untrusted.body.error).toMatchObject({
      code: 'login_blocked',
      message: 'Te veel foute pogingen, account voor 5 min geblokkeerd.',
    });
    const owner = await login('198.18.1.6', { email, password }, device);
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);
    // The owner getting in does not lift the lock for untrusted devices, and his renewed cookie keeps working.
    expect((await login('198.18.1.7', { email, password })).status).toBe(429);
    await lockOut(email, 2);
    expect((await login('198.18.1.8', { email, password }, deviceOf(owner))).status).toBe(200);
  });

  it('When a trusted device guesses wrongly 5 times, then that device is blocked with the Dutch message, and the account is not', async () => {
    const { email, password } = await signupAndLogin();
    const device = deviceOf(await login('203.0.113.82', { email, password }));
    for (let i = 0; i < 4; i++) expect((await login('203.0.113.83', { email, password: 'bad' }, device)).status).toBe(401);
    const fifth = await login('203.0.113.83', { email, password: 'bad' }, device);
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toMatchObject({
      code: 'login_blocked',
      params: { minutes: 15 },
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    });
    expect((await login('203.0.113.84', { email, password }, device)).status).toBe(429);
    expect((await login('203.0.113.84', { email, password })).status).toBe(200);
  });

  it('When the device cookie is forged, names another account or predates a password reset, then it does not get past the lock', async () => {
    const { email, password } = await signupAndLogin();
    const other = await signupAndLogin();
    const device = deviceOf(await login('203.0.113.85', { email, password }));
    const otherDevice = deviceOf(await login('203.0.113.85', { email: other.email, password: other.password }));
    await lockOut(email, 3);
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const foreignId = device.replace(/^device=\d+/, `device=${otherDevice.split('=')[1]?.split('.')[0]}`);
    for (const cookie of [forged, foreignId, otherDevice]) {
      expect((await login('198.18.3.9', { email, password }, cookie)).status, cookie).toBe(429);
    }
    expect((await login('198.18.3.9', { email, password }, device)).status).toBe(200);

    // A password reset starts a new device epoch: cookies collected before it are untrusted devices again.
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const token = await mailedToken(email, '/reset-password/do?token=');
    await request(ctx.app).put('/api/reset-password.php').send({ token, password: 'after-reset-1', password_repeat: 'after-reset-1' });
    await lockOut(email, 4);
    expect((await login('198.18.4.9', { email, password: 'after-reset-1' }, device)).status).toBe(429);
  });
});

describe('a pending e-mail change and the password', () => {
  async function askMailChange(over: Record<string, unknown> = {}) {
    const account = await signupAndLogin(over);
    const newEmail = uniqueEmail();
    const res = await request(ctx.app)
      .post('/api/mail-change.php')
      .set('cookie', account.cookie)
      .send({ password: account.password, email: newEmail });
    expect(res.status).toBe(200);
    return { ...account, newEmail, token: await mailedToken(newEmail, '/mail-change/do?token=') };
  }

  it('When a member asks to change his e-mail, then the old address is told at once, in the language of his page, with the way to stop it', async () => {
    const body = valid();
    const signup = await request(ctx.app).post('/api/signup.php').set('accept-language', 'nl').send(body);
    const cookie = authCookie(signup) as string;
    const newEmail = uniqueEmail();
    await request(ctx.app)
      .post('/api/mail-change.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ password: body.password, email: newEmail });
    const notice = await vi.waitFor(() => {
      const mail = ctx.mails.find((m) => m.to === body.email && m.subject.includes('wordt gewijzigd'));
      if (!mail) throw new Error('no notice to the old address');
      return mail;
    });
    expect(notice.text).toContain('Kies een nieuw wachtwoord: http://localhost:3000/reset-password');
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).not.toMatch(/token=/);
  });

  it('When the password is reset, then a pending e-mail change can no longer be confirmed and the address stays', async () => {
    const { email, cookie, token } = await askMailChange();
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const reset = await mailedToken(email, '/reset-password/do?token=');
    expect(
      (
        await request(ctx.app)
          .put('/api/reset-password.php')
          .send({ token: reset, password: 'taken-back-1', password_repeat: 'taken-back-1' })
      ).status,
    ).toBe(200);
    const confirm = await request(ctx.app).put('/api/mail-change.php').set('accept-language', 'nl').send({ token });
    expect(confirm.status).toBe(410);
    expect(confirm.body.error.code).toBe('token_invalid');
    expect(await ctx.db.query(sql`SELECT 1 FROM users WHERE email = ${email}`)).toHaveLength(1);
    expect((await request(ctx.app).get('/api/user.php').set('cookie', cookie)).status).toBe(403);
  });

  it('When the password is changed, then a pending e-mail change can no longer be confirmed', async () => {
    const { email, password, cookie, token } = await askMailChange();
    const changed = await request(ctx.app)
      .put('/api/password.php')
      .set('cookie', cookie)
      .send({ old_password: password, password: 'changed-pass-1', password_repeat: 'changed-pass-1' });
    expect(changed.status).toBe(200);
    expect((await request(ctx.app).put('/api/mail-change.php').send({ token })).status).toBe(410);
    const me = await request(ctx.app).get('/api/user.php').set('cookie', cookie);
    expect(me.body.user.email).toBe(email);
  });
});

describe('checking a reset link without spending it', () => {
  it('When a reset link is checked, then 200 while it works (and it still works after), 410 token_invalid once spent or expired', async () => {
    const { email } = await signupAndLogin();
    await request(ctx.app).post('/api/reset-password.php').send({ email });
    const token = await mailedToken(email, '/reset-password/do?token=');
    const check = () => request(ctx.app).get('/api/reset-password.php').query({ token }).set('accept-language', 'nl');
    const first = await check();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await check()).status).toBe(200);
    expect(
      (await request(ctx.app).put('/api/reset-password.php').send({ token, password: 'checked-pass-1', password_repeat: 'checked-pass-1' }))
        .status,
    ).toBe(200);
    const spent = await check();
    expect(spent.status).toBe(410);
    expect(spent.body.error).toMatchObject({ code: 'token_invalid', message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan' });

    await request(ctx.app).post('/api/reset-password.php').send({ email });
    await vi.waitFor(() => expect(ctx.mails.filter((m) => m.to === email && m.text.includes('/reset-password/do?token='))).toHaveLength(2));
    const expiring = await mailedToken(email, '/reset-password/do?token=');
    expect(expiring).not.toBe(token);
    expect((await request(ctx.app).get('/api/reset-password.php').query({ token: expiring })).status).toBe(200);
    await ctx.db.query(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`);
    expect((await request(ctx.app).get('/api/reset-password.php').query({ token: expiring })).status).toBe(410);
    expect((await request(ctx.app).get('/api/reset-password.php').query({ token: 'not-a-token' })).status).toBe(400);
  });
});
