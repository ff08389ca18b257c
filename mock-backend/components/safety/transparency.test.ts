import request from 'supertest';
import { parseConfig } from '../../lib/config';
import { sql } from '../../lib/db';
import { createLogger } from '../../lib/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { TDB_CATEGORY_KEYWORDS } from '../../../src/shared/transparency-keywords';
import { CATEGORIES, KEYWORDS, startTransparencyDatabase, violations, type TransparencyDatabase } from '../../test/transparency-database';
import { conversation, idOf, moderatorCookie, otherMember, report } from './fixtures';
import { deliverStatements } from './transparency-delivery';

/**
 * The transparency report: statements as the DSA Transparency Database accepts them, their delivery, and the period's
 * counts. Every statement is checked field by field against the database's own validation rules
 * (test/transparency-database.ts, written from its code), not against what this site expects.
 */

let ctx: TestContext;
let moderator: string;
let member: { id: number; cookie: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  // A site for the Netherlands and Germany that also serves countries outside the EEA.
  await ctx.db.query(sql`UPDATE sites SET countries = ARRAY['nl', 'de', 'us', 'gb', 'ca', 'au', 'nz', 'ch']`);
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
  // The moderator chose the category and its specification.
  await decide({
    member: member.id,
    reports: [],
    action: 'suspend',
    days: 7,
    rule: 'harassment_hate',
    category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
    category_specification: 'KEYWORD_CYBER_BULLYING_INTIMIDATION',
    facts: 'Repeated insults.',
  }).expect(201);
  const third = await otherMember(ctx, 3);
  await decide({ member: third.id, reports: [], action: 'warn', rule: 'other', facts: 'Rude opening line.' }).expect(201);
  await decide({
    member: third.id,
    reports: [],
    action: 'ban',
    rule: 'illegal',
    category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
    category_specification: 'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS',
    facts: 'Asked a member of 16 for pictures.',
  }).expect(201);
  // The automation's hiding on weighed reports, and two decisions of old: one with the rule that was filed as
  // "non-consensual behaviour", one that stored a category the database has retired since.
  const fourth = await otherMember(ctx, 4);
  await ctx.db.query(
    sql`INSERT INTO safety_decisions (site_id, member_id, action, until, rule, facts, source, automated)
        SELECT site_id, ${fourth.id}, 'hide', 'infinity', 'fake_scam_spam', 'Hidden', 'report', true FROM users WHERE id = ${fourth.id}`,
  );
  await ctx.db.query(
    sql`INSERT INTO safety_decisions (site_id, member_id, moderator_id, action, days, until, rule, facts, source, category)
        SELECT site_id, ${fourth.id}, NULL, 'restrict', 3, now() + interval '3 days', r.rule, 'Old', 'own_initiative', r.category
        FROM users, (VALUES ('unwanted_sexual', NULL), ('other', 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE')) AS r (rule, category)
        WHERE id = ${fourth.id}`,
  );
}, 180_000);
afterAll(() => ctx?.close());

