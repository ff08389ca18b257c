import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { unzip } from '../../test/zip';
import { conversation, idOf, mailsTo, moderatorCookie, otherMember, report, secondModerator, waitForMail } from './fixtures';

let ctx: TestContext;
let moderator: string;
let moderatorId: number;
let other: { id: number; cookie: string };
let reporter: string;
let reporterId: number;

beforeAll(async () => {
  ctx = await createTestContext({ members: 40 });
  moderator = await moderatorCookie(ctx);
  moderatorId = await idOf(ctx, DEMO_LOGINS.moderator);
  other = await secondModerator(ctx, 9);
  reporter = await loginCookie(ctx.app, DEMO_LOGINS.free);
  reporterId = await idOf(ctx, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

const queue = (cookie: string) => request(ctx.app).get('/api/report-queue.php').set('cookie', cookie);
const decide = (cookie: string, body: Record<string, unknown>) =>
  request(ctx.app).post('/api/report-decision.php').set('cookie', cookie).send(body);
const emailOf = async (id: number) =>
  (await ctx.db.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${id}`))[0]?.email as string;

describe('the report queue', () => {
  it('When a visitor or a member who is not a moderator reads the queue or decides, then 403 (authentication_required, forbidden)', async () => {
    expect((await request(ctx.app).get('/api/report-queue.php')).body.error.code).toBe('authentication_required');
    const member = await queue(reporter);
    expect(member.status).toBe(403);
    expect(member.body.error.code).toBe('forbidden');
    const decision = await decide(reporter, { member: reporterId, reports: [], action: 'warn', rule: 'other', facts: 'x' });
    expect(decision.status).toBe(403);
    expect(decision.body.error.code).toBe('forbidden');
  });

  it('When members are reported, then the queue groups open reports per member, the longest-waiting first, with the message context, the reporter’s track record and the account age', async () => {
    const first = await otherMember(ctx, 0);
    const second = await otherMember(ctx, 1);
    const ids = await conversation(ctx, first.id, reporterId, 9);
    const message = ids[4] as number;
    await report(ctx, reporter, { target: { kind: 'message', id: message }, reason: 'harassment_hate' }).expect(201);
    await report(ctx, reporter, { target: { kind: 'profile', id: second.id }, reason: 'fake_scam_spam' }).expect(201);
    await report(ctx, reporter, { target: { kind: 'profile', id: first.id }, reason: 'other' }).expect(201);
    const res = await queue(moderator);
    expect(res.status).toBe(200);
    const cases = res.body.cases as {
      member: { id: number; account_age_days: number };
      reports: {
        target: { kind: string };
        messages: { id: number; reported: boolean; from_member: boolean }[];
        reporter: { filed: number };
      }[];
    }[];
    expect(cases.map((c) => c.member.id)).toEqual([first.id, second.id]);
    const [firstCase] = cases;
    expect(firstCase?.reports.map((r) => r.target.kind)).toEqual(['message', 'profile']);
    const messages = firstCase?.reports[0]?.messages ?? [];
    expect(messages.map((m) => m.id)).toEqual(ids.slice(1, 8));
    expect(messages.find((m) => m.reported)?.id).toBe(message);
    expect(messages.find((m) => m.reported)?.from_member).toBe(true);
    expect(firstCase?.reports[0]?.reporter.filed).toBe(3);
    expect(firstCase?.member.account_age_days).toBeGreaterThanOrEqual(0);
  });
});

describe('decisions', () => {
  it('When two moderators decide the same reports at once, then one wins and the other gets 409 reports_decided, and only one decision is recorded', async () => {
    const member = await otherMember(ctx, 2);
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
    const body = { member: member.id, reports: [filed.body.id], action: 'warn', rule: 'other', facts: 'Rude profile text.' };
    const [a, b] = await Promise.all([decide(moderator, body), decide(other.cookie, { ...body, action: 'dismiss' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error.code).toBe('reports_decided');
    const decisions = await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${member.id}`);
    expect(decisions).toHaveLength(1);
  });

  it('When a moderator removes a reported photo, then it is a soft delete recorded with moderator and time, the member gets a statement in his language and the reporter only "action taken"', async () => {
    const member = await otherMember(ctx, 3);
    await ctx.db.query(sql`UPDATE users SET language = 'fr' WHERE id = ${member.id}`);
    await ctx.db.query(sql`UPDATE users SET language = 'nl' WHERE id = ${reporterId}`);
    const [photo] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO photos (user_id, filename, thumb_filename, blurred_filename, status) VALUES (${member.id}, 'u/aa/x-full.jpg', 'u/aa/x-thumb.jpg', 'u/aa/x-blur.jpg', 'approved') RETURNING id`,
    );
    const filed = await report(ctx, reporter, { target: { kind: 'photo', id: photo?.id }, reason: 'unwanted_sexual' }).expect(201);
    const res = await decide(moderator, {
      member: member.id,
      reports: [filed.body.id],
      action: 'remove_content',
      content: { kind: 'photo', id: photo?.id },
      rule: 'unwanted_sexual',
      facts: 'The photo shows nudity.',
    });
    expect(res.status).toBe(201);
    expect(res.body.statement).toBe(true);
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM photos WHERE id = ${photo?.id}`);
    expect(row?.status).toBe('rejected');
    const [decision] = await ctx.db.query<{ moderator_id: number; created_at: Date; source: string }>(
      sql`SELECT moderator_id, created_at, source FROM safety_decisions WHERE id = ${res.body.decision}`,
    );
    expect(decision?.moderator_id).toBe(moderatorId);
    expect(decision?.created_at).toBeInstanceOf(Date);
    expect(decision?.source).toBe('report');
    const [statement] = await waitForMail(ctx, 'statement_of_reasons', await emailOf(member.id));
    expect(statement?.subject).toContain('Une décision concernant ton compte');
    expect(statement?.text_body).toContain('The photo shows nudity.');
    expect(statement?.text_body).toContain('Contenu retiré : une photo');
    expect(statement?.text_body).toContain(`/safety/statements/${res.body.decision}?token=`);
    const outcomes = await waitForMail(ctx, 'report_outcome', DEMO_LOGINS.free);
    const outcome = outcomes.find((m) => m.ref === `report:${filed.body.id}`);
    expect(outcome?.text_body).toContain('maatregelen genomen');
    expect(outcome?.text_body).not.toContain('nudity');
    const mine = await request(ctx.app).get('/api/report.php').set('cookie', reporter);
    expect(mine.body.reports.find((r: { id: number }) => r.id === filed.body.id)?.status).toBe('action_taken');
  });

  it('When a moderator dismisses, then no statement is stored or mailed and the reporter learns "no violation found"', async () => {
    const member = await otherMember(ctx, 4);
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
    const res = await decide(moderator, {
      member: member.id,
      reports: [filed.body.id],
      action: 'dismiss',
      rule: 'other',
      facts: 'Nothing wrong.',
    });
    expect(res.status).toBe(201);
    expect(res.body.statement).toBe(false);
    expect(await mailsTo(ctx, 'statement_of_reasons', await emailOf(member.id))).toHaveLength(0);
    const statements = await request(ctx.app).get('/api/statements.php').set('cookie', member.cookie);
    expect(statements.body.statements).toEqual([]);
    const mine = await request(ctx.app).get('/api/report.php').set('cookie', reporter);
    expect(mine.body.reports.find((r: { id: number }) => r.id === filed.body.id)?.status).toBe('no_violation');
  });

  it('When remove_content has no content or restrict has no days, then 422 naming the field and nothing is decided', async () => {
    const member = await otherMember(ctx, 5);
    const noContent = await decide(moderator, { member: member.id, reports: [], action: 'remove_content', rule: 'other', facts: 'x' });
    expect(noContent.status).toBe(422);
    expect(noContent.body.error.params.field).toBe('content');
    const noDays = await decide(moderator, { member: member.id, reports: [], action: 'restrict', rule: 'other', facts: 'x' });
    expect(noDays.status).toBe(422);
    expect(noDays.body.error.params.field).toBe('days');
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${member.id}`)).toHaveLength(0);
  });
});

describe('notices', () => {
  it('When a moderator acts on a visitor’s notice, then the notice is handled, the notifier learns "action taken" and a second decision on it gets 409', async () => {
    const member = await otherMember(ctx, 12);
    const sent = await request(ctx.app)
      .post('/api/notice.php')
      .send({
        name: 'Visitor',
        email: 'notifier@example.test',
        content_url: `/profile/${member.id}`,
        explanation: 'Selling drugs here.',
        good_faith: true,
      });
    expect(sent.status).toBe(202);
    const listed = await queue(moderator);
    const notice = (listed.body.notices as { id: number; reference: string }[]).find((n) => n.reference === sent.body.reference);
    expect(notice).toBeDefined();
    const body = { member: member.id, reports: [], notice: notice?.id, action: 'warn', rule: 'illegal', facts: 'Offers drugs.' };
    const res = await decide(moderator, body);
    expect(res.status).toBe(201);
    const [outcome] = await waitForMail(ctx, 'notice_outcome', 'notifier@example.test');
    expect(outcome?.text_body).toContain('took action');
    expect((await decide(other.cookie, body)).status).toBe(409);
    const statement = await request(ctx.app).get('/api/statement.php').query({ id: res.body.decision }).set('cookie', member.cookie);
    expect(statement.body.source).toBe('notice');
  });
});

describe('statements of reasons', () => {
  it('When a member reads his statements, then he gets what, how long, the facts, the source, automated or not, the rule and the ways to contest; another member gets 404 for it', async () => {
    const member = await otherMember(ctx, 6);
    const res = await decide(moderator, {
      member: member.id,
      reports: [],
      action: 'restrict',
      days: 7,
      rule: 'fake_scam_spam',
      facts: 'Copied photos.',
    });
    expect(res.status).toBe(201);
    const list = await request(ctx.app).get('/api/statements.php').set('cookie', member.cookie);
    expect(list.status).toBe(200);
    const [statement] = list.body.statements;
    expect(statement).toMatchObject({
      id: res.body.decision,
      action: 'restrict',
      days: 7,
      facts: 'Copied photos.',
      rule: 'fake_scam_spam',
      source: 'own_initiative',
      automated: false,
      reversed_at: null,
      appeal: null,
      redress: ['internal_appeal', 'out_of_court_settlement', 'court'],
    });
    expect(new Date(statement.until).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const own = await request(ctx.app).get('/api/statement.php').query({ id: res.body.decision }).set('cookie', member.cookie);
    expect(own.status).toBe(200);
    const foreign = await request(ctx.app).get('/api/statement.php').query({ id: res.body.decision }).set('cookie', reporter);
    expect(foreign.status).toBe(404);
    const forged = await request(ctx.app)
      .get('/api/statement.php')
      .query({ id: res.body.decision, token: '0'.repeat(32) });
    expect(forged.status).toBe(404);
  });

  it('When a member is decided on after a report, then his statements, the statement page, its mail and his data archive name neither the reporter nor his words', async () => {
    const member = await otherMember(ctx, 28);
    const [named] = await ctx.db.query<{ name: string }>(sql`SELECT name FROM profiles WHERE user_id = ${reporterId}`);
    const words = 'I saw him on another site under another name';
    const filed = await report(ctx, reporter, {
      target: { kind: 'profile', id: member.id },
      reason: 'fake_scam_spam',
      details: words,
    }).expect(201);
    const res = await decide(moderator, {
      member: member.id,
      reports: [filed.body.id],
      action: 'warn',
      rule: 'fake_scam_spam',
      facts: 'The profile photos are copied from another site.',
    });
    expect(res.status).toBe(201);
    const seen: string[] = [];
    const list = await request(ctx.app).get('/api/statements.php').set('cookie', member.cookie);
    expect(list.body.statements.map((st: { id: number }) => st.id)).toContain(res.body.decision);
    seen.push(JSON.stringify(list.body));
    const page = await request(ctx.app).get('/api/statement.php').query({ id: res.body.decision }).set('cookie', member.cookie);
    expect(page.body.source).toBe('report');
    seen.push(JSON.stringify(page.body));
    const [mail] = await waitForMail(ctx, 'statement_of_reasons', await emailOf(member.id));
    expect(mail?.text_body).toContain('The profile photos are copied from another site.');
    seen.push(`${mail?.subject} ${mail?.text_body}`);
    await request(ctx.app)
      .post('/api/data-export.php')
      .set('cookie', member.cookie)
      .set('Idempotency-Key', 'export-reported')
      .send({})
      .expect(202);
    const done = await vi.waitFor(
      async () => {
        const state = await request(ctx.app).get('/api/data-export.php').set('cookie', member.cookie);
        if (state.body.status !== 'ready') throw new Error(`still ${state.body.status}`);
        return state.body as { download_path: string };
      },
      { timeout: 30_000, interval: 200 },
    );
    const file = await request(ctx.app)
      .get(done.download_path)
      .set('cookie', member.cookie)
      .buffer(true)
      .parse((r, end) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => end(null, Buffer.concat(chunks)));
      });
    const decisions = String((await unzip(file.body as Buffer)).get('decisions.json'));
    expect(decisions).toContain('The profile photos are copied from another site.');
    seen.push(decisions);
    for (const text of seen) {
      expect(text).not.toContain(DEMO_LOGINS.free);
      expect(text).not.toContain(named?.name as string);
      expect(text).not.toContain(words);
      expect(text).not.toMatch(new RegExp(`"reporter(?:_id)?"\\s*:\\s*${reporterId}\\b`));
    }
  });

  it('When the statement mail’s token is used on another site of the platform, then 404: a token reads its own site’s statement only', async () => {
    const member = await otherMember(ctx, 13);
    const res = await decide(moderator, { member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Rude.' });
    expect(res.status).toBe(201);
    const [mail] = await waitForMail(ctx, 'statement_of_reasons', await emailOf(member.id));
    const token = /token=([0-9a-f]{32})/.exec(mail?.text_body ?? '')?.[1];
    const read = (host?: string) => {
      const call = request(ctx.app).get('/api/statement.php').query({ id: res.body.decision, token });
      return host ? call.set('x-forwarded-host', host) : call;
    };
    expect((await read()).status).toBe(200);
    const elsewhere = await read('nl.localhost');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe('not_found');
  });
});

describe('appeals', () => {
  it('When the member appeals a suspension and another moderator reverses it, then the suspension is lifted, the reversal is recorded and the member is mailed; the deciding moderator may not decide it', async () => {
    const member = await otherMember(ctx, 7);
    const res = await decide(moderator, {
      member: member.id,
      reports: [],
      action: 'suspend',
      days: 3,
      rule: 'harassment_hate',
      facts: 'Insults.',
    });
    expect(res.status).toBe(201);
    // The member cannot log in: he appeals with the token of his statement mail.
    const [mail] = await waitForMail(ctx, 'statement_of_reasons', await emailOf(member.id));
    const token = /token=([0-9a-f]{32})/.exec(mail?.text_body ?? '')?.[1];
    expect(token).toBeDefined();
    // The end date in his language (Dutch), not ISO text.
    expect(mail?.text_body).toMatch(/Tot: \d{1,2} [a-z]+ \d{4} om \d{2}:\d{2} UTC/);
    expect(mail?.text_body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const read = await request(ctx.app).get('/api/statement.php').query({ id: res.body.decision, token });
    expect(read.status).toBe(200);
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .send({ decision: res.body.decision, token, text: 'It was a joke between friends.' });
    expect(appeal.status).toBe(201);
    const twice = await request(ctx.app).post('/api/appeal.php').send({ decision: res.body.decision, token, text: 'Again.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('appeal_exists');

    const own = await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', moderator)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'x' });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('appeal_own_decision');
    const queued = await request(ctx.app).get('/api/appeal-queue.php').set('cookie', other.cookie);
    expect(queued.body.appeals.find((a: { id: number }) => a.id === appeal.body.id)?.own_decision).toBe(false);

    const reversed = await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'The messages were mutual banter.' });
    expect(reversed.status).toBe(200);
    const [user] = await ctx.db.query<{ suspended_until: Date | null }>(sql`SELECT suspended_until FROM users WHERE id = ${member.id}`);
    expect(user?.suspended_until).toBeNull();
    const [decision] = await ctx.db.query<{ reversed_by: number; reversed_at: Date | null }>(
      sql`SELECT reversed_by, reversed_at FROM safety_decisions WHERE id = ${res.body.decision}`,
    );
    expect(decision?.reversed_by).toBe(other.id);
    expect(decision?.reversed_at).toBeInstanceOf(Date);
    await waitForMail(ctx, 'appeal_outcome', await emailOf(member.id));
    const again = await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: appeal.body.id, outcome: 'upheld', explanation: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('appeal_decided');
  });

  it('When a removed message’s decision is reversed, then the message comes back with its text', async () => {
    const member = await otherMember(ctx, 8);
    const [message] = await conversation(ctx, member.id, reporterId, 1);
    const res = await decide(moderator, {
      member: member.id,
      reports: [],
      action: 'remove_content',
      content: { kind: 'message', id: message },
      rule: 'other',
      facts: 'Spam link.',
    });
    expect(res.status).toBe(201);
    expect((await ctx.db.query<{ body: string }>(sql`SELECT body FROM messages WHERE id = ${message}`))[0]?.body).toBe('');
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .send({ decision: res.body.decision, text: 'Not spam.' });
    expect(appeal.status).toBe(201);
    await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'Fine.' })
      .expect(200);
    const [row] = await ctx.db.query<{ body: string; removed_at: Date | null }>(
      sql`SELECT body, removed_at FROM messages WHERE id = ${message}`,
    );
    expect(row).toEqual({ body: 'message 0', removed_at: null });
  });

  it('When the reporter appeals a dismissal and it is reversed, then his report is open again; a stranger gets 404 and an appeal after six months 422', async () => {
    const member = await otherMember(ctx, 10);
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'fake_scam_spam' }).expect(201);
    const res = await decide(moderator, {
      member: member.id,
      reports: [filed.body.id],
      action: 'dismiss',
      rule: 'fake_scam_spam',
      facts: 'Looks real.',
    });
    const stranger = await otherMember(ctx, 11);
    const foreign = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', stranger.cookie)
      .send({ decision: res.body.decision, text: 'Me too.' });
    expect(foreign.status).toBe(404);
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', reporter)
      .send({ decision: res.body.decision, text: 'It is a fake.' });
    expect(appeal.status).toBe(201);
    await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'Fake indeed.' })
      .expect(200);
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM safety_reports WHERE id = ${filed.body.id}`);
    expect(row?.status).toBe('open');

    const old = await decide(moderator, { member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Old.' });
    await ctx.db.query(sql`UPDATE safety_decisions SET created_at = now() - interval '7 months' WHERE id = ${old.body.decision}`);
    const late = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .send({ decision: old.body.decision, text: 'Late.' });
    expect(late.status).toBe(422);
    expect(late.body.error.code).toBe('appeal_period_over');
  });
});

