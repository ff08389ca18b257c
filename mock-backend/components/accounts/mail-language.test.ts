import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, loginCookie, type TestContext } from '../../test/context';

/**
 * The language of an account mail: every mail that follows something done on a page is written in that page's
 * language (the BFF sends it as Accept-Language), whatever the account's saved language; the saved language is the
 * signup page's, follows the member's switch, and is the language of the mails no page asked for (notifications).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    push: { publicUrl: 'http://localhost:3000', transport: async () => ({ status: 201 }), mailDelaySeconds: 1, quietMinutes: 30 },
  });
}, 60_000);
afterAll(() => ctx?.close());

let seq = 0;
const uniqueEmail = () => `lang${Date.now()}-${++seq}@example.test`;
const PASSWORD = 'correct-horse';

function authCookie(res: request.Response): string {
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('auth='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no auth cookie');
  return cookie;
}

/** The newest mail to `to` whose text contains `marker`, once the outbox has sent it. */
function mailTo(to: string, marker: string) {
  return vi.waitFor(
    () => {
      const mail = [...ctx.mails].reverse().find((m) => m.to === to && m.text.includes(marker));
      if (!mail) throw new Error(`no mail with ${marker} to ${to}`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Signs up on a page in `language`; answers the address, the session and the account's saved language. */
async function signUpOn(language: string, email = uniqueEmail()) {
  const res = await request(ctx.app)
    .post('/api/signup.php')
    .set('accept-language', language)
    .set(fromClient('198.51.100.60'))
    .send({ email, password: PASSWORD, name: 'Polyglot', date_of_birth: '1990-05-17' });
  expect(res.status).toBe(200);
  const [row] = await ctx.db.query<{ language: string }>(sql`SELECT language FROM users WHERE email = ${email}`);
  return { email, cookie: authCookie(res), saved: row?.language };
}

/** A German member: signed up on a German page and confirmed. */
async function germanMember() {
  const member = await signUpOn('de');
  const activation = await mailTo(member.email, '/activate/done?token=');
  const token = /token=([0-9a-f]{64})/.exec(activation.text)?.[1];
  expect((await request(ctx.app).post('/api/activate.php').send({ token })).status).toBe(200);
  return member;
}

describe('the language of account mails', () => {
  it('When a visitor signs up on a Dutch page, then his account keeps Dutch and the confirmation mail is Dutch', async () => {
    const { email, saved } = await signUpOn('nl');
    expect(saved).toBe('nl');
    const mail = await mailTo(email, '/activate/done?token=');
    expect(mail.subject).toBe('Bevestig je e-mailadres voor ManMatch');
  });

  it('When a German member asks for a password reset on an English page, then the reset mail is in English', async () => {
    const { email } = await germanMember();
    const res = await request(ctx.app).post('/api/reset-password.php').set('accept-language', 'en').send({ email });
    expect(res.status).toBe(200);
    const mail = await mailTo(email, '/reset-password/do?token=');
    expect(mail.subject).toBe('Reset your password for ManMatch');
  });

  it('When a German member changes his address on an Italian page, then both the new address and the old one are written to in Italian', async () => {
    const { email, cookie } = await germanMember();
    const newEmail = uniqueEmail();
    const res = await request(ctx.app)
      .post('/api/mail-change.php')
      .set('cookie', cookie)
      .set('accept-language', 'it')
      .send({ password: PASSWORD, email: newEmail });
    expect(res.status).toBe(200);
    expect((await mailTo(newEmail, '/mail-change/do?token=')).subject).toBe('Conferma il tuo nuovo indirizzo e-mail per ManMatch');
    expect((await mailTo(email, '/reset-password')).subject).toBe('Il tuo indirizzo e-mail su ManMatch sta per cambiare');
  });

  it('When a German member deletes his account on a French page, then the mail with the undo link is in French', async () => {
    const { email, cookie } = await germanMember();
    const res = await request(ctx.app)
      .delete('/api/account.php')
      .set('cookie', cookie)
      .set('accept-language', 'fr')
      .send({ password: PASSWORD, reasons: ['found_partner'] });
    expect(res.status).toBe(200);
    expect((await mailTo(email, '/account-deleted?token=')).subject).toBe('Ton compte ManMatch a été supprimé');
  });

  it('When a member who signed up in German asks for the confirmation mail again on a Spanish page, then it comes in Spanish', async () => {
    const { email, cookie } = await signUpOn('de');
    await mailTo(email, '/activate/done?token=');
    // The first mail is a minute old: the resend is allowed.
    await ctx.db.query(sql`UPDATE account_tokens SET created_at = created_at - interval '2 minutes' WHERE purpose = 'activate'`);
    const res = await request(ctx.app).post('/api/activation-mail.php').set('cookie', cookie).set('accept-language', 'es');
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(ctx.mails.filter((m) => m.to === email)).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect((await mailTo(email, '/activate/done?token=')).subject).toBe('Confirma tu dirección de correo para ManMatch');
  });

  it('When someone signs up on a Polish page with the address of a German member, then the owner is told in Polish, and the answer is the same as for a new address', async () => {
    const { email } = await germanMember();
    const before = ctx.mails.filter((m) => m.to === email).length;
    const again = await signUpOn('pl', email);
    expect(again.saved).toBe('de');
    await vi.waitFor(() => expect(ctx.mails.filter((m) => m.to === email).length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    expect((await mailTo(email, '/reset-password')).subject).toBe('Rejestracja w ManMatch');
  });

  it('When a member switches his language, then it is saved, and the mails no page asked for (a new like) come in it', async () => {
    const member = await germanMember();
    const switched = await request(ctx.app)
      .put('/api/user.php')
      .set('cookie', member.cookie)
      .set('request-type', 'client')
      .set('accept-language', 'fr')
      .send({ language: 'fr' });
    expect(switched.status).toBe(200);
    expect(switched.body.user.language).toBe('fr');
    const [row] = await ctx.db.query<{ id: number }>(sql`SELECT id FROM users WHERE email = ${member.email}`);
    const liker = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const like = await request(ctx.app).post('/api/like.php').set('cookie', liker).send({ profile_id: row?.id });
    expect(like.status).toBe(200);
    const mail = await vi.waitFor(
      () => {
        const found = ctx.mails.find((m) => m.to === member.email && m.text.includes('/likes'));
        if (!found) throw new Error('no like mail yet');
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(mail.subject).toBe('Quelqu’un vous apprécie sur ManMatch');
  }, 60_000);
});
