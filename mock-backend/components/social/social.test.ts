import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';

let ctx: TestContext;
let free: string;
let premium: string;
beforeAll(async () => {
  ctx = await createTestContext({ members: 30 });
  free = await loginCookie(ctx.app, DEMO_LOGINS.free);
  premium = await loginCookie(ctx.app, DEMO_LOGINS.premium);
});
afterAll(() => ctx?.close());

describe('social and credits', () => {
  it('When a visitor asks for chats, likes or an auto-like, then 403 authentication_required', async () => {
    for (const p of ['/api/chats.php', '/api/likes.php', '/api/auto-like.php', '/api/discountcode.php?welcome=true']) {
      expect((await request(ctx.app).get(p)).status).toBe(403);
    }
  });

  it('When a member asks for the current user, then its counts are the unread and new-like totals of the lists', async () => {
    let nonZero = 0;
    for (const cookie of [free, premium]) {
      const [me, chats, likes] = await Promise.all([
        request(ctx.app).get('/api/user.php').set('cookie', cookie),
        request(ctx.app).get('/api/chats.php').set('cookie', cookie),
        request(ctx.app).get('/api/likes.php').set('cookie', cookie),
      ]);
      expect(me.status).toBe(200);
      expect(me.body.counts).toMatchObject({ unread_messages: chats.body.total_unread, new_likes: likes.body.total_new });
      nonZero += me.body.counts.unread_messages + me.body.counts.new_likes;
    }
    expect(nonZero).toBeGreaterThan(0);
  });

  it('When the demo member opens chats, then the seeded conversations come with unread totals', async () => {
    const res = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    expect(res.status).toBe(200);
    expect(res.body.chats.length).toBe(3);
    expect(res.body.total_unread).toBe(
      res.body.chats.reduce((s: number, c: { num_unread_messages: number }) => s + c.num_unread_messages, 0),
    );
  });

  it('When a member removes a chat, then it leaves the list; another member cannot remove it (404)', async () => {
    const chats = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    const conversation = chats.body.chats[0].conversation as number;
    const foreign = await request(ctx.app).delete('/api/chat.php').set('cookie', premium).send({ conversation });
    expect(foreign.status).toBe(404);
    const ok = await request(ctx.app).delete('/api/chat.php').set('cookie', free).send({ conversation });
    expect(ok.body).toEqual({ success: true });
    const after = await request(ctx.app).get('/api/chats.php').set('cookie', free);
    expect(after.body.chats.map((c: { conversation: number }) => c.conversation)).not.toContain(conversation);
  });

  it('When likes are listed, then new received likes come first and liked_by lists the likers', async () => {
    const res = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    expect(res.status).toBe(200);
    const flags = res.body.profiles.map((l: { like_new: boolean }) => l.like_new);
    expect(flags.indexOf(false)).toBeGreaterThanOrEqual(res.body.total_new);
    expect(res.body.total_new).toBe(3);
    expect(res.body.liked_by.length).toBe(6);
    expect(res.body.profiles.some((l: { match: boolean }) => l.match)).toBe(true);
  });

  it('When an auto-like is asked, then a new profile likes the member and shows up in likes', async () => {
    const res = await request(ctx.app).get('/api/auto-like.php').set('cookie', premium);
    expect(res.status).toBe(200);
    const id = res.body.profile.id as number;
    const likes = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    expect(likes.body.liked_by).toContain(id);
  });

  it('When auto-like is asked again right away (a retried GET), then it answers the same like and adds none', async () => {
    const before = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    const first = await request(ctx.app).get('/api/auto-like.php').set('cookie', premium);
    const again = await request(ctx.app).get('/api/auto-like.php').set('cookie', premium);
    expect(again.body.profile.id).toBe(first.body.profile.id);
    const after = await request(ctx.app).get('/api/likes.php').set('cookie', premium);
    expect(after.body.liked_by.length - before.body.liked_by.length).toBeLessThanOrEqual(1);
  });

  it('When an unpaid new member asks for the welcome code, then TIMEBONUS25 expires 4 hours after signup', async () => {
    const res = await request(ctx.app).get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', free);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, status: 'active', validity: 'once-per-user' });
    const paid = await request(ctx.app).get('/api/discountcode.php').query({ welcome: 'true' }).set('cookie', premium);
    expect(paid.status).toBe(404);
  });

  it('When a code is looked up, then unknown gives code_not_found and a used one code_used', async () => {
    const ok = await request(ctx.app).get('/api/discountcode.php').query({ code: 'welcome10' }).set('cookie', free);
    expect(ok.body).toMatchObject({ code: 'WELCOME10', value_percentage: 10 });
    const unknown = await request(ctx.app).get('/api/discountcode.php').query({ code: 'NOPE' }).set('cookie', free);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('code_not_found');
    const used = await request(ctx.app).get('/api/discountcode.php').query({ code: 'ONCE50' }).set('cookie', free);
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe('code_used');
  });
});
