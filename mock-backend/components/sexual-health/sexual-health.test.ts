import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { createTestContext, loginAsMember, type TestContext } from '../../test/context';
import { unzip } from '../../test/zip';
import { DEMO_LOGINS } from '../../seed/seed';
import { processDataExports } from '../safety/index';
import { purgeDeletedAccounts } from '../../use-cases/purge-deleted-accounts';
import { sendDueReminders } from './index';

/**
 * Sexual health over the API: the explicit consent, the values and their checks, who sees them on a profile (nobody,
 * matches, everyone; a non-match and a visitor never), the withdrawal that deletes, the data export and the purge,
 * and the test reminder (one mail in his language without a health value, then the next date one interval on).
 */

let ctx: TestContext;
const silent = pino({ level: 'silent' });

interface Member {
  id: number;
  cookie: string;
  email: string;
}

const used = new Set<number>();
/** A seeded, visible ordinary member of the demo site not used by another test, logged in. */
async function member(): Promise<Member> {
  const [row] = await ctx.db.query<{ id: number; email: string }>(
    sql`SELECT u.id, u.email FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.email NOT LIKE '%@demo.test' AND u.role = 'member' AND u.status = 'active' AND NOT p.fictional
          AND NOT p.invisible AND p.status = 'active' AND u.site_id = (SELECT site_id FROM users WHERE email = ${DEMO_LOGINS.free})
          AND u.id <> ALL(${[...used]}::int[])
        ORDER BY u.id LIMIT 1`,
  );
  if (!row) throw new Error('not enough seeded members');
  used.add(row.id);
  // No likes from the seed: a match in these tests is one the test made.
  await ctx.db.query(sql`DELETE FROM likes WHERE liker_id = ${row.id} OR liked_id = ${row.id}`);
  return { id: row.id, email: row.email, cookie: await loginAsMember(ctx, row.id) };
}

const get = (m: Member) => request(ctx.app).get('/api/sexual-health.php').set('cookie', m.cookie);
const put = (m: Member, body: object, lang = 'en') =>
  request(ctx.app).put('/api/sexual-health.php').set('cookie', m.cookie).set('accept-language', lang).send(body);
const profile = (viewer: Member | null, owner: Member) => {
  const r = request(ctx.app).get(`/api/profile.php?id=${owner.id}`);
  return viewer ? r.set('cookie', viewer.cookie) : r;
};
const like = (from: Member, to: Member) => request(ctx.app).post('/api/like.php').set('cookie', from.cookie).send({ profile_id: to.id });
const rowOf = async (userId: number) => (await ctx.db.query(sql`SELECT * FROM sexual_health WHERE user_id = ${userId}`))[0];

beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
});
afterAll(() => ctx?.close());

describe('consent', () => {
  it('When a visitor asks, then 403; when a member never consented, then consented false and no values', async () => {
    await request(ctx.app).get('/api/sexual-health.php').expect(403);
    await request(ctx.app).put('/api/sexual-health.php').send({ consent: true }).expect(403);
    const m = await member();
    const { body } = await get(m).expect(200);
    expect(body).toMatchObject({ consented: false, hiv_status: null, visibility: 'nobody', reminder: 'off' });
  });

  it('When values come without consent, then 409 sexual_health_consent_required in his language and nothing is stored', async () => {
    const m = await member();
    const refused = await put(m, { hiv_status: 'negative' }, 'de').expect(409);
    expect(refused.body.error.code).toBe('sexual_health_consent_required');
    expect(refused.body.error.message).toMatch(/sexuellen Gesundheit/);
    expect(await rowOf(m.id)).toBeUndefined();
  });

  it('When he consents, then values can be set and read back, and later PUTs need no consent again', async () => {
    const m = await member();
    const first = await put(m, { consent: true }).expect(200);
    expect(first.body).toMatchObject({ consented: true, hiv_status: null, visibility: 'nobody', reminder: 'off', next_reminder_at: null });
    expect(Date.parse(first.body.consent_at)).toBeGreaterThan(Date.now() - 60_000);
    const saved = await put(m, {
      hiv_status: 'positive_undetectable',
      on_prep: false,
      last_test: '2026-01-15',
      visibility: 'matches',
    }).expect(200);
    expect(saved.body).toMatchObject({
      hiv_status: 'positive_undetectable',
      on_prep: false,
      last_test: '2026-01-15',
      visibility: 'matches',
    });
    expect(saved.body.consent_at).toBe(first.body.consent_at);
    expect((await get(m)).body).toEqual(saved.body);
  });

  it('When the input is wrong, then 4xx (never 500) and nothing changes', async () => {
    const m = await member();
    await put(m, { consent: true, hiv_status: 'negative' }).expect(200);
    const tomorrowPlus = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const body of [{ last_test: tomorrowPlus }, { last_test: '1970-01-01' }, { last_test: '2025-02-30' }]) {
      const r = await put(m, body).expect(422);
      expect(r.body.error).toMatchObject({ code: 'invalid_value', params: { field: 'last_test' } });
    }
    for (const body of [
      { hiv_status: 'maybe' },
      { visibility: 'friends' },
      { reminder: '1_month' },
      { consent: false },
      { extra: 1 },
      { on_prep: 'yes' },
    ]) {
      const r = await put(m, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await get(m)).body).toMatchObject({ hiv_status: 'negative', last_test: null, visibility: 'nobody' });
  });
});

