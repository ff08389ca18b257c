import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { conversation, idOf, moderatorCookie, otherMember, report, secondModerator } from './fixtures';

/**
 * The appeal queue gives the moderator who decides an appeal what he needs: the member's name, the decision as its
 * statement says it, the content it removed or judged (as far as it is kept), the original reports as the report queue
 * shows them, and the appeal's text; never to the member it is about.
 */

let ctx: TestContext;
let moderator: string;
let second: { id: number; cookie: string };
let reporter: string;
let reporterId: number;

interface Appeal {
  id: number;
  text: string;
  own_case: boolean;
  own_decision: boolean;
  member: { id: number; name: string };
  decision: Record<string, unknown>;
  content: {
    kind: string;
    id: number | null;
    removed: boolean;
    photo: { match_path: string; status: string } | null;
    text: string | null;
  }[];
  reports: {
    id: number;
    reason: string;
    details: string;
    counted: boolean;
    target: { kind: string; id: number };
    reporter: { id: number; filed: number; upheld: number; weight: number };
    messages: { id: number; reported: boolean; text: string }[];
  }[];
  notices: { id: number; explanation: string }[];
}

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  moderator = await moderatorCookie(ctx);
  second = await secondModerator(ctx, 9);
  reporter = await loginCookie(ctx.app, DEMO_LOGINS.free);
  reporterId = await idOf(ctx, DEMO_LOGINS.free);
});
afterAll(() => ctx?.close());

const decide = (body: Record<string, unknown>, cookie = moderator) =>
  request(ctx.app).post('/api/report-decision.php').set('cookie', cookie).send(body);
const appeal = (cookie: string, decision: number, text: string) =>
  request(ctx.app).post('/api/appeal.php').set('cookie', cookie).send({ decision, text }).expect(201);
const appealsSeenBy = async (cookie: string) =>
  (await request(ctx.app).get('/api/appeal-queue.php').set('cookie', cookie).expect(200)).body.appeals as Appeal[];
const nameOf = async (id: number) =>
  (await ctx.db.query<{ name: string }>(sql`SELECT name FROM profiles WHERE user_id = ${id}`))[0]?.name as string;

