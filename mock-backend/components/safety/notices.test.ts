import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, type TestContext } from '../../test/context';
import { conversation, idOf, moderatorCookie, otherMember, report, waitForMail } from './fixtures';

let ctx: TestContext;
let moderator: string;

beforeAll(async () => {
  ctx = await createTestContext({ members: 24 });
  moderator = await moderatorCookie(ctx);
});
afterAll(() => ctx?.close());

interface QueuedNotice {
  id: number;
  reference: string;
  target: { kind: string; id: number } | null;
}
interface Case {
  member: { id: number };
  reports: { id: number }[];
  notices: QueuedNotice[];
}

const queue = async () =>
  (await request(ctx.app).get('/api/report-queue.php').set('cookie', moderator)).body as {
    cases: Case[];
    notices: QueuedNotice[];
  };
const caseOf = async (memberId: number) => (await queue()).cases.find((c) => c.member.id === memberId);
// Each notice from its own client address: 5 per address and hour is the limit.
let clients = 0;
const notify = (contentUrl: string, email = 'notifier@example.test') =>
  request(ctx.app)
    .post('/api/notice.php')
    .set(fromClient(`198.51.100.${++clients}`))
    .send({ name: 'Anna Visser', email, content_url: contentUrl, explanation: 'This content is illegal.', good_faith: true });
const decide = (body: Record<string, unknown>) => request(ctx.app).post('/api/report-decision.php').set('cookie', moderator).send(body);
const decideNotice = (body: Record<string, unknown>) => request(ctx.app).put('/api/notice.php').set('cookie', moderator).send(body);
const idFromReference = (reference: string) => Number(reference.slice(2));
const photoOf = async (memberId: number) =>
  (
    await ctx.db.query<{ id: number; filename: string; thumb_filename: string }>(
      sql`SELECT id, filename, thumb_filename FROM photos WHERE user_id = ${memberId} AND status = 'approved' ORDER BY id LIMIT 1`,
    )
  )[0];

