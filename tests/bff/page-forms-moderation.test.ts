import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { json, makeApp, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const MODERATOR = 'auth=0123456789abcdef';
const image = { id: 7, filename: 'p7.jpg', thumb_filename: 'p7-thumb.jpg', status: 'pending', match_path: '/media/p7.jpg' };
const queue = { photos: [{ id: 7, uploaded_at: '2026-11-20T10:00:00Z', member: { id: 42, name: 'Joris' }, image }], next_cursor: null };

/** A moderator's backend: photo 7 can be decided once; photo 8 was decided by another moderator; photo 9 fails. */
const backend = () =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture({ role: 'moderator' }), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/moderation.php': (req: Recorded, res: ServerResponse) => {
      if (req.method === 'GET') return json(res, 200, queue);
      const { photo } = JSON.parse(req.body || '{}') as { photo?: number };
      if (photo === 8) return json(res, 409, { error: { code: 'already_decided', message: 'Already decided.' } });
      if (photo === 9) return json(res, 503, { error: { code: 'unavailable', message: 'Try again later.' } });
      return json(res, 200, { success: true });
    },
  });

const post = (fields: Record<string, string>, cookie = MODERATOR) =>
  request(app!)
    .post('/moderation')
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .type('form')
    .send(new URLSearchParams(fields).toString());

describe("the photo moderation's decisions without JavaScript", () => {
  it('When the queue is opened, then each photo has a form posting its decision to the page', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get('/moderation').set('Host', 'site.test').set('Cookie', MODERATOR).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    const form = res.text.match(/<form\b[^>]*action="\/moderation"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('name="photo_id" value="7"');
    const buttons = form.match(/<button\b[^>]*>/g) ?? [];
    expect(buttons.filter((b) => b.includes('name="intent"')).map((b) => /value="(\w+)"/.exec(b)?.[1])).toEqual(['approve', 'reject']);
  });

  it('When a decision is posted, then it is taken and the page answers 303 to the queue saying so in Dutch', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post({ intent: 'approve', photo_id: '7', name: 'Joris' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/moderation?approve=Joris');
    expect(JSON.parse(standIn.hits('/api/moderation.php').find((r) => r.method === 'PUT')!.body)).toEqual({
      photo: 7,
      decision: 'approve',
    });
    const page = await request(app)
      .get(res.headers.location as string)
      .set('Host', 'site.test')
      .set('Cookie', `${MODERATOR}; locale=nl`);
    expect(page.text).toContain('De foto van Joris is goedgekeurd.');
  });

  it('When another moderator was first, then the page answers 303 to the queue saying that; when the backend fails, the page comes again with the failure, never JSON nor a 500', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const first = await post({ intent: 'reject', photo_id: '8', name: 'Piet' });
    expect([first.status, first.headers.location]).toEqual([303, '/moderation?decided_before=Piet']);
    const failed = await post({ intent: 'reject', photo_id: '9', name: 'Kees' });
    expect(failed.status).toBe(200);
    expect(failed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(failed.text).toContain('The decision about the photo of Kees could not be saved. Please try again.');
  });
});