describe('deciding twice', () => {
  const decideWithKey = (cookie: string, key: string, body: Record<string, unknown>) =>
    request(ctx.app).post('/api/report-decision.php').set('cookie', cookie).set('Idempotency-Key', key).send(body);

  it('When a moderator’s decision is sent again with the same Idempotency-Key, then the first answer is replayed and one decision is recorded; another body under the key is 422', async () => {
    const member = await otherMember(ctx, 14);
    const body = { member: member.id, reports: [], action: 'restrict', days: 3, rule: 'other', facts: 'Spam in the profile.' };
    const first = await decideWithKey(moderator, 'decide-key-1', body);
    expect(first.status).toBe(201);
    const again = await decideWithKey(moderator, 'decide-key-1', body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await decideWithKey(moderator, 'decide-key-1', { ...body, days: 5 });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${member.id}`)).toHaveLength(1);
    expect(await mailsTo(ctx, 'statement_of_reasons', await emailOf(member.id))).toHaveLength(1);
  });

  it('When two moderators take the same own-initiative decision at once, or one retries it without a key, then one is recorded and the other gets 409 decision_duplicate', async () => {
    const member = await otherMember(ctx, 15);
    const body = { member: member.id, reports: [], action: 'suspend', days: 2, rule: 'harassment_hate', facts: 'Threats.' };
    const [a, b] = await Promise.all([decide(moderator, body), decide(other.cookie, { ...body, facts: 'Threatened a member.' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = [a, b].find((r) => r.status === 409);
    expect(refused?.body.error.code).toBe('decision_duplicate');
    expect(refused?.body.error.message).toContain('Nothing was changed');
    const retry = await decide(moderator, body);
    expect(retry.status).toBe(409);
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${member.id}`)).toHaveLength(1);
    // Another measure is another decision.
    expect((await decide(moderator, { ...body, action: 'warn', days: undefined })).status).toBe(201);
  });

  it('When an appeal or a notice decision is sent again with its Idempotency-Key, then the first answer is replayed instead of 409', async () => {
    const member = await otherMember(ctx, 16);
    const res = await decide(moderator, { member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Rude.' });
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .send({ decision: res.body.decision, text: 'Unfair.' });
    expect(appeal.status).toBe(201);
    const put = () =>
      request(ctx.app)
        .put('/api/appeal.php')
        .set('cookie', other.cookie)
        .set('Idempotency-Key', 'appeal-key-1')
        .send({ appeal: appeal.body.id, outcome: 'upheld', explanation: 'The warning stands.' });
    expect((await put()).status).toBe(200);
    const replayed = await put();
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await mailsTo(ctx, 'appeal_outcome', await emailOf(member.id))).toHaveLength(1);

    const sent = await request(ctx.app).post('/api/notice.php').send({
      name: 'V',
      email: 'keyed-notice@example.test',
      content_url: '/nowhere',
      explanation: 'Something illegal.',
      good_faith: true,
    });
    const listed = await queue(moderator);
    const notice = (listed.body.notices as { id: number; reference: string }[]).find((n) => n.reference === sent.body.reference);
    const dismiss = () =>
      request(ctx.app)
        .put('/api/notice.php')
        .set('cookie', moderator)
        .set('Idempotency-Key', 'notice-key-1')
        .send({ notice: notice?.id, action: 'dismiss' });
    expect((await dismiss()).status).toBe(200);
    const twice = await dismiss();
    expect(twice.status).toBe(200);
    expect(twice.headers['idempotent-replayed']).toBe('true');
  });
});

