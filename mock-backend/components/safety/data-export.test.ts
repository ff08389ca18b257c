import request from 'supertest';
import { sql } from '../../lib/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';
import { createLogger } from '../../lib/logger';
import { unzip } from '../../test/zip';
import { processDataExports } from './index';
import { conversation, idOf, moderatorCookie, otherMember, waitForMail } from './fixtures';

/** "Download my data": once a day, a zip of his data built by the job, a 48-hour link for him only. */

let ctx: TestContext;
let member: string;
let memberId: number;
let partner: { id: number; cookie: string; email: string };
let messageIds: number[];

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  member = await loginCookie(ctx.app, DEMO_LOGINS.premium);
  memberId = await idOf(ctx, DEMO_LOGINS.premium);
  partner = await otherMember(ctx, 0);
  messageIds = await conversation(ctx, memberId, partner.id, 4);
}, 180_000);
afterAll(() => ctx?.close());

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const state = (cookie: string) => request(ctx.app).get('/api/data-export.php').set('cookie', cookie);
/**
 * Until the archive is ready. A request kicks the job, and the job's pass each minute is the promised bound; on
 * PostgreSQL in the whole suite the kicked archive once took over 30 s (under 2 s alone, cause not found), so the wait
 * allows that minute and more.
 */
const ready = (cookie: string) =>
  vi.waitFor(
    async () => {
      const res = await state(cookie);
      if (res.body.status !== 'ready') throw new Error(`still ${res.body.status}`);
      return res.body as { download_path: string; expires_at: string };
    },
    { timeout: 75_000, interval: 200 },
  );

