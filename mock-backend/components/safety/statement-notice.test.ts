import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { openStream } from '../../test/sse';
import { moderatorCookie, otherMember, report, secondModerator, waitForMail } from './fixtures';

/**
 * A member learns of a decision about him on the site: GET user.php names his newest statement of reasons that he has
 * not opened (`unread_statement`), his open pages hear it on the live channel (`statement`), and opening it with his
 * session marks it read, server-side; a dismissal shows nothing.
 */

let ctx: TestContext;
let moderator: string;
let reporter: string;

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  moderator = await moderatorCookie(ctx);
  reporter = await loginCookie(ctx.app, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

const decide = (body: Record<string, unknown>, cookie = moderator) =>
  request(ctx.app).post('/api/report-decision.php').set('cookie', cookie).send(body);
const unreadOf = async (cookie: string) =>
  (await request(ctx.app).get('/api/user.php').set('cookie', cookie).expect(200)).body.user.unread_statement as {
    id: number;
    action: string;
    created_at: string;
  } | null;
const readAt = async (decision: number) =>
  (await ctx.db.query<{ read_at: Date | null }>(sql`SELECT read_at FROM safety_decisions WHERE id = ${decision}`))[0]?.read_at ?? null;

describe('the notice of a decision', () => {
  it('When a moderator warns a member, then his open page hears it, every page of his names the statement until he opens it with his session, and then it is read', async () => {
    const member = await otherMember(ctx, 0);
    expect(await unreadOf(member.cookie)).toBeNull();
    const live = openStream(ctx.appUrl, member.cookie);
    expect(await live.ready).toBe(200);

    const res = await decide({ member: member.id, reports: [], action: 'warn', rule: 'harassment_hate', facts: 'Rude messages.' });
    expect(res.status).toBe(201);
    const decision = res.body.decision as number;
    expect((await live.waitFor((e) => e.event === 'statement')).data).toEqual({ statement: decision, action: 'warn' });
    live.close();

    expect(await unreadOf(member.cookie)).toMatchObject({ id: decision, action: 'warn' });
    // Still there on the next page.
    expect((await unreadOf(member.cookie))?.id).toBe(decision);

    // Opened with the mail's token alone (a mail scanner follows links too): read, but not marked.
    const [mail] = await waitForMail(ctx, 'statement_of_reasons', member.email);
    const token = /token=([0-9a-f]{32})/.exec(mail?.text_body ?? '')?.[1];
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await request(ctx.app).get('/api/statement.php').query({ id: decision, token }).expect(200);
    expect(await readAt(decision)).toBeNull();
    expect((await unreadOf(member.cookie))?.id).toBe(decision);

    // Opened by him, logged in: read, server-side, and the notice is gone from every page of his.
    const opened = await request(ctx.app).get('/api/statement.php').query({ id: decision }).set('cookie', member.cookie);
    expect(opened.status).toBe(200);
    expect(opened.body.action).toBe('warn');
    expect(await readAt(decision)).toBeInstanceOf(Date);
    expect(await unreadOf(member.cookie)).toBeNull();
  });

  it('When another member asks for the statement by its id, then 404 and it stays unread for its member', async () => {
    const member = await otherMember(ctx, 1);
    const stranger = await otherMember(ctx, 2);
    const res = await decide({ member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Spam in his profile.' });
    const decision = res.body.decision as number;
    const asked = await request(ctx.app).get('/api/statement.php').query({ id: decision }).set('cookie', stranger.cookie);
    expect(asked.status).toBe(404);
    expect(await readAt(decision)).toBeNull();
    expect((await unreadOf(member.cookie))?.id).toBe(decision);
  });

  it('When two decisions about him are unread, then the newest shows first, and the older one once he opened the newest', async () => {
    const member = await otherMember(ctx, 3);
    const older = (await decide({ member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'First warning.' })).body
      .decision as number;
    const newer = (
      await decide({ member: member.id, reports: [], action: 'restrict', days: 3, rule: 'harassment_hate', facts: 'Again rude.' })
    ).body.decision as number;
    expect(await unreadOf(member.cookie)).toMatchObject({ id: newer, action: 'restrict' });
    await request(ctx.app).get('/api/statement.php').query({ id: newer }).set('cookie', member.cookie).expect(200);
    expect(await unreadOf(member.cookie)).toMatchObject({ id: older, action: 'warn' });
  });

  it('When a moderator dismisses the reports about a member, then he is shown nothing: no unread statement and no event', async () => {
    const member = await otherMember(ctx, 4);
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
    const live = openStream(ctx.appUrl, member.cookie);
    expect(await live.ready).toBe(200);
    const res = await decide({ member: member.id, reports: [filed.body.id], action: 'dismiss', rule: 'other', facts: 'Nothing wrong.' });
    expect(res.status).toBe(201);
    expect(res.body.statement).toBe(false);
    // A later event of his proves the stream had the chance to carry one.
    const later = (await decide({ member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Later.' })).body.decision;
    await live.waitFor((e) => e.event === 'statement');
    live.close();
    expect(live.events.filter((e) => e.event === 'statement').map((e) => e.data)).toEqual([{ statement: later, action: 'warn' }]);
    expect((await unreadOf(member.cookie))?.id).toBe(later);
    expect(await readAt(res.body.decision as number)).toBeNull();
  });

  it('When the decision he has not opened is reversed on appeal, then its notice goes', async () => {
    const member = await otherMember(ctx, 5);
    const second = await secondModerator(ctx, 9);
    const decision = (await decide({ member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Unfriendly.' })).body
      .decision as number;
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .send({ decision, text: 'I was not unfriendly.' })
      .expect(201);
    expect((await unreadOf(member.cookie))?.id).toBe(decision);
    await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', second.cookie)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'On review it was fine.' })
      .expect(200);
    expect(await unreadOf(member.cookie)).toBeNull();
  });
});