describe('who sees it', () => {
  it('When visibility is nobody, matches or everyone, then the owner, a match, a non-match and a visitor see what it allows', async () => {
    const owner = await member();
    const match = await member();
    const other = await member();
    await put(owner, { consent: true, hiv_status: 'negative', on_prep: true, last_test: '2026-03-01', visibility: 'nobody' }).expect(200);
    await like(owner, match).expect(200);
    await like(match, owner).expect(200);
    const shown = { hiv_status: 'negative', on_prep: true, last_test: '2026-03-01' };

    expect((await profile(owner, owner).expect(200)).body.profile.sexual_health).toEqual(shown);
    expect((await profile(match, owner).expect(200)).body.profile.sexual_health).toBeUndefined();

    await put(owner, { visibility: 'matches' }).expect(200);
    expect((await profile(match, owner).expect(200)).body.profile.sexual_health).toEqual(shown);
    expect((await profile(other, owner).expect(200)).body.profile.sexual_health).toBeUndefined();
    // A like one way is no match.
    await like(other, owner).expect(200);
    expect((await profile(other, owner).expect(200)).body.profile.sexual_health).toBeUndefined();

    await put(owner, { visibility: 'everyone' }).expect(200);
    expect((await profile(other, owner).expect(200)).body.profile.sexual_health).toEqual(shown);
    const visitor = await profile(null, owner);
    if (visitor.status === 200) expect(visitor.body.profile.sexual_health).toBeUndefined();

    // Never in the members list, whatever the visibility.
    const list = await request(ctx.app).get('/api/members.php').set('cookie', other.cookie).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('hiv_status');
  });

  it('When the site liked on his behalf (an auto-like), then that is no match for his details', async () => {
    const owner = await member();
    const viewer = await member();
    await put(owner, { consent: true, hiv_status: 'unknown', visibility: 'matches' }).expect(200);
    await ctx.db.query(sql`INSERT INTO likes (liker_id, liked_id, is_auto) VALUES (${owner.id}, ${viewer.id}, true)`);
    await like(viewer, owner).expect(200);
    expect((await profile(viewer, owner).expect(200)).body.profile.sexual_health).toBeUndefined();
  });
});

describe('withdrawal, export and deletion', () => {
  it('When he withdraws his consent, then the row is gone, a match sees nothing and values need consent again', async () => {
    const owner = await member();
    const match = await member();
    await put(owner, { consent: true, hiv_status: 'negative', visibility: 'matches', reminder: '3_months' }).expect(200);
    await like(owner, match).expect(200);
    await like(match, owner).expect(200);
    expect((await profile(match, owner)).body.profile.sexual_health).toBeDefined();
    const gone = await request(ctx.app).delete('/api/sexual-health.php').set('cookie', owner.cookie).expect(200);
    expect(gone.body).toMatchObject({ consented: false, hiv_status: null });
    expect(await rowOf(owner.id)).toBeUndefined();
    expect((await profile(match, owner)).body.profile.sexual_health).toBeUndefined();
    await request(ctx.app).delete('/api/sexual-health.php').set('cookie', owner.cookie).expect(200);
    await put(owner, { hiv_status: 'negative' }).expect(409);
  });

  it('When he asks for his data, then the archive has sexual-health.json; when his account is purged, then the row is gone', async () => {
    const m = await member();
    await put(m, { consent: true, hiv_status: 'positive', on_prep: false, last_test: '2026-02-02', visibility: 'everyone' }).expect(200);
    await request(ctx.app).post('/api/data-export.php').set('cookie', m.cookie).send({}).expect(202);
    await processDataExports({ db: ctx.db, media: ctx.media, logger: silent, publicUrl: 'http://localhost:3000', kickOutbox: () => {} });
    const ready = await request(ctx.app).get('/api/data-export.php').set('cookie', m.cookie);
    expect(ready.body.status).toBe('ready');
    const file = await request(ctx.app)
      .get(ready.body.download_path)
      .set('cookie', m.cookie)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const files = await unzip(file.body as Buffer);
    expect(JSON.parse(String(files.get('sexual-health.json')))).toMatchObject({
      consented: true,
      hiv_status: 'positive',
      on_prep: false,
      last_test: '2026-02-02',
      visibility: 'everyone',
    });

    await ctx.db.query(sql`UPDATE users SET status = 'deleted', deleted_at = now() - interval '30 days' WHERE id = ${m.id}`);
    await purgeDeletedAccounts(ctx.db, silent, ctx.media);
    expect(await rowOf(m.id)).toBeUndefined();
  });
});