describe('data-export.php', { timeout: 90_000 }, () => {
  let path = '';

  it("When a member asks for his data, then 202 pending; the job builds a zip with his messages, the partner's name only, and his photo files; a mail brings the link", async () => {
    // A message of the partner removed by moderation shows as removed, here and in the conversation answer.
    await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({
        member: partner.id,
        reports: [],
        action: 'remove_content',
        content: { kind: 'message', id: messageIds[1] },
        rule: 'other',
        facts: 'Rude.',
      })
      .expect(201);
    const chat = await request(ctx.app).get(`/api/conversation.php?profile_id=${partner.id}`).set('cookie', member);
    const removed = chat.body.messages.find((m: { id: number }) => m.id === messageIds[1]);
    expect(removed).toMatchObject({ text: '', removed_at: expect.any(String) });
    expect(chat.body.messages.find((m: { id: number }) => m.id === messageIds[0]).removed_at).toBeNull();

    expect((await state(member)).body).toMatchObject({ status: 'none', download_path: null });
    const res = await request(ctx.app).post('/api/data-export.php').set('cookie', member).set('Idempotency-Key', 'export-1').send({});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', download_path: null, next_request_at: expect.any(String) });
    const done = await ready(member);
    path = done.download_path;
    expect(path).toMatch(/^\/api\/data-export-file\.php\?key=[0-9a-f]{32}$/);
    expect(Date.parse(done.expires_at) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const mails = await waitForMail(ctx, 'data_export', DEMO_LOGINS.premium);
    // The mail opens the download page (which asks a logged-out visitor to log in first), not the raw API answer.
    expect(mails[0]?.text_body).toContain(`http://localhost:3000/data-export/download?key=${path.slice(-32)}`);
    expect(mails[0]?.text_body).not.toContain('/api/');

    const file = await binary(request(ctx.app).get(path).set('cookie', member));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = await unzip(file.body as Buffer);
    for (const name of [
      'account.json',
      'profile.json',
      'photos.json',
      'conversations.json',
      'likes.json',
      'payments.json',
      'credit-ledger.json',
      'consents.json',
      'devices.json',
      'decisions.json',
    ])
      expect(files.has(name), name).toBe(true);
    const account = JSON.parse(String(files.get('account.json')));
    expect(account.email).toBe(DEMO_LOGINS.premium);
    expect(account).not.toHaveProperty('password_hash');
    const conversations = JSON.parse(String(files.get('conversations.json')));
    const ours = conversations.find((c: { messages: { id: number }[] }) => c.messages.some((m) => m.id === messageIds[0]));
    expect(Object.keys(ours.partner)).toEqual(['name']);
    expect(ours.messages.map((m: { text: string; from: string }) => [m.from, m.text])).toEqual([
      ['me', 'message 0'],
      ['partner', ''],
      ['me', 'message 2'],
      ['partner', 'message 3'],
    ]);
    expect(ours.messages[1].removed_at).not.toBeNull();
    const photos = JSON.parse(String(files.get('photos.json'))) as { file: string | null }[];
    expect(photos.length).toBeGreaterThan(0);
    for (const p of photos) {
      expect(p.file).toMatch(/^photos\/\d+\.\w+$/);
      // The file itself, an image (JPEG, WebP or PNG magic bytes).
      expect((files.get(p.file as string) as Buffer).length).toBeGreaterThan(100);
    }
  });

  it('When another member or a visitor opens the link, then 404 and 403: it works only with his session', async () => {
    expect((await request(ctx.app).get(path).set('cookie', partner.cookie)).status).toBe(404);
    const visitor = await request(ctx.app).get(path);
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('authentication_required');
  });

  it('When he asks again the same day, then 429 data_export_daily in his language with the time he may ask again, and nothing new is made', async () => {
    const res = await request(ctx.app).post('/api/data-export.php').set('cookie', member).set('accept-language', 'de').send({});
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('data_export_daily');
    expect(res.body.error.message).toBe(
      'Du kannst deine Daten einmal am Tag anfordern, und deine letzte Anfrage ist keine 24 Stunden her.',
    );
    expect(Date.parse(res.body.error.params.next)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const rows = await ctx.db.query(sql`SELECT 1 FROM data_exports WHERE user_id = ${memberId}`);
    expect(rows).toHaveLength(1);
  });

  it('When the 48 hours are over, then the link answers 410 data_export_expired and the job deletes the archive', async () => {
    const [row] = await ctx.db.query<{ object_key: string }>(sql`SELECT object_key FROM data_exports WHERE user_id = ${memberId}`);
    await ctx.db.query(sql`UPDATE data_exports SET expires_at = now() - interval '1 minute' WHERE user_id = ${memberId}`);
    const res = await request(ctx.app).get(path).set('cookie', member);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('data_export_expired');
    expect((await state(member)).body).toMatchObject({ status: 'expired', download_path: null });
    await processDataExports({
      db: ctx.db,
      media: ctx.media,
      logger: createLogger('silent'),
      publicUrl: 'http://localhost:3000',
      kickOutbox: () => {},
    });
    expect(await ctx.media.exists(row?.object_key as string)).toBe(false);
  });

  it('When a step after building fails (the mail cannot be written), then the export is failed and no archive is left in the media store', async () => {
    const asker = await otherMember(ctx, 2);
    await ctx.db.exec(`CREATE FUNCTION refuse_export_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'mail refused'; END $$;
      CREATE TRIGGER refuse_export_mail BEFORE INSERT ON mail_outbox FOR EACH ROW WHEN (NEW.topic = 'data_export')
        EXECUTE FUNCTION refuse_export_mail();`);
    try {
      expect((await request(ctx.app).post('/api/data-export.php').set('cookie', asker.cookie).send({})).status).toBe(202);
      await processDataExports({
        db: ctx.db,
        media: ctx.media,
        logger: createLogger('silent'),
        publicUrl: 'http://localhost:3000',
        kickOutbox: () => {},
      });
      const [row] = await vi.waitFor(
        async () => {
          const rows = await ctx.db.query<{ key: string; status: string; object_key: string | null }>(
            sql`SELECT key, status, object_key FROM data_exports WHERE user_id = ${asker.id}`,
          );
          if (rows[0]?.status !== 'failed') throw new Error(`still ${rows[0]?.status}`);
          return rows;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(row?.object_key).toBeNull();
      expect(await ctx.media.exists(`exports/${row?.key}.zip`)).toBe(false);
      expect((await state(asker.cookie)).body).toMatchObject({ status: 'failed', download_path: null });
    } finally {
      await ctx.db.exec('DROP TRIGGER refuse_export_mail ON mail_outbox; DROP FUNCTION refuse_export_mail();');
    }
  });

  it("When a suspended member (no session) asks with his refused login's token, then his export is made and the mailed link carries a download token of its own", async () => {
    const suspended = await otherMember(ctx, 1);
    await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({ member: suspended.id, reports: [], action: 'suspend', days: 7, rule: 'other', facts: 'Spam.' })
      .expect(201);
    const login = await request(ctx.app)
      .post('/api/user.php')
      .set('request-type', 'client')
      .send({ email: suspended.email, password: DEMO_PASSWORD });
    const { statement, token } = login.body.error.params as { statement: number; token: string };
    expect((await request(ctx.app).post('/api/data-export.php').send({})).status).toBe(403);
    const res = await request(ctx.app).post('/api/data-export.php').send({ statement, token });
    expect(res.status).toBe(202);
    const mails = await waitForMail(ctx, 'data_export', suspended.email);
    const page = /http:\/\/localhost:3000(\/data-export\/download\?\S+)/.exec(mails[0]?.text_body ?? '')?.[1] as string;
    expect(page).toMatch(/^\/data-export\/download\?key=[0-9a-f]{32}&token=[0-9a-f]{32}$/);
    const link = page.replace('/data-export/download', '/api/data-export-file.php');
    expect((await request(ctx.app).get(link)).status).toBe(200);
    // The download token is not a statement token: it reads no statement and asks for nothing.
    const downloadToken = /token=(\w+)/.exec(page)?.[1] as string;
    expect((await request(ctx.app).get(`/api/statement.php?id=${statement}&token=${downloadToken}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/data-export.php?statement=${statement}&token=${downloadToken}`)).status).toBe(404);
    // A wrong token opens nothing.
    expect((await request(ctx.app).get(link.replace(/token=\w+/, `token=${'0'.repeat(32)}`))).status).toBe(404);

    // A password change (here a reset, the way a suspended member has) ends the download link and the login's token.
    await ctx.db.query(sql`UPDATE users SET device_epoch = device_epoch + 1 WHERE id = ${suspended.id}`);
    expect((await request(ctx.app).get(link)).status).toBe(404);
    expect((await request(ctx.app).get(`/api/data-export.php?statement=${statement}&token=${token}`)).status).toBe(404);
    // A suspended token ends as a whole: it does not read the statement any more either.
    expect((await request(ctx.app).get(`/api/statement.php?id=${statement}&token=${token}`)).status).toBe(404);
  });

  it("When the statement mail's token is used for the data export, then it can neither start, read nor fetch one (404), though it reads the statement", async () => {
    const suspended = await otherMember(ctx, 3);
    await request(ctx.app)
      .post('/api/report-decision.php')
      .set('cookie', await moderatorCookie(ctx))
      .send({ member: suspended.id, reports: [], action: 'suspend', days: 7, rule: 'other', facts: 'Spam.' })
      .expect(201);
    const mails = await waitForMail(ctx, 'statement_of_reasons', suspended.email);
    const statementLink = /\/safety\/statements\/(\d+)\?token=([0-9a-f]{32})/.exec(mails[0]?.text_body ?? '');
    expect(statementLink, 'the statement mail carries its link').not.toBeNull();
    const [, id, token] = statementLink as RegExpExecArray;
    expect((await request(ctx.app).get(`/api/statement.php?id=${id}&token=${token}`)).status).toBe(200);

    const exports = async () =>
      (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM data_exports WHERE user_id = ${suspended.id}`))[0]?.n;
    const before = await exports();
    const asked = await request(ctx.app)
      .post('/api/data-export.php')
      .send({ statement: Number(id), token });
    expect(asked.status).toBe(404);
    expect((await request(ctx.app).get(`/api/data-export.php?statement=${id}&token=${token}`)).status).toBe(404);
    expect(await exports()).toBe(before);
    expect((await request(ctx.app).get(`${path}&statement=${id}&token=${token}`)).status).toBe(404);
    // Nor his refund: that too needs the refused login (after the right password).
    expect((await request(ctx.app).get(`/api/refund.php?statement=${id}&token=${token}`)).status).toBe(404);
  });

  it('When members whose address was never confirmed (decoys among them) liked him, then his archive lists only the likes of confirmed accounts', async () => {
    const owner = await otherMember(ctx, 4);
    const confirmed = await otherMember(ctx, 5);
    const unconfirmed = await otherMember(ctx, 6);
    const decoy = await otherMember(ctx, 7);
    const names = async (id: number) =>
      (await ctx.db.query<{ name: string }>(sql`SELECT name FROM profiles WHERE user_id = ${id}`))[0]?.name as string;
    for (const liker of [confirmed, unconfirmed, decoy])
      await ctx.db.query(sql`INSERT INTO likes (liker_id, liked_id) VALUES (${liker.id}, ${owner.id})`);
    await ctx.db.query(sql`UPDATE users SET status = 'not_confirmed' WHERE id = ${unconfirmed.id}`);
    // A decoy: a signup with a taken address, whose own address is an undeliverable one that is never confirmed.
    await ctx.db.query(
      sql`UPDATE users SET status = 'not_confirmed', shown_email = email, email = ${`decoy-${decoy.id}@signup.invalid`} WHERE id = ${decoy.id}`,
    );

    await request(ctx.app)
      .post('/api/data-export.php')
      .set('cookie', owner.cookie)
      .set('Idempotency-Key', 'export-likes')
      .send({})
      .expect(202);
    const done = await ready(owner.cookie);
    const file = await binary(request(ctx.app).get(done.download_path).set('cookie', owner.cookie));
    const likes = JSON.parse(String((await unzip(file.body as Buffer)).get('likes.json'))) as { received: { name: string }[] };
    const received = likes.received.map((l) => l.name);
    expect(received).toContain(await names(confirmed.id));
    expect(received).not.toContain(await names(unconfirmed.id));
    expect(received).not.toContain(await names(decoy.id));
  });
});