describe('transparency-statements.php', () => {
  it('When a statement breaks the database rules, then the rules table names each field (the table is no rubber stamp)', () => {
    // The shape the export had before: no facts, countries outside the EEA, a retired category, a warning as "other".
    const refused = violations({
      puid: 'D-000001',
      decision_visibility: ['DECISION_VISIBILITY_OTHER'],
      decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
      incompatible_content_ground: 'Terms',
      incompatible_content_explanation: 'Why',
      incompatible_content_illegal: null,
      category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
      content_type: ['CONTENT_TYPE_TEXT'],
      content_date: '2026-01-01',
      application_date: '2026-01-02',
      source_type: 'SOURCE_VOLUNTARY',
      automated_detection: 'Yes',
      automated_decision: 'AUTOMATED_DECISION_FULLY',
      territorial_scope: ['NL', 'US', 'GB'],
    });
    expect(refused.map((v) => v.split(':')[0])).toEqual([
      'decision_visibility_other',
      'incompatible_content_illegal',
      'category',
      'territorial_scope',
      'decision_facts',
    ]);
    expect(violations({ puid: 'a b' }).map((v) => v.split(':')[0])).toEqual(
      expect.arrayContaining(['decision_visibility', 'decision_ground', 'content_type', 'category', 'puid']),
    );
  });

  it('When a moderator exports, then one record per restriction, each of which the database takes, with no personal data', async () => {
    const res = await request(ctx.app).get('/api/transparency-statements.php?download=true').set('cookie', moderator);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statements-of-reasons-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const statements = res.body.statements as Record<string, unknown>[];
    // Six restrictions; the warning restricts nothing and is no statement for the database.
    expect(statements.map((s) => s.decision_provision ?? s.decision_visibility)).toHaveLength(6);
    for (const statement of statements) expect(violations(statement), String(statement.puid)).toEqual([]);
    expect(new Set(statements.map((s) => s.puid)).size).toBe(statements.length);
    for (const statement of statements) {
      expect(statement.territorial_scope).toEqual(['DE', 'NL']);
      expect(statement.decision_facts).toMatch(/^[ -~]+$/);
    }
    const [removal, suspension, ban, hiding, oldSexual, oldOther] = statements;
    const today = new Date().toISOString().slice(0, 10);
    expect(removal).toMatchObject({
      puid: expect.stringMatching(/^D-\d{6}$/),
      decision_visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'],
      decision_provision: null,
      decision_account: null,
      decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
      category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
      category_specification: [],
      content_type: ['CONTENT_TYPE_TEXT'],
      source_type: 'SOURCE_TYPE_OTHER_NOTIFICATION',
      automated_detection: 'No',
      automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED',
      application_date: today,
      content_date: today,
    });
    expect(suspension).toMatchObject({
      decision_visibility: [],
      decision_provision: 'DECISION_PROVISION_TOTAL_SUSPENSION',
      decision_account: 'DECISION_ACCOUNT_SUSPENDED',
      end_date_account_restriction: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // The specification the moderator chose, as the database's list.
      category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
      category_specification: ['KEYWORD_CYBER_BULLYING_INTIMIDATION'],
      content_type: ['CONTENT_TYPE_OTHER'],
      source_type: 'SOURCE_VOLUNTARY',
    });
    // Illegal content by the kind the moderator chose, on the legal ground.
    expect(ban).toMatchObject({
      decision_provision: 'DECISION_PROVISION_TOTAL_TERMINATION',
      decision_account: 'DECISION_ACCOUNT_TERMINATED',
      decision_ground: 'DECISION_GROUND_ILLEGAL_CONTENT',
      category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
      category_specification: ['KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS'],
      incompatible_content_ground: null,
    });
    // Members reported; the automation decided without a person.
    expect(hiding).toMatchObject({
      decision_visibility: ['DECISION_VISIBILITY_CONTENT_DISABLED'],
      category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
      automated_detection: 'No',
      automated_decision: 'AUTOMATED_DECISION_FULLY',
    });
    // Decisions of old are filed under the successors of the retired categories.
    expect(oldSexual).toMatchObject({
      category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
      decision_visibility: ['DECISION_VISIBILITY_CONTENT_DEMOTED'],
      decision_provision: 'DECISION_PROVISION_PARTIAL_SUSPENSION',
    });
    expect(oldOther).toMatchObject({ category: 'STATEMENT_CATEGORY_OTHER_VIOLATION_TC' });
    // Neither the members nor the moderator's free text (which named the reporter) leave the site.
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(DEMO_LOGINS.free);
    expect(text).not.toContain(member.email);
    expect(text).not.toContain('Repeated insults');
    expect(text).not.toContain('pictures');
    expect(text).not.toMatch(/NON_CONSENSUAL_BEHAVIOUR|SCOPE_OF_PLATFORM_SERVICE/);
  });

  it("When the console's keyword groups are laid beside the database's lists, then every category has its group and every keyword a category", () => {
    expect(Object.keys(TDB_CATEGORY_KEYWORDS).sort()).toEqual([...CATEGORIES].sort());
    const grouped = new Set(Object.values(TDB_CATEGORY_KEYWORDS).flat());
    // All but "Stalking", which the database still takes but which belonged to the category it retired ("non-consensual
    // behaviour"); its place in today's groups is cyber stalking.
    expect([...grouped].sort()).toEqual(KEYWORDS.filter((k) => k !== 'KEYWORD_STALKING').sort());
    // "Other" specifies every category but illegal content of a kind the notifier did not name, which has none.
    for (const [category, keywords] of Object.entries(TDB_CATEGORY_KEYWORDS))
      expect(keywords.includes('KEYWORD_OTHER'), category).toBe(category !== 'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE');
  });

  it("When a decision's specification is not one of its category's keywords, or comes without a category, then 422 invalid_value in the moderator's language and nothing is decided", async () => {
    const target = await otherMember(ctx, 6);
    const decisions = async () =>
      (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM safety_decisions WHERE member_id = ${target.id}`))[0]?.n;
    const send = (body: Record<string, unknown>) =>
      request(ctx.app)
        .post('/api/report-decision.php')
        .set('cookie', moderator)
        .set('accept-language', 'de-DE')
        .send({ member: target.id, reports: [], action: 'suspend', days: 3, rule: 'underage', facts: 'Says he is 16.', ...body });
    for (const body of [
      // A keyword of another category.
      { category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS', category_specification: 'KEYWORD_PHISHING' },
      // Illegal content of an unnamed kind has no specification at all.
      { category: 'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE', category_specification: 'KEYWORD_OTHER' },
      // Without a category the rule's own is filed, with its own keyword.
      { category_specification: 'KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS' },
    ]) {
      const res = await send(body);
      expect([res.status, res.body.error.code, res.body.error.params], JSON.stringify(body)).toEqual([
        422,
        'invalid_value',
        { field: 'category_specification' },
      ]);
      expect(res.body.error.message).toBe('Dieser Wert wird nicht akzeptiert. Bitte prüfe ihn und versuche es erneut.');
    }
    expect(await decisions()).toBe(0);
  });

  it('When a decision is sent with a category the database retired, then 400 and nothing is decided', async () => {
    const res = await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', moderator)
      .send({
        member: (await otherMember(ctx, 5)).id,
        reports: [],
        action: 'warn',
        rule: 'other',
        category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
        facts: 'x',
      });
    expect(res.status).toBe(400);
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
    expect(res.body.actions_by_kind).toEqual({ dismiss: 0, remove_content: 1, warn: 1, restrict: 2, suspend: 1, ban: 1, hide: 1 });
    expect(res.body.automated_actions).toBe(1);
    expect(res.body.median_hours_to_decision).toBeCloseTo(3, 0);
    expect(res.body.appeals).toEqual({ filed: 1, upheld: 0, reversed: 0, open: 1 });
    expect(res.body.reversals).toBe(0);
  });
});

describe('delivery to the Transparency Database', () => {
  let tdb: TransparencyDatabase;
  const logger = createLogger('silent');
  const deliver = () => deliverStatements(ctx.db, logger, { url: tdb.url, token: tdb.token });
  const sent = () => tdb.calls.flat().map((s) => s.puid as string);
  /** Restrictions of the member made now, as the moderators' decisions would be; their ids. */
  const restrictions = async (count: number) => {
    const rows = await ctx.db.query<{ id: number }>(
      sql`INSERT INTO safety_decisions (site_id, member_id, action, days, until, rule, facts, source)
          SELECT u.site_id, u.id, 'restrict', 1, now() + interval '1 day', 'fake_scam_spam', 'Spam', 'own_initiative'
          FROM users u, generate_series(1, ${count}) WHERE u.id = ${member.id}
          RETURNING id`,
    );
    return rows.map((r) => `D-${String(r.id).padStart(6, '0')}`);
  };

  beforeAll(async () => {
    tdb = await startTransparencyDatabase();
  });
  afterAll(() => tdb?.close());

  it('When the database is configured, then its address and token come together (unset: the export only)', () => {
    expect(parseConfig({}).ok).toBe(true);
    const both = parseConfig({ DSA_TDB_URL: 'https://transparency.dsa.ec.europa.eu', DSA_TDB_TOKEN: 'X|ybqkCFX7ZkIF' });
    expect(both.ok && both.config.DSA_TDB_URL).toBe('https://transparency.dsa.ec.europa.eu');
    const alone = parseConfig({ DSA_TDB_URL: 'https://transparency.dsa.ec.europa.eu' });
    expect(!alone.ok && alone.message).toMatch(/DSA_TDB_URL and DSA_TDB_TOKEN go together/);
  });

  it('When more than a hundred statements wait, then they go in batches of at most 100, each once, and the next pass sends none', async () => {
    const added = await restrictions(230);
    const result = await deliver();
    // The six restrictions of the export and the 230: three calls, every one taken (the stand-in applies the rules).
    expect(tdb.calls.map((c) => c.length)).toEqual([100, 100, 36]);
    expect(result).toMatchObject({ delivered: 236, batches: 3 });
    expect(new Set(sent()).size).toBe(236);
    expect(sent()).toEqual(expect.arrayContaining(added));
    for (const statement of tdb.calls.flat()) expect(statement).not.toHaveProperty('reversed');
    const again = await deliver();
    expect(again).toMatchObject({ delivered: 0, batches: 0 });
    expect(tdb.calls).toHaveLength(3);
  });

  it('When the database is down, then the batch is sent again by the next pass; one it already holds is not filed twice', async () => {
    const added = await restrictions(3);
    tdb.failNext(1);
    await expect(deliver()).rejects.toThrow(/503/);
    expect(tdb.calls).toHaveLength(3);
    // The database took the first one but its answer was lost: it answers with the PUID it holds, and the rest follows.
    tdb.held.add(added[0] ?? '');
    await deliver();
    expect(tdb.calls.slice(3).map((c) => c.map((s) => s.puid))).toEqual([added, added.slice(1)]);
    const [{ n } = { n: 0 }] = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM safety_tdb_deliveries`);
    expect(n).toBe(239);
  });

  it('When a decision is reversed, then its delivered statement gets a withdrawal and an undelivered one is never sent', async () => {
    const [delivered] = await ctx.db.query<{ id: number }>(
      sql`SELECT decision_id AS id FROM safety_tdb_deliveries ORDER BY decision_id LIMIT 1`,
    );
    await ctx.db.query(sql`UPDATE safety_decisions SET reversed_at = now() WHERE id = ${delivered?.id}`);
    const [undelivered = ''] = await restrictions(1);
    await ctx.db.query(sql`UPDATE safety_decisions SET reversed_at = now() WHERE id = ${Number(undelivered.slice(2))}`);
    const result = await deliver();
    expect(result).toMatchObject({ batches: 0, withdrawals: 1 });
    expect(sent()).not.toContain(undelivered);
    const res = await request(ctx.app).get('/api/transparency-statements.php').set('cookie', moderator);
    expect(res.body.withdrawals).toEqual([
      { puid: `D-${String(delivered?.id).padStart(6, '0')}`, reversed_at: expect.stringMatching(/Z$/) },
    ]);
    // Recorded once.
    expect(await deliver()).toMatchObject({ withdrawals: 0 });
  });
});