describe('the mailed statement of a ban', () => {
  it('When a member is banned, then his statement mail says in his language that it is permanent, never "infinity"', async () => {
    const member = await otherMember(ctx, 19);
    await ctx.db.query(sql`UPDATE users SET language = 'sv' WHERE id = ${member.id}`);
    const res = await decide(moderator, { member: member.id, reports: [], action: 'ban', rule: 'underage', facts: 'Is 16.' });
    expect(res.status).toBe(201);
    const [mail] = await waitForMail(ctx, 'statement_of_reasons', await emailOf(member.id));
    expect(mail?.text_body).toContain('Varaktighet: permanent, utan slutdatum.');
    expect(mail?.text_body).not.toContain('infinity');
  });
});

describe('who may decide', () => {
  it('When a moderator decides about himself, then 403 own_case and nothing is recorded; his case in the queue is marked for him only', async () => {
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: moderatorId }, reason: 'other' }).expect(201);
    const res = await decide(moderator, { member: moderatorId, reports: [filed.body.id], action: 'warn', rule: 'other', facts: 'Myself.' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('own_case');
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${moderatorId}`)).toHaveLength(0);
    const cases = async (cookie: string) =>
      ((await queue(cookie)).body.cases as { member: { id: number }; own_case: boolean }[]).find((c) => c.member.id === moderatorId);
    expect((await cases(moderator))?.own_case).toBe(true);
    expect((await cases(other.cookie))?.own_case).toBe(false);
    expect(
      (await decide(other.cookie, { member: moderatorId, reports: [filed.body.id], action: 'dismiss', rule: 'other', facts: 'Fine.' }))
        .status,
    ).toBe(201);
  });

  it('When a decision is about a moderator, or he filed the appeal as a reporter, then he may not decide the appeal (403 own_case, appeal_own_appeal) and the queue marks it', async () => {
    // A decision about the second moderator, made by the first; he appeals it and tries to decide his own appeal.
    const own = await decide(moderator, { member: other.id, reports: [], action: 'warn', rule: 'other', facts: 'Rude to a member.' });
    expect(own.status).toBe(201);
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ decision: own.body.decision, text: 'No.' });
    expect(appeal.status).toBe(201);
    const aboutHimself = await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: appeal.body.id, outcome: 'reversed', explanation: 'I was right.' });
    expect(aboutHimself.status).toBe(403);
    expect(aboutHimself.body.error.code).toBe('own_case');
    const listed = await request(ctx.app).get('/api/appeal-queue.php').set('cookie', other.cookie);
    expect(listed.body.appeals.find((a: { id: number }) => a.id === appeal.body.id)).toMatchObject({ own_decision: false, own_case: true });

    // The second moderator reported a member; the first dismissed it; he appeals the dismissal and may not decide it.
    const member = await otherMember(ctx, 17);
    const filed = await report(ctx, other.cookie, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
    const dismissed = await decide(moderator, {
      member: member.id,
      reports: [filed.body.id],
      action: 'dismiss',
      rule: 'other',
      facts: 'Fine.',
    });
    const reporterAppeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ decision: dismissed.body.decision, text: 'It is not fine.' });
    expect(reporterAppeal.status).toBe(201);
    const ownAppeal = await request(ctx.app)
      .put('/api/appeal.php')
      .set('cookie', other.cookie)
      .send({ appeal: reporterAppeal.body.id, outcome: 'reversed', explanation: 'Agreed with myself.' });
    expect(ownAppeal.status).toBe(403);
    expect(ownAppeal.body.error.code).toBe('appeal_own_appeal');
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM safety_appeals WHERE id = ${reporterAppeal.body.id}`);
    expect(row?.status).toBe('open');
  });

  const appealQueue = async (cookie: string) =>
    (await request(ctx.app).get('/api/appeal-queue.php').set('cookie', cookie)).body.appeals as { id: number }[];
  const decideAppeal = (cookie: string, appeal: number, outcome = 'upheld') =>
    request(ctx.app).put('/api/appeal.php').set('cookie', cookie).send({ appeal, outcome, explanation: 'Reviewed.' });
  const caseOf = async (cookie: string, memberId: number) =>
    ((await queue(cookie)).body.cases as { member: { id: number }; notices?: { id: number; own_report: boolean }[] }[]).find(
      (c) => c.member.id === memberId,
    );
  /** A notice about the member's profile from the address, as its form would store it (the form is limited per address). */
  const noticeFrom = async (email: string, memberId: number) => {
    const [row] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO safety_notices (site_id, name, email, content_url, explanation, good_faith, language, member_id, target_kind, target_id)
          SELECT site_id, 'Sender', ${email}, ${`/members/${memberId}`}, 'Offers forged papers.', true, 'en', id, 'profile', id
          FROM users WHERE id = ${memberId} RETURNING id`,
    );
    return row?.id as number;
  };

  it('When a moderator reported a member himself or sent a notice about him, then he may not decide that case nor dismiss his notice (403 own_report); the queue marks them for him only and another moderator decides', async () => {
    const member = await otherMember(ctx, 20);
    const filed = await report(ctx, moderator, { target: { kind: 'profile', id: member.id }, reason: 'fake_scam_spam' }).expect(201);
    const body = { member: member.id, reports: [filed.body.id], action: 'warn', rule: 'fake_scam_spam', facts: 'A fake profile.' };
    const own = await decide(moderator, body);
    expect([own.status, own.body.error.code]).toEqual([403, 'own_report']);
    expect(own.body.error.message).toBe(
      'You reported this member yourself (a report or notice in this case): another moderator must decide.',
    );
    // Not on his own initiative either while his report is open in the case.
    expect((await decide(moderator, { ...body, reports: [] })).body.error.code).toBe('own_report');
    expect(await caseOf(moderator, member.id)).toMatchObject({ own_case: false, own_report: true, conflict_of_interest: false });
    expect(await caseOf(other.cookie, member.id)).toMatchObject({ own_case: false, own_report: false, conflict_of_interest: false });
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${member.id}`)).toHaveLength(0);
    expect((await decide(other.cookie, body)).status).toBe(201);

    // A notice he sent through the form from another spelling of his address names a second member.
    const second = await otherMember(ctx, 21);
    const sent = await request(ctx.app)
      .post('/api/notice.php')
      .send({
        name: 'Mats',
        email: 'Moderator+notices@demo.test',
        content_url: `/members/${second.id}`,
        explanation: 'Sells forged papers.',
        good_faith: true,
      });
    expect(sent.status).toBe(202);
    const secondCase = await caseOf(moderator, second.id);
    expect(secondCase).toMatchObject({ own_report: true });
    expect(secondCase?.notices?.[0]?.own_report).toBe(true);
    expect((await caseOf(other.cookie, second.id))?.notices?.[0]?.own_report).toBe(false);
    const noticeDecision = await decide(moderator, {
      member: second.id,
      reports: [],
      notice: secondCase?.notices?.[0]?.id,
      action: 'dismiss',
      rule: 'illegal',
      facts: 'Nothing illegal.',
    });
    expect(noticeDecision.body.error.code).toBe('own_report');

    // A notice of his that names nobody: he may not dismiss it; another moderator may.
    const [nowhere] = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO safety_notices (site_id, name, email, content_url, explanation, good_faith, language)
          SELECT site_id, 'Mats', ${DEMO_LOGINS.moderator}, '/nowhere-of-mine', 'Something illegal somewhere.', true, 'en'
          FROM users WHERE id = ${moderatorId} RETURNING id`,
    );
    const listed = (await queue(moderator)).body.notices as { id: number; own_report: boolean }[];
    expect(listed.find((n) => n.id === nowhere?.id)?.own_report).toBe(true);
    const dismiss = (cookie: string) =>
      request(ctx.app).put('/api/notice.php').set('cookie', cookie).send({ notice: nowhere?.id, action: 'dismiss' });
    const refused = await dismiss(moderator);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'own_report']);
    expect((await dismiss(other.cookie)).status).toBe(200);
  });

  it('When a decision covered a moderator’s report or handled his notice, then he may not decide its appeal (403 appeal_own_report) and the queue marks it; the admin, who moderates too, decides it', async () => {
    const member = await otherMember(ctx, 22);
    const filed = await report(ctx, moderator, { target: { kind: 'profile', id: member.id }, reason: 'harassment_hate' }).expect(201);
    const decided = await decide(other.cookie, {
      member: member.id,
      reports: [filed.body.id],
      action: 'warn',
      rule: 'harassment_hate',
      facts: 'Insults in the profile.',
    });
    expect(decided.status).toBe(201);
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .send({ decision: decided.body.decision, text: 'I insulted nobody.' });
    expect(appeal.status).toBe(201);
    const own = await decideAppeal(moderator, appeal.body.id).set('accept-language', 'fr');
    expect([own.status, own.body.error.code]).toEqual([403, 'appeal_own_report']);
    expect(own.body.error.message).toContain('ton propre signalement');
    expect((await appealQueue(moderator)).find((a) => a.id === appeal.body.id)).toMatchObject({
      own_decision: false,
      own_case: false,
      own_report: true,
      conflict_of_interest: false,
    });
    const admin = await loginCookie(ctx.app, DEMO_LOGINS.admin);
    expect((await appealQueue(admin)).find((a) => a.id === appeal.body.id)).toMatchObject({ own_decision: false, own_report: false });
    expect((await decideAppeal(admin, appeal.body.id)).status).toBe(200);

    // The same for a notice he sent (from his address) that the decision handled.
    const third = await otherMember(ctx, 23);
    const notice = await noticeFrom('MODERATOR@demo.test', third.id);
    const byNotice = await decide(other.cookie, {
      member: third.id,
      reports: [],
      notice,
      action: 'warn',
      rule: 'illegal',
      facts: 'Offers forged papers.',
    });
    expect(byNotice.status).toBe(201);
    const noticeAppeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', third.cookie)
      .send({ decision: byNotice.body.decision, text: 'I sell nothing.' });
    const refused = await decideAppeal(moderator, noticeAppeal.body.id);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'appeal_own_report']);
    const [row] = await ctx.db.query<{ status: string }>(sql`SELECT status FROM safety_appeals WHERE id = ${noticeAppeal.body.id}`);
    expect(row?.status).toBe('open');
  });

  it('When a moderator has a conversation with a member, blocked him or was blocked by him, then he may not decide about him nor an appeal he is party to (403 conflict_of_interest); the queues mark it', async () => {
    const chatted = await otherMember(ctx, 24);
    await conversation(ctx, moderatorId, chatted.id, 2);
    // The moderator removed the chat from his list: the conversation took place all the same.
    await ctx.db.query(sql`UPDATE conversation_members SET deleted_at = now() WHERE user_id = ${moderatorId}`);
    const blocker = await otherMember(ctx, 25);
    const blocked = await otherMember(ctx, 26);
    await ctx.db.query(
      sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${blocker.id}, ${moderatorId}), (${moderatorId}, ${blocked.id})`,
    );
    const reports = new Map<number, number>();
    for (const member of [chatted, blocker, blocked]) {
      const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
      reports.set(member.id, filed.body.id);
      const res = await decide(moderator, { member: member.id, reports: [filed.body.id], action: 'warn', rule: 'other', facts: 'Rude.' });
      expect([res.status, res.body.error.code]).toEqual([403, 'conflict_of_interest']);
      expect(await caseOf(moderator, member.id)).toMatchObject({ own_report: false, conflict_of_interest: true });
      expect(await caseOf(other.cookie, member.id)).toMatchObject({ conflict_of_interest: false });
    }

    // An appeal by the member he chatted with.
    const decided = await decide(other.cookie, {
      member: chatted.id,
      reports: [reports.get(chatted.id)],
      action: 'warn',
      rule: 'other',
      facts: 'Rude.',
    });
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', chatted.cookie)
      .send({ decision: decided.body.decision, text: 'Not rude.' });
    const refused = await decideAppeal(moderator, appeal.body.id);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'conflict_of_interest']);
    expect((await appealQueue(moderator)).find((a) => a.id === appeal.body.id)).toMatchObject({
      own_report: false,
      conflict_of_interest: true,
    });

    // An appeal against a dismissal by its reporter, who blocked the moderator: the appellant counts too.
    const target = await otherMember(ctx, 27);
    const filed = await report(ctx, blocker.cookie, { target: { kind: 'profile', id: target.id }, reason: 'other' }).expect(201);
    const dismissed = await decide(other.cookie, {
      member: target.id,
      reports: [filed.body.id],
      action: 'dismiss',
      rule: 'other',
      facts: 'Fine.',
    });
    const reporterAppeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', blocker.cookie)
      .send({ decision: dismissed.body.decision, text: 'It is not fine.' });
    expect(reporterAppeal.status).toBe(201);
    const tied = await decideAppeal(moderator, reporterAppeal.body.id);
    expect([tied.status, tied.body.error.code]).toEqual([403, 'conflict_of_interest']);
    const admin = await loginCookie(ctx.app, DEMO_LOGINS.admin);
    expect((await decideAppeal(admin, reporterAppeal.body.id)).status).toBe(200);
  });

  it('When a member appeals a decision that was already reversed, then 409 decision_reversed in his language and nothing is filed', async () => {
    const member = await otherMember(ctx, 18);
    const res = await decide(moderator, { member: member.id, reports: [], action: 'warn', rule: 'other', facts: 'Rude.' });
    await ctx.db.query(sql`UPDATE safety_decisions SET reversed_at = now(), reversed_by = ${other.id} WHERE id = ${res.body.decision}`);
    const appeal = await request(ctx.app)
      .post('/api/appeal.php')
      .set('cookie', member.cookie)
      .set('accept-language', 'de')
      .send({ decision: res.body.decision, text: 'Please.' });
    expect(appeal.status).toBe(409);
    expect(appeal.body.error.code).toBe('decision_reversed');
    expect(appeal.body.error.message).toContain('aufgehoben');
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_appeals WHERE decision_id = ${res.body.decision}`)).toHaveLength(0);
  });
});
