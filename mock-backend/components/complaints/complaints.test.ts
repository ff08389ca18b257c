import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, fromClient, loginCookie, type TestContext } from '../../test/context';
import { sql } from '../../lib/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 5 });
});
afterAll(() => ctx?.close());

const complaint = {
  name: 'Pieter de Vries',
  email: 'pieter@example.test',
  category: 'billing',
  message: 'I was charged twice for the same bundle of credits.',
};

describe('complaints.php', () => {
  it('When a logged-in member files a complaint, then it is stored with his account, support gets a mail with the reference, and the answer is 201 with the reference', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const res = await request(ctx.app).post('/api/complaints.php').set('cookie', cookie).set(fromClient('10.0.0.1')).send(complaint);
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^C-\d{6}$/);
    const [row] = await ctx.db.query<{ user_id: number | null; category: string; email: string }>(
      sql`SELECT user_id, category, email FROM complaints WHERE id = ${res.body.id}`,
    );
    expect(row?.user_id).not.toBeNull();
    expect(row?.category).toBe('billing');
    // The mail to support is an outbox row of the complaint, sent by the mail job.
    await vi.waitFor(
      async () => {
        const [outbox] = await ctx.db.query<{ status: string }>(
          sql`SELECT status FROM mail_outbox WHERE ref = ${`complaint:${res.body.id}`}`,
        );
        expect(outbox?.status).toBe('sent');
      },
      { timeout: 10_000, interval: 50 },
    );
    const mail = ctx.mails.find((m) => m.subject.includes(res.body.reference));
    expect(mail?.to).toBe('support@manmatch.example');
    expect(mail?.subject).toContain(res.body.reference);
    expect(mail?.text).toContain('charged twice');
  });

  it('When the form is incomplete or the category unknown, then 400 with the one error body in the visitor language and nothing is stored', async () => {
    const before = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM complaints`);
    for (const body of [
      { ...complaint, email: 'not-an-address' },
      { ...complaint, message: 'short' },
      { ...complaint, category: 'weather' },
      { ...complaint, name: '   ' },
    ]) {
      const res = await request(ctx.app).post('/api/complaints.php').set('accept-language', 'nl').set(fromClient('10.0.0.2')).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toBe('Het verzoek is ongeldig.');
    }
    const after = await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM complaints`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('When a member whose saved language is English files a complaint on a Dutch page, then it is kept, and told to support, as Dutch', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const res = await request(ctx.app)
      .post('/api/complaints.php')
      .set('cookie', cookie)
      .set('accept-language', 'nl')
      .set(fromClient('10.0.0.4'))
      .send({ ...complaint, message: 'Ik ben twee keer betaald voor dezelfde bundel.' });
    expect(res.status).toBe(201);
    const [row] = await ctx.db.query<{ language: string }>(sql`SELECT language FROM complaints WHERE id = ${res.body.id}`);
    expect(row?.language).toBe('nl');
    const mail = await vi.waitFor(
      () => {
        const found = ctx.mails.find((m) => m.subject.includes(res.body.reference));
        if (!found) throw new Error('no mail to support yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail.text).toContain('Language: nl');
  });

  it('When a visitor’s name and words hold markup, then support’s mail is written by the one mail layout in English with them escaped, and its plain text keeps them as written', async () => {
    const name = '<script>alert(1)</script>';
    const words = 'My "profile" was <b>copied</b> & shown elsewhere.';
    const res = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.0.5'))
      .send({ ...complaint, name, message: words });
    expect(res.status).toBe(201);
    const mail = await vi.waitFor(
      () => {
        const found = ctx.mails.find((m) => m.subject.includes(res.body.reference));
        if (!found) throw new Error('no mail to support yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mail.html.startsWith('<!doctype html>\n<html lang="en" dir="ltr">')).toBe(true);
    expect(mail.html.match(/<div data-mail-layout /g)).toHaveLength(1);
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain('From: &lt;script&gt;alert(1)&lt;/script&gt; &lt;pieter@example.test&gt;');
    expect(mail.html).toContain('My &quot;profile&quot; was &lt;b&gt;copied&lt;/b&gt; &amp; shown elsewhere.');
    expect(mail.text).toContain(`From: ${name} <pieter@example.test>`);
    expect(mail.text).toContain(`\n\n${words}`);
  });

  it('When a complaint names a profile id of no member of the site, then it is stored without that id (no enumeration)', async () => {
    const res = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.0.3'))
      .send({ ...complaint, category: 'conduct', profile_id: 999999 });
    expect(res.status).toBe(201);
    const [row] = await ctx.db.query<{ profile_id: number | null; user_id: number | null }>(
      sql`SELECT profile_id, user_id FROM complaints WHERE id = ${res.body.id}`,
    );
    expect(row).toEqual({ profile_id: null, user_id: null });
  });

  it('When one address files more than 5 complaints in an hour, then the 6th gets 429 too_many_requests with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(ctx.app).post('/api/complaints.php').set(fromClient('10.0.0.9')).send(complaint);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('too_many_requests');
        // The seconds until the hour that began with the first complaint ends (3600 less the time the five took).
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('complaints.php with an Idempotency-Key', () => {
  const count = async () => (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM complaints`))[0]?.n ?? 0;

  it('When the same complaint is sent twice with one key, then one complaint is filed and the second answer replays the first', async () => {
    const before = await count();
    const key = 'b1f4c0de-0000-4000-8000-000000000001';
    const first = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.1'))
      .set('idempotency-key', key)
      .send(complaint);
    const again = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.1'))
      .set('idempotency-key', `"${key}"`)
      .send(complaint);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count()).toBe(before + 1);
    const mails = await ctx.db.query(sql`SELECT 1 FROM mail_outbox WHERE ref = ${`complaint:${first.body.id}`}`);
    expect(mails).toHaveLength(1);
  });

  it('When the key comes back with another body, then 422 idempotency_key_reused in the member language and nothing is filed', async () => {
    const key = 'b1f4c0de-0000-4000-8000-000000000002';
    await request(ctx.app).post('/api/complaints.php').set(fromClient('10.0.1.2')).set('idempotency-key', key).send(complaint);
    const before = await count();
    const other = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.2'))
      .set('idempotency-key', key)
      .set('accept-language', 'nl')
      .send({ ...complaint, message: 'A different complaint about something else entirely.' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(other.body.error.message).toBe('Deze verzoeksleutel is al voor een ander verzoek gebruikt.');
    expect(await count()).toBe(before);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'When a request with the key is still in flight (its transaction holds the key), then 409 idempotency_key_in_use with Retry-After: 1; once it is gone, the retry runs',
    async () => {
      const key = 'b1f4c0de-0000-4000-8000-000000000003';
      // Another session holds the key's lock, as a request still running on another instance does.
      await ctx.db.transaction(async (tx) => {
        await tx.query(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`idempotency:ip:10.0.1.3:${key}`}, 7))`);
        const busy = await request(ctx.app)
          .post('/api/complaints.php')
          .set(fromClient('10.0.1.3'))
          .set('idempotency-key', key)
          .send(complaint);
        expect(busy.status).toBe(409);
        expect(busy.body.error.code).toBe('idempotency_key_in_use');
        expect(busy.headers['retry-after']).toBe('1');
      });
      // The holder's transaction ended without an answer (its process died): the key is free at once.
      const retried = await request(ctx.app)
        .post('/api/complaints.php')
        .set(fromClient('10.0.1.3'))
        .set('idempotency-key', key)
        .send(complaint);
      expect(retried.status).toBe(201);
    },
  );

  it('When a key was left without an answer (an instance of an earlier version died mid-request), then the retry runs at once', async () => {
    const key = 'b1f4c0de-0000-4000-8000-000000000013';
    const first = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.13'))
      .set('idempotency-key', key)
      .send(complaint);
    await ctx.db.query(
      sql`UPDATE idempotency_keys SET status = NULL, response_body = NULL, locked_until = now() + interval '120 seconds' WHERE key = ${key}`,
    );
    const retried = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.13'))
      .set('idempotency-key', key)
      .send(complaint);
    expect(retried.status).toBe(201);
    expect(retried.body.id).not.toBe(first.body.id);
    const again = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.13'))
      .set('idempotency-key', key)
      .send(complaint);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(retried.body.id);
  });

  it('When two members use the same key, then each files his own complaint (keys are scoped to the member)', async () => {
    const key = 'b1f4c0de-0000-4000-8000-000000000004';
    const free = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
    const a = await request(ctx.app)
      .post('/api/complaints.php')
      .set('cookie', free)
      .set(fromClient('10.0.1.4'))
      .set('idempotency-key', key)
      .send(complaint);
    const b = await request(ctx.app)
      .post('/api/complaints.php')
      .set('cookie', premium)
      .set(fromClient('10.0.1.4'))
      .set('idempotency-key', key)
      .send(complaint);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('When a request with a key fails, then nothing is kept and the corrected request with the same key is filed', async () => {
    const key = 'b1f4c0de-0000-4000-8000-000000000005';
    const bad = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.5'))
      .set('idempotency-key', key)
      .send({ ...complaint, profile_id: -1 });
    expect(bad.status).toBe(400);
    const good = await request(ctx.app).post('/api/complaints.php').set(fromClient('10.0.1.5')).set('idempotency-key', key).send(complaint);
    expect(good.status).toBe(201);
  });

  it('When the key is not a visible ASCII token, then 400 bad_request naming the header', async () => {
    const res = await request(ctx.app)
      .post('/api/complaints.php')
      .set(fromClient('10.0.1.6'))
      .set('idempotency-key', 'two words')
      .send(complaint);
    expect(res.status).toBe(400);
    expect(res.body.error.params).toEqual({ field: 'Idempotency-Key' });
  });
});
