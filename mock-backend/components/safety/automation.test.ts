import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginAsMember, loginCookie, type TestContext } from '../../test/context';
import { conversation, idOf, mailsTo, moderatorCookie, report, waitForMail } from './fixtures';
import { screenMessage } from './screening';

/** The careful automation: first-message screening, trusted reporters and the automated hiding, unfounded reporters. */

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
      for (const member of senders) await screenMessage(ctx.db, { siteId, senderId: member.id, text, first: true });
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

describe('trusted reports hide a profile until a moderator decides', () => {
  const decide = async (member: number, reports: number[]) =>
    request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({ member, reports, action: 'dismiss', rule: 'fake_scam_spam', facts: 'Checked: a real member.' });
  const hiddenUntil = async (member: number) =>
    (await ctx.db.query<{ h: string | null }>(sql`SELECT hidden_until::text AS h FROM profiles WHERE user_id = ${member}`))[0]?.h;

  it('When two trusted members and one new unconfirmed account report a profile as fake, then it stays visible; the third trusted report hides it with an automated statement', async () => {
    const target = await otherMember(ctx, 9);
    const reporters = [await otherMember(ctx, 10), await otherMember(ctx, 11), await otherMember(ctx, 12), await otherMember(ctx, 13)];
    const untrusted = reporters[3] as { id: number; cookie: string };
    await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed', signup_date = now(), paid_user = false WHERE id = ${untrusted.id}`);
    await ctx.db.query(sql`UPDATE users SET language = 'nl' WHERE id = ${target.id}`);
    const ids: number[] = [];
    for (const r of [reporters[0], reporters[1], untrusted]) {
      const res = await report(ctx, (r as { cookie: string }).cookie, {
        target: { kind: 'profile', id: target.id },
        reason: 'fake_scam_spam',
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    expect(await hiddenUntil(target.id)).toBeNull();
    await ctx.db.query(sql`UPDATE users SET status = 'active' WHERE id = ${untrusted.id}`);
    const third = await report(ctx, (reporters[2] as { cookie: string }).cookie, {
      target: { kind: 'profile', id: target.id },
      reason: 'fake_scam_spam',
    });
    ids.push(third.body.id);
    expect(await hiddenUntil(target.id)).toBe('infinity');
    const statements = await request(ctx.app).get('/api/statements.php').set('cookie', target.cookie);
    expect(statements.body.statements[0]).toMatchObject({ action: 'hide', automated: true, source: 'report', rule: 'fake_scam_spam' });
    const mail = await waitForMail(ctx, 'statement_of_reasons', target.email);
    expect(mail.at(-1)?.text_body).toContain('met geautomatiseerde middelen genomen');
    // The queue marks who counted.
    const queue = await request(ctx.app)
      .get('/api/report-queue.php')
      .set('cookie', await moderatorCookie(ctx));
    const queued = queue.body.cases.find((c: { member: { id: number } }) => c.member.id === target.id);
    expect(queued.reports.map((r: { reporter: { trusted: boolean } }) => r.reporter.trusted)).toEqual([true, true, false, true]);

    // A moderator decides: the hiding ends, whatever he decided.
    expect((await decide(target.id, ids)).status).toBe(201);
    expect(await hiddenUntil(target.id)).toBeNull();
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
