import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ members: 5 });
});
afterAll(() => ctx?.close());

const complaint = { name: 'Pieter de Vries', email: 'pieter@example.test', category: 'billing', message: 'I was charged twice for the same bundle of credits.' };

describe('complaints.php', () => {
  it('When a logged-in member files a complaint, then it is stored with his account, support gets a mail with the reference, and the answer is 201 with the reference', async () => {
    const cookie = await loginCookie(ctx.app, DEMO_LOGINS.free);
    const res = await request(ctx.app).post('/api/complaints.php').set('cookie', cookie).set('x-forwarded-for', '10.0.0.1').send(complaint);
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^C-\d{6}$/);
    const [row] = await ctx.db.query<{ user_id: number | null; category: string; mailed_at: Date | null; email: string }>(
      'SELECT user_id, category, mailed_at, email FROM complaints WHERE id = $1',
      [res.body.id],
    );
    expect(row?.user_id).not.toBeNull();
    expect(row?.category).toBe('billing');
    expect(row?.mailed_at).not.toBeNull();
    const mail = ctx.mails.at(-1);
    expect(mail?.to).toBe('support@manmatch.example');
    expect(mail?.subject).toContain(res.body.reference);
    expect(mail?.text).toContain('charged twice');
  });

  it('When the form is incomplete or the category unknown, then 400 with the one error body in the visitor language and nothing is stored', async () => {
    const before = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    for (const body of [{ ...complaint, email: 'not-an-address' }, { ...complaint, message: 'short' }, { ...complaint, category: 'weather' }, { ...complaint, name: '   ' }]) {
      const res = await request(ctx.app).post('/api/complaints.php').set('accept-language', 'nl').set('x-forwarded-for', '10.0.0.2').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.message).toBe('Het verzoek is ongeldig.');
    }
    const after = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('When a complaint names a profile id of no member of the site, then it is stored without that id (no enumeration)', async () => {
    const res = await request(ctx.app).post('/api/complaints.php').set('x-forwarded-for', '10.0.0.3').send({ ...complaint, category: 'conduct', profile_id: 999999 });
    expect(res.status).toBe(201);
    const [row] = await ctx.db.query<{ profile_id: number | null; user_id: number | null }>('SELECT profile_id, user_id FROM complaints WHERE id = $1', [res.body.id]);
    expect(row).toEqual({ profile_id: null, user_id: null });
  });

  it('When one address files more than 5 complaints in an hour, then the 6th gets 429 too_many_requests with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(ctx.app).post('/api/complaints.php').set('x-forwarded-for', '10.0.0.9').send(complaint);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.error.code).toBe('too_many_requests');
        expect(res.headers['retry-after']).toBe('3600');
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