describe('test reminder', () => {
  it('When a reminder is due, then the job mails him once in his language without any health value and moves the next date on', async () => {
    const m = await member();
    await ctx.db.query(sql`UPDATE users SET language = 'nl' WHERE id = ${m.id}`);
    const saved = await put(m, {
      consent: true,
      hiv_status: 'positive',
      on_prep: true,
      last_test: '2026-01-10',
      reminder: '3_months',
    }).expect(200);
    expect(Date.parse(saved.body.next_reminder_at)).toBeGreaterThan(Date.now());
    await ctx.db.query(sql`UPDATE sexual_health SET next_reminder_at = now() - interval '1 minute' WHERE user_id = ${m.id}`);

    const lines: string[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const now = new Date();
    const sent = await sendDueReminders({ db: ctx.db, logger, publicUrl: 'http://localhost:3000', kickOutbox: () => {} }, now);
    expect(sent.mailed).toBeGreaterThanOrEqual(1);
    const mails = await ctx.db.query<{ subject: string; text_body: string; html_body: string; topic: string }>(
      sql`SELECT subject, text_body, html_body, topic FROM mail_outbox WHERE to_address = ${m.email}`,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text_body).toContain('Het is tijd voor je regelmatige test');
    expect(mail?.text_body).toContain('/sexual-health');
    for (const text of [mail?.subject, mail?.text_body, mail?.html_body, mail?.topic, lines.join('\n')])
      expect(text).not.toMatch(/hiv|positi|prep|2026-01-10|seks/i);

    const [row] = await ctx.db.query<{ next_reminder_at: Date }>(sql`SELECT next_reminder_at FROM sexual_health WHERE user_id = ${m.id}`);
    const months = (new Date(row!.next_reminder_at).getTime() - now.getTime()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(2.8);
    expect(months).toBeLessThan(3.2);

    // Run again at once: nothing more is due.
    await sendDueReminders({ db: ctx.db, logger: silent, publicUrl: 'http://localhost:3000', kickOutbox: () => {} });
    expect(await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE to_address = ${m.email}`)).toHaveLength(1);
  });

  it('When he chose push, then a device gets the text; when no device takes it, then a mail goes instead', async () => {
    const a = await member();
    const b = await member();
    for (const m of [a, b]) {
      await ctx.db.query(sql`UPDATE users SET language = 'en' WHERE id = ${m.id}`);
      await put(m, { consent: true, reminder: '6_months', reminder_channel: 'push' }).expect(200);
      await ctx.db.query(sql`UPDATE sexual_health SET next_reminder_at = now() - interval '1 minute' WHERE user_id = ${m.id}`);
    }
    const pushed: { userId: number; body: string }[] = [];
    const push = async (userId: number, text: { body: string }) => {
      if (userId !== a.id) return false;
      pushed.push({ userId, body: text.body });
      return true;
    };
    await sendDueReminders({ db: ctx.db, logger: silent, publicUrl: 'http://localhost:3000', kickOutbox: () => {}, push });
    expect(pushed).toEqual([{ userId: a.id, body: 'It is time for your regular test.' }]);
    expect(pushed[0]?.userId).toBe(a.id);
    expect(pushed[0]?.body).not.toMatch(/hiv|positi|prep/i);
    expect(await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE to_address = ${a.email}`)).toHaveLength(0);
    expect(await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE to_address = ${b.email}`)).toHaveLength(1);
  });

  it('When his notification e-mails are stopped (a bounce), then no reminder mail goes, and the next date still moves on', async () => {
    const m = await member();
    await ctx.db.query(sql`UPDATE users SET notifications_disabled = '{bounce}' WHERE id = ${m.id}`);
    await put(m, { consent: true, reminder: '3_months' }).expect(200);
    await ctx.db.query(sql`UPDATE sexual_health SET next_reminder_at = now() - interval '1 minute' WHERE user_id = ${m.id}`);
    await sendDueReminders({ db: ctx.db, logger: silent, publicUrl: 'http://localhost:3000', kickOutbox: () => {} });
    expect(await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE to_address = ${m.email}`)).toHaveLength(0);
    const [row] = await ctx.db.query<{ next_reminder_at: Date }>(sql`SELECT next_reminder_at FROM sexual_health WHERE user_id = ${m.id}`);
    expect(new Date(row!.next_reminder_at).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });

  it('When he turns the reminder off, then next_reminder_at is cleared', async () => {
    const m = await member();
    await put(m, { consent: true, reminder: '12_months' }).expect(200);
    const off = await put(m, { reminder: 'off' }).expect(200);
    expect(off.body.next_reminder_at).toBeNull();
  });
});
