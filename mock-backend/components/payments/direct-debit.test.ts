import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { balanceOf, expectBooksBalance, newBuyer, waitForStatus, webhooksSettled } from '../../test/payments';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 3, settleDelayMs: 600 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  await webhooksSettled(ctx);
  await expectBooksBalance(ctx);
});

const form = (packageId: number) => ({
  package_id: packageId,
  account_holder: 'Jan de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Herengracht',
  house_number: '420',
  postcode: '1017 BZ',
  city: 'Amsterdam',
  mobile: '06 12345678',
  consent: true,
});

async function packages(cookie: string): Promise<{ id: number; credits: number; price_minor: number }[]> {
  return (await request(ctx.app).get('/api/credit-packages.php').set('cookie', cookie)).body.packages;
}

const lastCode = (to: string) => /(\d{6})/.exec([...ctx.sms].reverse().find((m) => m.to === to)?.text ?? '')?.[1] ?? '';

describe('direct debit', () => {
  it('When a member fills in the form and confirms the SMS code, then the mandate is valid and the debit pays the credits once the provider settles it', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    if (!pkg) throw new Error('no bundle');
    const started = await request(ctx.app).post('/api/directdebit.php').set('cookie', cookie).send(form(pkg.id));
    expect(started.status).toBe(201);
    expect(started.body.reference).toMatch(/^MM-\d{8}-[0-9A-F]{10}$/);
    expect(started.body.mobile).toBe('+31 ••• 678');
    const code = lastCode('+31612345678');
    expect(code).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    const [stored] = await ctx.db.query<{ code_hash: string }>(
      sql`SELECT code_hash FROM direct_debit_mandates WHERE id = ${started.body.mandate_id}`,
    );
    expect(stored?.code_hash).not.toContain(code);
    const wrong = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ mandate_id: started.body.mandate_id, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'sms_code_invalid', message: 'Code ongeldig', params: { tries_left: 4 } });
    const key = randomUUID();
    const ok = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .set('idempotency-key', key)
      .send({ mandate_id: started.body.mandate_id, code });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'pending', checkout_url: null });
    const again = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .set('idempotency-key', key)
      .send({ mandate_id: started.body.mandate_id, code });
    expect(again.body.payment_id).toBe(ok.body.payment_id);
    // No credits before the provider settles: read with the payment's status in one statement (on a slow machine the
    // settlement may already have come).
    const [early] = await ctx.db.query<{ status: string; credits: number }>(
      sql`SELECT p.status, u.credits FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ${ok.body.payment_id}`,
    );
    expect(early).toEqual(early?.status === 'paid' ? { status: 'paid', credits: pkg.credits } : { status: 'pending', credits: 0 });
    await waitForStatus(ctx, cookie, ok.body.payment_id, 'paid');
    expect(await balanceOf(ctx, userId)).toBe(pkg.credits);
    // The code cannot be used a second time.
    const reused = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .send({ mandate_id: started.body.mandate_id, code });
    expect(reused.body.error.code).toBe('sms_code_invalid');
  });

  it('When the code is wrong five times, then the fifth answer says the code is used up, the right code is refused the same way, and a new code works', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .send({ ...form(pkg?.id as number), mobile: '+31 6 87654321' });
    const code = lastCode('+31687654321');
    const wrongCode = code === '123456' ? '654321' : '123456';
    const confirm = (c: string, language = 'en') =>
      request(ctx.app)
        .post('/api/directdebit-confirm.php')
        .set('cookie', cookie)
        .set('accept-language', language)
        .send({ mandate_id: started.body.mandate_id, code: c });
    for (let i = 0; i < 4; i++) {
      const res = await confirm(wrongCode);
      expect(res.body.error).toMatchObject({ code: 'sms_code_invalid', params: { tries_left: 4 - i } });
    }
    const last = await confirm(wrongCode, 'nl');
    expect(last.status).toBe(422);
    expect(last.body.error).toMatchObject({
      code: 'sms_code_attempts_exhausted',
      message: 'Deze code is te vaak verkeerd ingevuld en werkt niet meer. Vraag een nieuwe code aan.',
      params: { field: 'code', tries_left: 0, can_resend: true },
    });
    const right = await confirm(code);
    expect(right.body.error).toMatchObject({ code: 'sms_code_attempts_exhausted', params: { can_resend: true } });
    // Another member can neither use the mandate nor ask a new code for it.
    const other = await newBuyer(ctx, 'NL');
    expect(
      (
        await request(ctx.app)
          .post('/api/directdebit-confirm.php')
          .set('cookie', other.cookie)
          .send({ mandate_id: started.body.mandate_id, code })
      ).status,
    ).toBe(404);
    expect(
      (await request(ctx.app).post('/api/directdebit-resend.php').set('cookie', other.cookie).send({ mandate_id: started.body.mandate_id }))
        .status,
    ).toBe(404);

    // 'Send a new code': the old one is void, the new one works with fresh tries.
    const resent = await request(ctx.app)
      .post('/api/directdebit-resend.php')
      .set('cookie', cookie)
      .send({ mandate_id: started.body.mandate_id });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ mandate_id: started.body.mandate_id, reference: started.body.reference, mobile: '+31 ••• 321' });
    const fresh = lastCode('+31687654321');
    if (fresh !== code) expect((await confirm(code)).body.error).toMatchObject({ code: 'sms_code_invalid', params: { tries_left: 4 } });
    const ok = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .set('idempotency-key', randomUUID())
      .send({ mandate_id: started.body.mandate_id, code: fresh });
    expect(ok.status).toBe(201);
    // A confirmed mandate gets no new code.
    expect(
      (await request(ctx.app).post('/api/directdebit-resend.php').set('cookie', cookie).send({ mandate_id: started.body.mandate_id }))
        .status,
    ).toBe(404);
  });

  it("When new codes are asked again and again, then each voids the one before and the fourth is refused in the member's language", async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .send({ ...form(pkg?.id as number), mobile: '+31 6 11223344' });
    const resend = () =>
      request(ctx.app)
        .post('/api/directdebit-resend.php')
        .set('cookie', cookie)
        .set('accept-language', 'de')
        .send({ mandate_id: started.body.mandate_id });
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'sms_resend_limit',
      message: 'Für dieses Mandat können keine neuen Codes mehr gesendet werden. Bitte fülle das Formular erneut aus.',
    });
    const [row] = await ctx.db.query<{ code_resends: number; code_attempts: number }>(
      sql`SELECT code_resends, code_attempts FROM direct_debit_mandates WHERE id = ${started.body.mandate_id}`,
    );
    expect(row).toEqual({ code_resends: 3, code_attempts: 0 });
  });

  it('When the code has expired, then the answer says so and offers a new code', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .send({ ...form(pkg?.id as number), mobile: '+31 6 12121212' });
    const code = lastCode('+31612121212');
    await ctx.db.query(
      sql`UPDATE direct_debit_mandates SET code_expires_at = now() - interval '1 second' WHERE id = ${started.body.mandate_id}`,
    );
    const res = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .send({ mandate_id: started.body.mandate_id, code });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'sms_code_expired',
      message: 'This code has expired. Ask for a new code.',
      params: { can_resend: true },
    });
  });

  it('When several fields are wrong, then one answer names all of them, each with its message', async () => {
    const { cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const res = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .send({ ...form(pkg?.id as number), street: ' ', iban: 'NL91 ABNA 0417 1643 01', mobile: '12', consent: false });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('field_required');
    expect(res.body.error.params.field).toBe('street');
    expect(res.body.error.params.field_errors).toEqual([
      { field: 'street', code: 'field_required', message: 'Vul dit veld in.' },
      { field: 'iban', code: 'iban_invalid', message: 'Dit IBAN is ongeldig.' },
      { field: 'mobile', code: 'phone_invalid', message: 'Dit mobiele nummer is ongeldig.' },
      { field: 'consent', code: 'consent_required', message: expect.any(String) },
    ]);
  });

  it('When the IBAN, the mobile number or the consent is wrong, then 422 names the field and nothing is stored', async () => {
    const { cookie, userId } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ iban: 'NL91 ABNA 0417 1643 01' }, 'iban_invalid', 'iban'],
      [{ iban: 'PK36SCBL0000001123456702' }, 'iban_invalid', 'iban'],
      [{ mobile: '12' }, 'phone_invalid', 'mobile'],
      [{ mobile: '020 123 4567' }, 'phone_invalid', 'mobile'],
      [{ consent: false }, 'consent_required', 'consent'],
      [{ city: '   ' }, 'field_required', 'city'],
    ];
    for (const [change, code, field] of cases) {
      const res = await request(ctx.app)
        .post('/api/directdebit.php')
        .set('cookie', cookie)
        .send({ ...form(pkg?.id as number), ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.error).toMatchObject({ code, params: { field } });
    }
    const [n] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM direct_debit_mandates WHERE user_id = ${userId}`);
    expect(n?.n).toBe(0);
  });

  it('When a new member asks for more than his limit, or a blocked member asks at all, then the limit and blocked messages answer', async () => {
    const fresh = await newBuyer(ctx, 'NL', { signupAgoSeconds: 3600 });
    const all = await packages(fresh.cookie);
    const big = all.find((p) => p.price_minor > 10_000);
    const limited = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', fresh.cookie)
      .set('accept-language', 'nl')
      .send(form(big?.id as number));
    expect(limited.status).toBe(422);
    expect(limited.body.error).toMatchObject({
      code: 'direct_debit_limit',
      message: 'Uw limiet voor automatische incasso betalingen is bereikt.',
    });
    const blocked = await newBuyer(ctx, 'NL');
    await ctx.db.query(sql`INSERT INTO direct_debit_blocks (user_id, reason) VALUES (${blocked.userId}, 'test')`);
    const refused = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', blocked.cookie)
      .set('accept-language', 'nl')
      .send(form(all[0]?.id as number));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'direct_debit_blocked',
      message: 'Je account is geblokkeerd voor automatische incasso.',
    });
    // Outside the euro area direct debit is not offered.
    const swiss = await newBuyer(ctx, 'CH');
    const chf = await packages(swiss.cookie);
    expect(
      (
        await request(ctx.app)
          .post('/api/directdebit.php')
          .set('cookie', swiss.cookie)
          .send(form(chf[0]?.id as number))
      ).body.error.code,
    ).toBe('method_unavailable');
  });

  it('When a paid direct debit is charged back after the credits were spent, then the member is blocked for direct debit', async () => {
    const { userId, cookie } = await newBuyer(ctx, 'NL');
    const [pkg] = await packages(cookie);
    const started = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .send({ ...form(pkg?.id as number), mobile: '+31 6 11122233' });
    const ok = await request(ctx.app)
      .post('/api/directdebit-confirm.php')
      .set('cookie', cookie)
      .send({ mandate_id: started.body.mandate_id, code: lastCode('+31611122233') });
    await waitForStatus(ctx, cookie, ok.body.payment_id, 'paid');
    const { spendCredits } = await import('../credits/spend');
    await spendCredits(ctx.db, { userId, credits: pkg?.credits as number, reason: 'message' });
    const [row] = await ctx.db.query<{ p: string }>(sql`SELECT provider_payment_id AS p FROM payments WHERE id = ${ok.body.payment_id}`);
    await fetch(`${ctx.psp.url}/v2/testing/payments/${row?.p}/chargeback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.psp.apiKey}` },
    });
    await webhooksSettled(ctx);
    const again = await request(ctx.app)
      .post('/api/directdebit.php')
      .set('cookie', cookie)
      .send({ ...form(pkg?.id as number), mobile: '+31 6 11122233' });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('direct_debit_blocked');
  });
});
