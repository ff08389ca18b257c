import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, loginCookie, type TestContext } from '../../test/context';
import { conversation, idOf, mailsTo, otherMember, report, waitForMail } from './fixtures';

let ctx: TestContext;
let reporter: string;
let reporterId: number;
let target: { id: number; cookie: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  reporter = await loginCookie(ctx.app, DEMO_LOGINS.free);
  reporterId = await idOf(ctx, DEMO_LOGINS.free);
  target = await otherMember(ctx, 0);
});
afterAll(() => ctx?.close());

const openReports = async (member: number) =>
  (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM safety_reports WHERE member_id = ${member} AND status = 'open'`))[0]
    ?.n;

describe('report.php', () => {
  it('When a member reports a profile, then 201 with a receipt, the report is stored open and a receipt mail in his language is in the outbox', async () => {
    await ctx.db.query(sql`UPDATE users SET language = 'de' WHERE id = ${reporterId}`);
    const res = await report(ctx, reporter, {
      target: { kind: 'profile', id: target.id },
      reason: 'fake_scam_spam',
      details: 'Asks for money',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), reference: expect.stringMatching(/^R-\d{6}$/), status: 'open', blocked: false });
    const [row] = await ctx.db.query<{ member_id: number; reporter_id: number; status: string; language: string }>(
      sql`SELECT member_id, reporter_id, status, language FROM safety_reports WHERE id = ${res.body.id}`,
    );
    expect(row).toEqual({ member_id: target.id, reporter_id: reporterId, status: 'open', language: 'de' });
    const mails = await waitForMail(ctx, 'report_receipt', DEMO_LOGINS.free);
    expect(mails.at(-1)?.subject).toBe(`Wir haben deine Meldung ${res.body.reference} erhalten`);
    expect(mails.at(-1)?.ref).toBe(`report:${res.body.id}`);
  });

  it('When the member reports the same target again while it is open, then 200 with the same receipt and nothing new is stored or mailed', async () => {
    const first = await report(ctx, reporter, { target: { kind: 'profile', id: target.id }, reason: 'harassment_hate' });
    expect(first.status).toBe(200);
    const again = await report(ctx, reporter, { target: { kind: 'profile', id: target.id }, reason: 'other' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await openReports(target.id)).toBe(1);
    expect(await mailsTo(ctx, 'report_receipt', DEMO_LOGINS.free)).toHaveLength(1);
  });

  it('When the reason is illegal without details, then 422 details_required in his language and nothing is stored', async () => {
    const other = await otherMember(ctx, 1);
    const res = await report(ctx, reporter, { target: { kind: 'profile', id: other.id }, reason: 'illegal', details: '   ' }).set(
      'accept-language',
      'nl',
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('details_required');
    expect(res.body.error.message).toBe('Beschrijf wat er onwettig aan is.');
    expect(await openReports(other.id)).toBe(0);
  });

  it('When a visitor reports, then 403 authentication_required; when a member reports himself, then 422 report_self', async () => {
    const visitor = await request(ctx.app)
      .post('/api/report.php')
      .send({ target: { kind: 'profile', id: target.id }, reason: 'other' });
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('authentication_required');
    const self = await report(ctx, reporter, { target: { kind: 'profile', id: reporterId }, reason: 'other' });
    expect(self.status).toBe(422);
    expect(self.body.error.code).toBe('report_self');
  });

  it('When a member reports a message of a conversation he is not in, or an unknown photo, then 404 (nothing to learn about it)', async () => {
    const a = await otherMember(ctx, 2);
    const b = await otherMember(ctx, 3);
    const [message] = await conversation(ctx, a.id, b.id, 1);
    const foreign = await report(ctx, reporter, { target: { kind: 'message', id: message }, reason: 'other' });
    expect(foreign.status).toBe(404);
    const photo = await report(ctx, reporter, { target: { kind: 'photo', id: 2_000_000 }, reason: 'other' });
    expect(photo.status).toBe(404);
  });

  it('When a message is reported with also_block, then the message with 3 before and 3 after is kept with the report, the member is blocked and their chat is gone', async () => {
    const sender = await otherMember(ctx, 4);
    const ids = await conversation(ctx, sender.id, reporterId, 10);
    const reported = ids[4] as number;
    const res = await report(ctx, reporter, { target: { kind: 'message', id: reported }, reason: 'unwanted_sexual', also_block: true });
    expect(res.status).toBe(201);
    expect(res.body.blocked).toBe(true);
    const [row] = await ctx.db.query<{ member_id: number; evidence: { messages: { id: number }[] } }>(
      sql`SELECT member_id, evidence FROM safety_reports WHERE id = ${res.body.id}`,
    );
    expect(row?.member_id).toBe(sender.id);
    expect(row?.evidence.messages.map((m) => m.id)).toEqual(ids.slice(1, 8));
    const blocks = await ctx.db.query(sql`SELECT 1 FROM blocks WHERE blocker_id = ${reporterId} AND blocked_id = ${sender.id}`);
    expect(blocks).toHaveLength(1);
    expect(await ctx.db.query(sql`SELECT 1 FROM messages WHERE id = ${reported}`)).toHaveLength(0);
  });

  it('When the block of "also block" fails half-way, then neither the report nor the block is stored, for a new report and a repeat alike', async () => {
    const member = await otherMember(ctx, 7);
    const ids = await conversation(ctx, member.id, reporterId, 2);
    const blocks = async () =>
      (await ctx.db.query(sql`SELECT 1 FROM blocks WHERE blocker_id = ${reporterId} AND blocked_id = ${member.id}`)).length;
    const receipts = async () => (await mailsTo(ctx, 'report_receipt', DEMO_LOGINS.free)).length;
    // The block's rows are written (the block, the likes), then removing the chat fails.
    await ctx.db.exec(`CREATE FUNCTION refuse_chat_removal() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'chat removal failed'; END $$;
      CREATE TRIGGER refuse_chat_removal BEFORE DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION refuse_chat_removal();`);
    try {
      const mailed = await receipts();
      const failed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other', also_block: true });
      expect(failed.status).toBe(500);
      expect(await openReports(member.id)).toBe(0);
      expect(await receipts()).toBe(mailed);
      expect(await blocks()).toBe(0);

      // A repeat: the open report stays as it was, the block is not half done.
      const message = { kind: 'message', id: ids[0] };
      expect((await report(ctx, reporter, { target: message, reason: 'harassment_hate' })).status).toBe(201);
      const repeat = await report(ctx, reporter, { target: message, reason: 'harassment_hate', also_block: true });
      expect(repeat.status).toBe(500);
      expect(await openReports(member.id)).toBe(1);
      expect(await blocks()).toBe(0);
    } finally {
      await ctx.db.exec('DROP TRIGGER refuse_chat_removal ON conversations; DROP FUNCTION refuse_chat_removal();');
    }
    const repeat = await report(ctx, reporter, { target: { kind: 'message', id: ids[0] }, reason: 'harassment_hate', also_block: true });
    expect(repeat.status).toBe(200);
    expect(repeat.body.blocked).toBe(true);
    expect(await blocks()).toBe(1);
    expect(await ctx.db.query(sql`SELECT 1 FROM messages WHERE id = ${ids[0] as number}`)).toHaveLength(0);
  });

  it('When the reported member reads anything about himself, then the reporter is named nowhere', async () => {
    const mine = await request(ctx.app).get('/api/report.php').set('cookie', target.cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.reports).toEqual([]);
    const statements = await request(ctx.app).get('/api/statements.php').set('cookie', target.cookie);
    expect(JSON.stringify(statements.body)).not.toContain(String(reporterId));
  });

  it('When the reporter lists his reports, then he sees each with its status only', async () => {
    const res = await request(ctx.app).get('/api/report.php').set('cookie', reporter);
    expect(res.status).toBe(200);
    expect(res.body.reports.length).toBeGreaterThanOrEqual(2);
    expect(res.body.reports[0]).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^R-/),
      target: expect.any(Object),
      reason: expect.any(String),
      status: 'open',
      created_at: expect.any(String),
      decided_at: null,
      decision: null,
    });
  });
});

describe('report.php with an Idempotency-Key', () => {
  it('When the same report is sent twice with one key, then one report is stored and the second answer replays the first', async () => {
    const member = await otherMember(ctx, 5);
    const key = 'c0ffee00-0000-4000-8000-000000000001';
    const body = { target: { kind: 'profile', id: member.id }, reason: 'fake_scam_spam' };
    const first = await report(ctx, reporter, body).set('idempotency-key', key);
    const again = await report(ctx, reporter, body).set('idempotency-key', key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await openReports(member.id)).toBe(1);
  });
});

describe('report.php rate limit', () => {
  it('When a member files more than 20 reports in an hour, then the 21st gets 429 too_many_requests', async () => {
    const member = await otherMember(ctx, 6);
    // Earlier tests used some of the budget: spend the rest with repeats (each counts), then one more.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' })).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThan(21);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
  });
});

describe('notice.php', () => {
  const notice = {
    name: 'Anna Visser',
    content_url: 'https://manmatch.example/profile/12',
    explanation: 'This profile offers illegal services.',
    good_faith: true,
  };

  it('When a visitor sends a notice with a member’s address or an unknown one, then both answers are 202 with a reference alike and each address gets a receipt', async () => {
    const known = await request(ctx.app)
      .post('/api/notice.php')
      .set(fromClient('10.9.0.1'))
      .send({ ...notice, email: target.email });
    const unknown = await request(ctx.app)
      .post('/api/notice.php')
      .set(fromClient('10.9.0.1'))
      .send({ ...notice, email: 'nobody-here@example.test' });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    expect(known.body.reference).toMatch(/^N-\d{6}$/);
    expect(unknown.body.reference).toMatch(/^N-\d{6}$/);
    await waitForMail(ctx, 'notice_receipt', target.email);
    await waitForMail(ctx, 'notice_receipt', 'nobody-here@example.test');
  });

  it('When the good-faith statement is false, then 400 and nothing is stored', async () => {
    const before = (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM safety_notices`))[0]?.n;
    const res = await request(ctx.app)
      .post('/api/notice.php')
      .set(fromClient('10.9.0.2'))
      .send({ ...notice, email: 'a@example.test', good_faith: false });
    expect(res.status).toBe(400);
    expect((await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM safety_notices`))[0]?.n).toBe(before);
  });

  it('When one address sends more than 5 notices in an hour, then the 6th gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await request(ctx.app)
            .post('/api/notice.php')
            .set(fromClient('10.9.0.3'))
            .send({ ...notice, email: `n${i}@example.test` })
        ).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
