import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/seed';
import { createTestContext, fromClient, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { completeCheckout, newBuyer, waitForStatus } from '../../test/payments';
import { spendCredits } from '../credits/spend';
import { conversation, idOf, mailsTo, moderatorCookie, report, waitForMail } from './fixtures';
import { AGE_FULL_DAYS, AGE_WEIGHT, LIGHT_WEIGHT, MONEY_FULL_CREDITS, MONEY_WEIGHT, UPHELD_WEIGHT } from './report-weight';
import { screenMessage } from './screening';

/**
 * The careful automation: first-message screening, weighed reports (throw-away accounts that buy and refund a bundle
 * to hide a member included) and the automated hiding before review, the per-target limit, unfounded reporters.
 */

let ctx: TestContext;
let sender: string;
let senderId: number;
let siteId: number;

beforeAll(async () => {
  ctx = await createTestContext({ members: 60 });
  sender = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  senderId = await idOf(ctx, DEMO_LOGINS.premium);
  siteId = (await ctx.db.query<{ site_id: number }>(sql`SELECT site_id FROM users WHERE id = ${senderId}`))[0]?.site_id as number;
  // Every seeded reporter is an established member unless a test makes him new.
  await ctx.db.query(sql`UPDATE users SET signup_date = now() - interval '60 days' WHERE role = 'member'`);
}, 180_000);
afterAll(() => ctx?.close());

const picked = new Map<number, { id: number; cookie: string; email: string }>();
/** The n-th ordinary member of the demo site (visible, confirmed, not one of the demo logins), logged in once. */
async function otherMember(_ctx: TestContext, n: number): Promise<{ id: number; cookie: string; email: string }> {
  const known = picked.get(n);
  if (known) return known;
  const [row] = await ctx.db.query<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_id = ${siteId} AND u.email NOT LIKE '%@demo.test' AND u.role = 'member' AND NOT p.fictional AND NOT p.invisible
       AND p.status = 'active' AND u.deleted_at IS NULL
     ORDER BY u.id OFFSET ${n} LIMIT 1`,
  );
  if (!row) throw new Error('not enough seeded members');
  await ctx.db.query(sql`UPDATE users SET status = 'active' WHERE id = ${row.id}`);
  const member = { id: row.id, email: row.email, cookie: await loginAsMember(ctx, row.id) };
  picked.set(n, member);
  return member;
}

const send = (text: string, to: number, lang = 'en') =>
  request(ctx.app).post('/api/message.php').set('cookie', sender).set('accept-language', lang).send({ profile_id: to, text });
const books = async () => ({
  credits: (await ctx.db.query<{ credits: number }>(sql`SELECT credits FROM users WHERE id = ${senderId}`))[0]?.credits,
  ledger: (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = ${senderId}`))[0]?.n,
  messages: (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${senderId}`))[0]?.n,
});
const makeNew = (hours: number) =>
  ctx.db.query(sql`UPDATE users SET signup_date = now() - make_interval(hours => ${hours}) WHERE id = ${senderId}`);

describe('first-message screening', () => {
  it('When an account younger than 24 hours starts a conversation with a link, then 422 first_message_contact in his language and nothing is stored or charged', async () => {
    await makeNew(2);
    const to = (await otherMember(ctx, 0)).id;
    const before = await books();
    const res = await send('Hello! Look at my pictures on example.com/me', to, 'nl');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'first_message_contact', params: { kind: 'link', hours: 24 } });
    expect(res.body.error.message).toContain('Nieuwe accounts kunnen in hun eerste uren geen links of telefoonnummers delen');
    expect(await books()).toEqual(before);
  });

  it('When the first message of a new account holds a phone number, then 422 first_message_contact with kind phone and nothing is charged', async () => {
    await makeNew(2);
    const to = (await otherMember(ctx, 1)).id;
    const before = await books();
    const res = await send('Hi, text me on WhatsApp: +31 6 12345678', to);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'first_message_contact', params: { kind: 'phone' } });
    expect(await books()).toEqual(before);
  });

  it('When a new account puts the link in its second message, then it is refused as a link too; once the account is older, the same message is sent', async () => {
    await makeNew(2);
    const partner = (await otherMember(ctx, 2)).id;
    await conversation(ctx, senderId, partner, 2);
    const before = await books();
    const res = await send('My site is example.com', partner);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'first_message_contact', params: { kind: 'link' } });
    expect(await books()).toEqual(before);
    await makeNew(25);
    expect((await send('My site is example.com', partner)).status).toBe(201);
    expect((await send('Hi! My site is example.com', (await otherMember(ctx, 3)).id)).status).toBe(201);
  });

  it('When a new account disguises a link or a phone number, then it is refused all the same; words and small numbers pass', async () => {
    await makeNew(2);
    const partner = (await otherMember(ctx, 9)).id;
    const disguised: [string, 'link' | 'phone'][] = [
      ['Find me at example dot com', 'link'],
      ['Find me at example (punt) nl', 'link'],
      ['Find me at ex\u200Bample.c\u200Bom', 'link'],
      // Cyrillic а and о in the domain.
      ['Find me at ex\u0430mple.c\u043em', 'link'],
      ['Mail me: anna (at) example [dot] com', 'link'],
      ['Text me: 0 6 - 1 2 . 3 4 - 5 6 7 8', 'phone'],
    ];
    for (const [text, kind] of disguised) {
      const res = await send(text, partner);
      expect(res.status, text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'first_message_contact', params: { kind } });
    }
    expect((await send("Hi! I'm 25, 1.80 tall, and I like the point you make in your profile", partner)).status).toBe(201);
  });

  it('When the same first-message text goes to more members within the hour than the site allows, then 429 first_message_repeated with Retry-After and nothing is charged', async () => {
    await makeNew(24 * 30);
    await ctx.db.query(sql`UPDATE sites SET safety_repeated_first_messages = 2 WHERE id = ${siteId}`);
    const text = 'Hello handsome, I am new here and looking for fun tonight';
    expect((await send(text, (await otherMember(ctx, 4)).id)).status).toBe(201);
    // Case, spacing and punctuation do not make another text.
    expect((await send(`  ${text.toUpperCase()}!!`, (await otherMember(ctx, 5)).id)).status).toBe(201);
    const before = await books();
    const res = await send(text, (await otherMember(ctx, 6)).id);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('first_message_repeated');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await books()).toEqual(before);
    // Zero-width characters and look-alike letters (Cyrillic е, о, а) do not make another text either.
    const disguised = text.replace('handsome', 'hand\u200Bs\u043eme').replace(/e/g, '\u0435').replace('a', '\u0430');
    expect((await send(disguised, (await otherMember(ctx, 10)).id)).status).toBe(429);
    // A short greeting is no template: it is never counted.
    for (const offset of [6, 7, 8]) expect((await send('Hi there!', (await otherMember(ctx, offset)).id)).status).toBe(201);
    await ctx.db.query(sql`UPDATE sites SET safety_repeated_first_messages = 5 WHERE id = ${siteId}`);
  });
});

describe('the same first message from many senders', () => {
  it('When many members start conversations with the same text, then none is refused: the count is each sender’s own', async () => {
    await ctx.db.query(sql`UPDATE sites SET safety_repeated_first_messages = 2 WHERE id = ${siteId}`);
    try {
      const text = 'Hello there, how are you doing today? I liked your profile a lot';
      const senders = await Promise.all([30, 31, 32, 33, 34, 35, 36, 37, 38, 39].map((n) => otherMember(ctx, n)));
      for (const member of senders) await screenMessage(ctx.db, { siteId, senderId: member.id, recipientId: senderId, text, first: true });
      // Ten members wrote it; the premium sender has written it to nobody yet: others' use of the words costs him nothing.
      await makeNew(24 * 30);
      expect((await send(text, (await otherMember(ctx, 40)).id, 'de')).status).toBe(201);
      // His own count still holds: the third conversation with the same text within the hour is refused.
      expect((await send(text, (await otherMember(ctx, 41)).id)).status).toBe(201);
      expect((await send(text, (await otherMember(ctx, 42)).id)).status).toBe(429);
    } finally {
      await ctx.db.query(sql`UPDATE sites SET safety_repeated_first_messages = 5 WHERE id = ${siteId}`);
    }
  });
});

describe('weighed reports', () => {
  const api = () => request(ctx.app);
  let moderator: string;
  const moderatorOnce = async () => (moderator ??= await moderatorCookie(ctx));
  const hiddenUntil = async (member: number) =>
    (await ctx.db.query<{ h: string | null }>(sql`SELECT hidden_until::text AS h FROM profiles WHERE user_id = ${member}`))[0]?.h;
  interface QueueCase {
    member: { id: number };
    weight: number;
    hidden_before_review: boolean;
    reports: { id: number; counted: boolean; reporter: { id: number; weight: number; trusted: boolean } }[];
  }
  const queue = async (): Promise<QueueCase[]> => {
    const res = await api()
      .get('/api/report-queue.php')
      .query({ limit: 50 })
      .set('cookie', await moderatorOnce());
    expect(res.status).toBe(200);
    return res.body.cases;
  };
  const caseOf = async (member: number) => (await queue()).find((c) => c.member.id === member);
  const reportAs = async (cookie: string, member: number, reason: string) => {
    const res = await report(ctx, cookie, { target: { kind: 'profile', id: member }, reason });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  /** A new member with a confirmed address, `days` old, logged in (the seeded ordinary members are few). */
  const newMember = async (days = 60) => {
    const { userId, cookie } = await newBuyer(ctx, 'NL', { signupAgoSeconds: days * 86_400 });
    const [row] = await ctx.db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}`);
    return { id: userId, cookie, email: row?.email as string };
  };
  /** Ages a seeded member's account (his address is confirmed already). */
  const age = (member: { id: number }, days: number) =>
    ctx.db.query(sql`UPDATE users SET signup_date = now() - make_interval(days => ${days}) WHERE id = ${member.id}`);
  /** Buys the cheapest bundle through the provider's checkout; answers the payment's id and the bundle's credits. */
  const buyCheapest = async (cookie: string) => {
    const offer = await api().get('/api/credit-packages.php').set('cookie', cookie);
    expect(offer.status).toBe(200);
    const cheapest = [...offer.body.packages].sort(
      (a: { price_minor: number }, b: { price_minor: number }) => a.price_minor - b.price_minor,
    )[0];
    const created = await api()
      .post('/api/payments.php')
      .set('cookie', cookie)
      .set('idempotency-key', randomUUID())
      .send({ package_id: cheapest.id, method: 'creditcard' });
    expect(created.status).toBe(201);
    await completeCheckout(created.body.checkout_url, 'paid');
    await waitForStatus(ctx, cookie, created.body.payment_id, 'paid');
    return { paymentId: created.body.payment_id as number, credits: cheapest.credits as number };
  };
  const decide = async (member: number, reports: number[], action: 'dismiss' | 'warn') =>
    expect(
      (
        await api()
          .post('/api/report-decision.php')
          .set('cookie', await moderatorOnce())
          .send({ member, reports, action, rule: 'other', facts: 'Looked at it.' })
      ).status,
    ).toBe(201);
  /** A password login presenting another account's device cookie (one browser); answers the login's own device cookie. */
  const loginInBrowser = async (email: string, device?: string) => {
    const res = await api()
      .post('/api/user.php')
      .set('request-type', 'client')
      .set('cookie', device ?? '')
      .send({ email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('device='))
      ?.split(';')[0] as string;
  };

  it('When three fresh accounts that bought and refunded the cheapest bundle report a member as a scam, then the member stays visible and his case is in the moderators’ queue', async () => {
    const target = await otherMember(ctx, 43);
    const reportIds: number[] = [];
    // Three networks, so nothing links them: what they lack is a confirmed address, age and money that stayed spent.
    for (const [i, ip] of ['198.51.100.10', '203.0.113.20', '192.0.2.30'].entries()) {
      const email = `throwaway${i}-${randomUUID()}@example.test`;
      const signup = await api()
        .post('/api/signup.php')
        .set(fromClient(ip))
        .send({ email, password: 'correct-horse', name: `Throwaway ${'ABC'[i]}`, date_of_birth: '1990-05-17' });
      expect(signup.status).toBe(200);
      const cookie = ([] as string[])
        .concat(signup.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('auth='))
        ?.split(';')[0] as string;
      const { paymentId } = await buyCheapest(cookie);
      const refund = await api()
        .post('/api/refund.php')
        .set('cookie', cookie)
        .set('idempotency-key', randomUUID())
        .send({ payment_id: paymentId });
      expect(refund.status).toBe(200);
      expect(refund.body.status).toBe('refunded');
      reportIds.push(await reportAs(cookie, target.id, 'fake_scam_spam'));
    }
    expect(await hiddenUntil(target.id)).toBeNull();
    expect(await mailsTo(ctx, 'statement_of_reasons', target.email)).toHaveLength(0);
    const queued = await caseOf(target.id);
    expect(queued).toMatchObject({ weight: 0, hidden_before_review: false });
    expect(queued?.reports.map((r) => r.id)).toEqual(reportIds);
    expect(queued?.reports.map((r) => [r.counted, r.reporter.weight, r.reporter.trusted])).toEqual([
      [true, 0, false],
      [true, 0, false],
      [true, 0, false],
    ]);
  });

  it('When reporters are linked — one browser, one signup network, one bank account — then they count as one', async () => {
    const target = await otherMember(ctx, 44);
    const [a, b, c] = [await otherMember(ctx, 45), await otherMember(ctx, 46), await otherMember(ctx, 47)];
    for (const m of [a, b, c]) await age(m, AGE_FULL_DAYS);
    // b logs in where a logged in before: the browser shows a's device cookie.
    await loginInBrowser(b.email, await loginInBrowser(a.email));
    // Two accounts signed up from one /24, confirmed and as old as the others.
    const fromOneNetwork = [];
    for (const ip of ['203.0.113.5', '203.0.113.200']) {
      const email = `neighbour-${randomUUID()}@example.test`;
      const signup = await api()
        .post('/api/signup.php')
        .set(fromClient(ip))
        .send({ email, password: 'correct-horse', name: 'Neighbour', date_of_birth: '1990-05-17' });
      expect(signup.status).toBe(200);
      const [row] = await ctx.db.query<{ id: number }>(
        sql`UPDATE users SET status = 'active', signup_date = now() - make_interval(days => ${AGE_FULL_DAYS}) WHERE email = ${email} RETURNING id`,
      );
      fromOneNetwork.push({ id: row?.id as number, cookie: await loginAsMember(ctx, row?.id as number) });
    }
    // Two more who gave one bank account for direct debit (written with and without spaces, in either case).
    const [d, e] = [await newMember(AGE_FULL_DAYS), await newMember(AGE_FULL_DAYS)];
    for (const [m, iban] of [
      [d, 'NL91 ABNA 0417 1643 00'],
      [e, 'nl91abna0417164300'],
    ] as const) {
      await ctx.db.query(
        sql`INSERT INTO direct_debit_mandates (user_id, reference, account_holder, iban, street, house_number, postcode, city, mobile)
            VALUES (${m.id}, ${`MANDATE-${randomUUID()}`}, 'A. Holder', ${iban}, 'Straat', '1', '1000 AA', 'Amsterdam', '+31612345678')`,
      );
    }
    for (const m of [a, b, c, ...fromOneNetwork, d, e]) await reportAs(m.cookie, target.id, 'harassment_hate');
    const queued = await caseOf(target.id);
    // Seven reporters of AGE_WEIGHT each, in four groups: a and b; c; the two neighbours; the bank account's two.
    expect(queued?.reports.map((r) => r.reporter.weight)).toEqual(Array.from({ length: 7 }, () => AGE_WEIGHT));
    expect(queued?.weight).toBe(4 * AGE_WEIGHT);
  });

  it('When a reporter’s reports were upheld, then his reports weigh more', async () => {
    const reporter = await newMember();
    const [first, second, third] = [await newMember(), await newMember(), await newMember()];
    await reportAs(reporter.cookie, first.id, 'harassment_hate');
    const before = (await caseOf(first.id))?.reports[0]?.reporter.weight as number;
    expect(before).toBeGreaterThan(0);
    await decide(first.id, [(await caseOf(first.id))?.reports[0]?.id as number], 'warn');
    await reportAs(reporter.cookie, second.id, 'harassment_hate');
    expect((await caseOf(second.id))?.reports[0]?.reporter.weight).toBeCloseTo(before + UPHELD_WEIGHT, 5);
    await decide(second.id, [(await caseOf(second.id))?.reports[0]?.id as number], 'warn');
    await reportAs(reporter.cookie, third.id, 'harassment_hate');
    const after = await caseOf(third.id);
    expect(after?.reports[0]?.reporter.weight).toBeCloseTo(before + 2 * UPHELD_WEIGHT, 5);
    expect(after?.weight).toBeCloseTo(before + 2 * UPHELD_WEIGHT, 5);
  });

  it('When members whose money stayed spent report a member as under 18, then enough independent weight hides him before review with a statement at once, and his case heads the queue; reported as a scam, another stays visible', async () => {
    const [minor, scammer] = [await newMember(), await newMember()];
    await ctx.db.query(sql`UPDATE users SET language = 'nl' WHERE id = ${minor.id}`);
    const reporters = [await newMember(AGE_FULL_DAYS), await newMember(AGE_FULL_DAYS)];
    for (const r of reporters) {
      // The cheapest bundle, spent: that money can no longer come back.
      const { credits } = await buyCheapest(r.cookie);
      expect(credits).toBe(MONEY_FULL_CREDITS);
      await spendCredits(ctx.db, { userId: r.id, credits, reason: 'message' });
    }
    // Money that can still come back is no weight: a bundle refunded, and one left unspent within its refund window.
    const [refunded, unspent] = [await newMember(AGE_FULL_DAYS), await newMember(AGE_FULL_DAYS)];
    const bought = await buyCheapest(refunded.cookie);
    expect((await api().post('/api/refund.php').set('cookie', refunded.cookie).send({ payment_id: bought.paymentId })).status).toBe(200);
    await buyCheapest(unspent.cookie);
    const heavy = AGE_WEIGHT + MONEY_WEIGHT;
    // Heavy reporters' scam reports queue with their weight; nothing is hidden.
    for (const r of [...reporters, refunded, unspent]) await reportAs(r.cookie, scammer.id, 'fake_scam_spam');
    expect(await hiddenUntil(scammer.id)).toBeNull();
    const scam = await caseOf(scammer.id);
    expect(scam?.reports.map((r) => r.reporter.weight)).toEqual([heavy, heavy, AGE_WEIGHT, AGE_WEIGHT]);
    expect(scam).toMatchObject({ weight: 2 * heavy + 2 * AGE_WEIGHT, hidden_before_review: false });

    // One reporter alone never hides.
    const ids = [await reportAs(reporters[0]!.cookie, minor.id, 'underage')];
    expect(await hiddenUntil(minor.id)).toBeNull();
    ids.push(await reportAs(reporters[1]!.cookie, minor.id, 'underage'));
    expect(await hiddenUntil(minor.id)).toBe('infinity');
    const statements = await api().get('/api/statements.php').set('cookie', minor.cookie);
    expect(statements.body.statements[0]).toMatchObject({ action: 'hide', automated: true, source: 'report', rule: 'underage' });
    const mail = await waitForMail(ctx, 'statement_of_reasons', minor.email);
    expect(mail.at(-1)?.text_body).toContain('met geautomatiseerde middelen genomen');
    // First in the queue, ahead of the heavier scam case and every older one.
    const cases = await queue();
    expect(cases[0]).toMatchObject({ member: { id: minor.id }, hidden_before_review: true, weight: 2 * heavy });
    expect(cases[1]?.member.id).toBe(scammer.id);

    // A moderator decides: the hiding ends, whatever he decided.
    await decide(minor.id, ids, 'dismiss');
    expect(await hiddenUntil(minor.id)).toBeNull();
  });

  it('When more light reporters than the site counts report one member within the hour, then every report is stored and queued, the later ones without weight; a heavier reporter still counts and a weightless one uses up nothing', async () => {
    await ctx.db.query(sql`UPDATE sites SET safety_target_light_reports = 2 WHERE id = ${siteId}`);
    try {
      const target = await newMember();
      const light = [await newMember(), await newMember(), await newMember(), await newMember()];
      const established = await newMember(AGE_FULL_DAYS);
      // A throw-away account of no weight first: it adds nothing, so it uses up nothing of the light reporters' budget.
      const fresh = await newMember(0);
      await reportAs(fresh.cookie, target.id, 'underage');
      for (const r of light) await reportAs(r.cookie, target.id, 'underage');
      await reportAs(established.cookie, target.id, 'underage');
      const queued = await caseOf(target.id);
      expect(queued?.reports.map((r) => r.counted)).toEqual([true, true, true, false, false, true]);
      expect(queued?.reports[0]?.reporter.weight).toBe(0);
      const lightWeight = queued?.reports[1]?.reporter.weight as number;
      // Members 60 days old are light, each below LIGHT_WEIGHT.
      expect(lightWeight).toBeGreaterThan(0);
      expect(lightWeight).toBeLessThan(LIGHT_WEIGHT);
      expect(queued?.weight).toBe(Math.round((2 * lightWeight + AGE_WEIGHT) * 100) / 100);
      expect(await hiddenUntil(target.id)).toBeNull();
    } finally {
      await ctx.db.query(sql`UPDATE sites SET safety_target_light_reports = 5 WHERE id = ${siteId}`);
    }
  });

  it('When a moderator tries to decide "hide" himself, then 422 invalid_value: hiding is the automation\'s only', async () => {
    const target = await otherMember(ctx, 14);
    const res = await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({ member: target.id, reports: [], action: 'hide', rule: 'other', facts: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.error.params.field).toBe('action');
  });
});