describe('the appeal queue', () => {
  it('When a member appeals the removal of a reported photo, then the queue shows another moderator his name, the decision with its category and facts, the removed photo (which moderators still open), the report with its reporter’s record and weight, and the appeal', async () => {
    const member = await otherMember(ctx, 0);
    // A photo of his own, uploaded and approved (its files are his alone).
    const jpeg = await sharp({ create: { width: 96, height: 72, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer();
    const up = await request(ctx.app).post('/api/photos.php').set('cookie', member.cookie).attach('photo', jpeg, 'p.jpg').expect(201);
    const photo = { id: Math.max(...(up.body.photos as { id: number }[]).map((p) => p.id)) };
    await request(ctx.app).put('/api/moderation.php').set('cookie', moderator).send({ photo: photo.id, decision: 'approve' }).expect(200);
    const filed = await report(ctx, reporter, {
      target: { kind: 'photo', id: photo?.id },
      reason: 'unwanted_sexual',
      details: 'Nude photo on his profile.',
    }).expect(201);
    const decided = await decide({
      member: member.id,
      reports: [filed.body.id],
      action: 'remove_content',
      content: { kind: 'photo', id: photo?.id },
      rule: 'unwanted_sexual',
      category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
      category_specification: 'KEYWORD_CYBER_HARASSMENT',
      facts: 'The photo shows nudity.',
    }).expect(201);
    const filedAppeal = await appeal(member.cookie, decided.body.decision, 'It is a swimsuit.');

    const listed = (await appealsSeenBy(second.cookie)).find((a) => a.id === filedAppeal.body.id);
    expect(listed).toMatchObject({
      text: 'It is a swimsuit.',
      own_decision: false,
      own_case: false,
      member: { id: member.id, name: await nameOf(member.id) },
      decision: {
        id: decided.body.decision,
        action: 'remove_content',
        rule: 'unwanted_sexual',
        facts: 'The photo shows nudity.',
        source: 'report',
        removed: 'photo',
        days: null,
        until: null,
        category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
        category_specification: 'KEYWORD_CYBER_HARASSMENT',
      },
    });
    expect(listed?.content).toEqual([
      expect.objectContaining({ kind: 'photo', id: photo?.id, removed: true, photo: expect.objectContaining({ status: 'rejected' }) }),
    ]);
    expect(listed?.reports).toEqual([
      expect.objectContaining({
        id: filed.body.id,
        reason: 'unwanted_sexual',
        details: 'Nude photo on his profile.',
        counted: true,
        target: { kind: 'photo', id: photo?.id },
        reporter: expect.objectContaining({ id: reporterId, filed: expect.any(Number), upheld: 1, weight: expect.any(Number) }),
      }),
    ]);
    // The removed photo opens for moderators only (its private, signed URL); its member and anyone else get 404.
    const path = listed?.content[0]?.photo?.match_path ?? '';
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', second.cookie)).status).toBe(200);
    expect((await request(ctx.app).get(`/media/${path}`).set('cookie', reporter)).status).toBe(404);
    // The moderator who decided sees the context too, and that the appeal is not his to decide.
    expect((await appealsSeenBy(moderator)).find((a) => a.id === filedAppeal.body.id)).toMatchObject({
      own_decision: true,
      member: { id: member.id },
      reports: [expect.objectContaining({ id: filed.body.id })],
    });
  });

  it('When the removal of a reported message and of the profile text are appealed, then the queue shows their text as the decision kept it and the reported message with its conversation', async () => {
    const member = await otherMember(ctx, 1);
    const ids = await conversation(ctx, member.id, reporterId, 5);
    const message = ids[2] as number;
    const filed = await report(ctx, reporter, { target: { kind: 'message', id: message }, reason: 'harassment_hate' }).expect(201);
    const removal = await decide({
      member: member.id,
      reports: [filed.body.id],
      action: 'remove_content',
      content: { kind: 'message', id: message },
      rule: 'harassment_hate',
      facts: 'Insulting message.',
    }).expect(201);
    await ctx.db.query(sql`UPDATE profiles SET about = 'Call me on 0612345678' WHERE user_id = ${member.id}`);
    const profile = await decide({
      member: member.id,
      reports: [],
      action: 'remove_content',
      content: { kind: 'profile_text' },
      rule: 'fake_scam_spam',
      facts: 'A phone number in the profile.',
    }).expect(201);
    const messageAppeal = await appeal(member.cookie, removal.body.decision, 'He insulted me first.');
    const profileAppeal = await appeal(member.cookie, profile.body.decision, 'It is my own number.');

    const listed = await appealsSeenBy(second.cookie);
    const onMessage = listed.find((a) => a.id === messageAppeal.body.id);
    expect(onMessage?.content).toEqual([expect.objectContaining({ kind: 'message', id: message, removed: true, text: 'message 2' })]);
    const reported = onMessage?.reports[0]?.messages ?? [];
    expect(reported.map((m) => m.id)).toEqual(ids);
    expect(reported.find((m) => m.reported)).toMatchObject({ id: message, text: 'message 2' });
    const onProfile = listed.find((a) => a.id === profileAppeal.body.id);
    expect(onProfile).toMatchObject({ decision: { source: 'own_initiative', removed: 'profile_text' }, reports: [], notices: [] });
    expect(onProfile?.content).toEqual([
      { kind: 'profile_text', id: null, removed: true, photo: null, text: 'Call me on 0612345678', sent_at: null },
    ]);
  });

  it('When a warning followed a report of his profile, then the queue shows the profile’s text now beside the report', async () => {
    const member = await otherMember(ctx, 2);
    await ctx.db.query(sql`UPDATE profiles SET about = 'Only rich men please' WHERE user_id = ${member.id}`);
    const filed = await report(ctx, reporter, { target: { kind: 'profile', id: member.id }, reason: 'other' }).expect(201);
    const warned = await decide({ member: member.id, reports: [filed.body.id], action: 'warn', rule: 'other', facts: 'Rude text.' }).expect(
      201,
    );
    const filedAppeal = await appeal(member.cookie, warned.body.decision, 'It was a joke.');
    const listed = (await appealsSeenBy(second.cookie)).find((a) => a.id === filedAppeal.body.id);
    expect(listed?.decision).toMatchObject({ action: 'warn', removed: null, category: 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC' });
    expect(listed?.content).toEqual([
      { kind: 'profile_text', id: null, removed: false, photo: null, text: 'Only rich men please', sent_at: null },
    ]);
    expect(listed?.reports.map((r) => r.id)).toEqual([filed.body.id]);
  });

  it('When the appeal is about the moderator himself, then his queue marks it as his own case and carries neither the reports nor the content: he never learns who reported him', async () => {
    const filed = await report(ctx, reporter, {
      target: { kind: 'profile', id: second.id },
      reason: 'harassment_hate',
      details: 'He threatened me.',
    }).expect(201);
    const warned = await decide({
      member: second.id,
      reports: [filed.body.id],
      action: 'warn',
      rule: 'harassment_hate',
      facts: 'Threats in a chat.',
    }).expect(201);
    const filedAppeal = await appeal(second.cookie, warned.body.decision, 'I never threatened anyone.');
    const own = (await appealsSeenBy(second.cookie)).find((a) => a.id === filedAppeal.body.id);
    expect(own).toMatchObject({ own_case: true, member: { id: second.id }, content: [], reports: [], notices: [] });
    expect(JSON.stringify(own)).not.toContain('He threatened me.');
    // Another moderator, who decides it, reads the report.
    const admin = await loginCookie(ctx.app, DEMO_LOGINS.admin);
    expect((await appealsSeenBy(admin)).find((a) => a.id === filedAppeal.body.id)?.reports).toEqual([
      expect.objectContaining({ details: 'He threatened me.' }),
    ]);
  });
});