describe('notices in the report queue', () => {
  it('When a notice names a member’s profile URL (any host, with a query), then it joins his case next to his reports and is not listed on its own', async () => {
    const member = await otherMember(ctx, 0);
    const reporter = await otherMember(ctx, 1);
    await report(ctx, reporter.cookie, { target: { kind: 'profile', id: member.id }, reason: 'fake_scam_spam' });
    const sent = await notify(`https://www.elsewhere.example/members/${member.id}?utm_source=mail`);
    expect(sent.status).toBe(202);
    const found = await caseOf(member.id);
    expect(found?.reports).toHaveLength(1);
    expect(found?.notices).toEqual([
      expect.objectContaining({ reference: sent.body.reference, target: { kind: 'profile', id: member.id } }),
    ]);
    expect((await queue()).notices.map((n) => n.reference)).not.toContain(sent.body.reference);
  });

  it('When a notice names a member only by a signed or an unsigned photo URL, then his case is in the queue with the notice naming that photo', async () => {
    const member = await otherMember(ctx, 2);
    const photo = await photoOf(member.id);
    expect(photo).toBeDefined();
    const signed = await notify(`https://cdn.example/media/s/1700000000/${'A'.repeat(43)}/${photo?.thumb_filename}`);
    const plain = await notify(`/media/${photo?.filename}`);
    const found = await caseOf(member.id);
    expect(found?.reports).toEqual([]);
    expect(found?.notices.map((n) => [n.reference, n.target])).toEqual([
      [signed.body.reference, { kind: 'photo', id: photo?.id }],
      [plain.body.reference, { kind: 'photo', id: photo?.id }],
    ]);
  });

  it('When a notice names a photo the member sent in a chat, then it joins the sender’s case naming that message', async () => {
    const sender = await otherMember(ctx, 3);
    const partner = await otherMember(ctx, 4);
    const [messageId] = await conversation(ctx, sender.id, partner.id, 1);
    await ctx.db.query(sql`UPDATE messages SET kind = 'photo', photo_filename = 'chat/ab/chat-photo-1.jpg' WHERE id = ${messageId}`);
    const sent = await notify('/media/chat/ab/chat-photo-1.jpg');
    const found = await caseOf(sender.id);
    expect(found?.notices).toEqual([
      expect.objectContaining({ reference: sent.body.reference, target: { kind: 'message', id: messageId } }),
    ]);
  });

  it('When a moderator decides the case, then the reports and the notices of it are handled and every notifier learns the outcome', async () => {
    const member = await otherMember(ctx, 5);
    const reporter = await otherMember(ctx, 6);
    await report(ctx, reporter.cookie, { target: { kind: 'profile', id: member.id }, reason: 'illegal', details: 'Drugs' });
    await notify(`/members/${member.id}`, 'first-notifier@example.test');
    await notify(`/members/${member.id}/chat`, 'second-notifier@example.test');
    const found = await caseOf(member.id);
    expect(found?.notices).toHaveLength(2);
    const res = await decide({
      member: member.id,
      reports: found?.reports.map((r) => r.id),
      notices: found?.notices.map((n) => n.id),
      action: 'warn',
      rule: 'illegal',
      facts: 'Offers drugs.',
    });
    expect(res.status).toBe(201);
    expect(await caseOf(member.id)).toBeUndefined();
    const handled = await ctx.db.query<{ status: string; decision_id: number }>(
      sql`SELECT status, decision_id FROM safety_notices WHERE member_id = ${member.id} ORDER BY id`,
    );
    expect(handled).toEqual([
      { status: 'handled', decision_id: res.body.decision },
      { status: 'handled', decision_id: res.body.decision },
    ]);
    for (const to of ['first-notifier@example.test', 'second-notifier@example.test']) {
      const [outcome] = await waitForMail(ctx, 'notice_outcome', to);
      expect(outcome?.text_body).toContain('took action');
    }
  });

  it('When a decision about one member lists a notice that names another, then 409 and nothing changes', async () => {
    const named = await otherMember(ctx, 7);
    const wrong = await otherMember(ctx, 8);
    const sent = await notify(`/members/${named.id}`);
    const res = await decide({
      member: wrong.id,
      reports: [],
      notices: [idFromReference(sent.body.reference)],
      action: 'warn',
      rule: 'illegal',
      facts: 'x',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('reports_decided');
    expect(await ctx.db.query(sql`SELECT 1 FROM safety_decisions WHERE member_id = ${wrong.id}`)).toHaveLength(0);
    expect((await caseOf(named.id))?.notices).toHaveLength(1);
  });
});

describe('notices whose URL names nobody', () => {
  it('When the URL names no member (another page, a deleted account, an unknown member, not a URL), then each notice is its own item in the queue without a target', async () => {
    const deleted = await otherMember(ctx, 9);
    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() WHERE id = ${deleted.id}`);
    const references: string[] = [];
    for (const url of ['https://example.test/pricing', `/members/${deleted.id}`, '/members/2147483646', 'not a url at all ::']) {
      references.push((await notify(url)).body.reference);
    }
    const listed = (await queue()).notices.filter((n) => references.includes(n.reference));
    expect(listed).toHaveLength(4);
    expect(listed.every((n) => n.target === null)).toBe(true);
  });

  it('When a moderator dismisses such a notice, then it leaves the queue, the notifier learns "no violation found" and a second dismissal gets 409', async () => {
    const sent = await notify('https://example.test/somewhere', 'dismissed-notifier@example.test');
    const id = idFromReference(sent.body.reference);
    const res = await decideNotice({ notice: id, action: 'dismiss' });
    expect(res.status).toBe(200);
    expect((await queue()).notices.map((n) => n.id)).not.toContain(id);
    const [outcome] = await waitForMail(ctx, 'notice_outcome', 'dismissed-notifier@example.test');
    expect(outcome?.text_body).not.toContain('took action');
    const [row] = await ctx.db.query<{ status: string; decided_by: number }>(
      sql`SELECT status, decided_by FROM safety_notices WHERE id = ${id}`,
    );
    expect(row).toEqual({ status: 'handled', decided_by: await idOf(ctx, DEMO_LOGINS.moderator) });
    const again = await decideNotice({ notice: id, action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('reports_decided');
  });

  it('When a moderator assigns such a notice with the member’s profile URL, then it joins his case; a URL naming nobody gets 422 and changes nothing', async () => {
    const member = await otherMember(ctx, 10);
    const sent = await notify('https://example.test/the-one-with-the-red-hat');
    const id = idFromReference(sent.body.reference);
    const refused = await decideNotice({ notice: id, action: 'assign', content_url: '/pricing' }).set('accept-language', 'de');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'invalid_value', params: { field: 'content_url' } });
    expect((await queue()).notices.map((n) => n.id)).toContain(id);
    const res = await decideNotice({ notice: id, action: 'assign', content_url: `https://example.test/members/${member.id}` });
    expect(res.status).toBe(200);
    expect((await caseOf(member.id))?.notices).toEqual([expect.objectContaining({ id, target: { kind: 'profile', id: member.id } })]);
    expect((await queue()).notices.map((n) => n.id)).not.toContain(id);
  });

  it('When a member who is not a moderator decides a notice, then 403 forbidden and it stays open', async () => {
    const member = await otherMember(ctx, 11);
    const id = idFromReference((await notify('https://example.test/x')).body.reference);
    const res = await request(ctx.app).put('/api/notice.php').set('cookie', member.cookie).send({ notice: id, action: 'dismiss' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect((await queue()).notices.map((n) => n.id)).toContain(id);
  });
});