describe('reporters whose reports keep being unfounded', () => {
  it("When a reporter's reports are dismissed again and again, then he is warned once by mail, and later his reports wait behind the others", async () => {
    await ctx.db.query(sql`UPDATE sites SET safety_unfounded_warn = 2, safety_unfounded_deprioritise = 3 WHERE id = ${siteId}`);
    const moderator = await moderatorCookie(ctx);
    const reporter = await otherMember(ctx, 15);
    const fileAndDismiss = async (offset: number) => {
      const target = await otherMember(ctx, offset);
      const filed = await report(ctx, reporter.cookie, { target: { kind: 'profile', id: target.id }, reason: 'other' });
      const res = await request(ctx.app)
        .post('/api/report-decision.php')
        .set('cookie', moderator)
        .send({ member: target.id, reports: [filed.body.id], action: 'dismiss', rule: 'other', facts: 'Nothing wrong.' });
      expect(res.status).toBe(201);
    };
    await fileAndDismiss(16);
    expect(await mailsTo(ctx, 'reporter_warning', reporter.email)).toHaveLength(0);
    await fileAndDismiss(17);
    const warned = await waitForMail(ctx, 'reporter_warning', reporter.email);
    expect(warned).toHaveLength(1);
    await fileAndDismiss(18);
    expect(await mailsTo(ctx, 'reporter_warning', reporter.email)).toHaveLength(1);

    // His new report comes first in time, another member's later; the other's case is decided first.
    const his = await otherMember(ctx, 19);
    await report(ctx, reporter.cookie, { target: { kind: 'profile', id: his.id }, reason: 'other' });
    const others = await otherMember(ctx, 20);
    await report(ctx, (await otherMember(ctx, 21)).cookie, { target: { kind: 'profile', id: others.id }, reason: 'harassment_hate' });
    const queue = await request(ctx.app).get('/api/report-queue.php').set('cookie', moderator);
    const order = queue.body.cases.map((c: { member: { id: number } }) => c.member.id);
    expect(order.indexOf(others.id)).toBeLessThan(order.indexOf(his.id));
    const hisCase = queue.body.cases.find((c: { member: { id: number } }) => c.member.id === his.id);
    expect(hisCase.reports[0].reporter).toMatchObject({ unfounded: 3, deprioritised: true });
  });
});
