import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { conversation, idOf, moderatorCookie, otherMember, report } from './fixtures';

/** The transparency report: statements in the DSA Transparency Database's shape, and the period's counts. */

let ctx: TestContext;
let moderator: string;
let member: { id: number; cookie: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  moderator = await moderatorCookie(ctx);
  member = await otherMember(ctx, 0);
  const reporter = await loginCookie(ctx.app, DEMO_LOGINS.free);
  const reporterId = await idOf(ctx, DEMO_LOGINS.free);
  const [, messageId] = await conversation(ctx, reporterId, member.id, 2);
  const filed = await report(ctx, reporter, { target: { kind: 'message', id: messageId }, reason: 'harassment_hate' });
  await report(ctx, reporter, { target: { kind: 'profile', id: (await otherMember(ctx, 1)).id }, reason: 'other' });
  // Decided a little later than filed, so the median is not zero.
  await ctx.db.query(sql`UPDATE safety_reports SET created_at = now() - interval '3 hours' WHERE id = ${filed.body.id}`);
  const decide = (body: Record<string, unknown>) => request(ctx.app).post('/api/report-decision.php').set('cookie', moderator).send(body);
  await decide({
    member: member.id,
    reports: [filed.body.id],
    action: 'remove_content',
    content: { kind: 'message', id: messageId },
    rule: 'harassment_hate',
    facts: `He insulted ${DEMO_LOGINS.free}.`,
  }).expect(201);
  await decide({ member: member.id, reports: [], action: 'suspend', days: 7, rule: 'harassment_hate', facts: 'Repeated insults.' }).expect(
    201,
  );
}, 180_000);
afterAll(() => ctx?.close());

describe('transparency-statements.php', () => {
  it('When a moderator exports, then one record per statement in the Transparency Database shape, with no personal data', async () => {
    const res = await request(ctx.app).get('/api/transparency-statements.php?download=true').set('cookie', moderator);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statements-of-reasons-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const [removal, suspension] = res.body.statements;
    expect(res.body.statements).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(removal).toMatchObject({
      puid: expect.stringMatching(/^D-\d{6}$/),
      decision_visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'],
      decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
      category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
      content_type: ['CONTENT_TYPE_TEXT'],
      source_type: 'SOURCE_TYPE_OTHER_NOTIFICATION',
      automated_detection: 'No',
      automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED',
      application_date: today,
      content_date: today,
    });
    expect(suspension).toMatchObject({
      decision_provision: 'DECISION_PROVISION_TOTAL_SUSPENSION',
      decision_account: 'DECISION_ACCOUNT_SUSPENDED',
      end_date_account_restriction: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      content_type: ['CONTENT_TYPE_OTHER'],
      source_type: 'SOURCE_VOLUNTARY',
    });
    // Neither the members nor the moderator's free text (which named the reporter) leave the site.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(DEMO_LOGINS.free);
    expect(text).not.toContain(member.email);
    expect(text).not.toContain('Repeated insults');
  });

  it('When a member or a visitor asks, then 403 (forbidden, authentication_required); a period ending before it starts is 422', async () => {
    const asMember = await request(ctx.app)
      .get('/api/transparency-statements.php')
      .set('cookie', (await otherMember(ctx, 2)).cookie);
    expect([asMember.status, asMember.body.error.code]).toEqual([403, 'forbidden']);
    const asVisitor = await request(ctx.app).get('/api/transparency-counts.php');
    expect([asVisitor.status, asVisitor.body.error.code]).toEqual([403, 'authentication_required']);
    const reversed = await request(ctx.app).get('/api/transparency-counts.php?from=2026-02-01&to=2026-01-01').set('cookie', moderator);
    expect([reversed.status, reversed.body.error.code]).toEqual([422, 'invalid_value']);
  });
});

describe('transparency-counts.php', () => {
  it('When a moderator asks for the counts, then reports by reason, actions by kind, the median hours to a decision, appeals and reversals', async () => {
    const [decision] = await ctx.db.query<{ id: number }>(
      sql`SELECT id FROM safety_decisions WHERE action = 'suspend' AND member_id = ${member.id}`,
    );
    // His appeal (appeal.php is tested on its own; the suspended member files it with his statement's token).
    await ctx.db.query(
      sql`INSERT INTO safety_appeals (decision_id, appellant_id, role, text, language) VALUES (${decision?.id}, ${member.id}, 'member', 'Unfair', 'en')`,
    );
    const res = await request(ctx.app).get('/api/transparency-counts.php').set('cookie', moderator);
    expect(res.status).toBe(200);
    expect(res.body.reports_by_reason).toEqual({
      fake_scam_spam: 0,
      harassment_hate: 1,
      unwanted_sexual: 0,
      underage: 0,
      illegal: 0,
      other: 1,
    });
    expect(res.body.actions_by_kind).toEqual({ dismiss: 0, remove_content: 1, warn: 0, restrict: 0, suspend: 1, ban: 0, hide: 0 });
    expect(res.body.automated_actions).toBe(0);
    expect(res.body.median_hours_to_decision).toBeCloseTo(3, 0);
    expect(res.body.appeals).toEqual({ filed: 1, upheld: 0, reversed: 0, open: 1 });
    expect(res.body.reversals).toBe(0);
  });
});
