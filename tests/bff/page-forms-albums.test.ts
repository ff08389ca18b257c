import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { profileFixture, userFixture } from '../../src/client/test/fixtures';
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

const COOKIE = 'auth=0123456789abcdef';
const DUTCH = `${COOKIE}; locale=nl`;
const nl = (r: Recorded) => r.headers['accept-language'] === 'nl';

/** Mark's profile as the viewer sees it: 2 private photos, shared with the viewer; the viewer's own album not shared with Mark. */
function albumBackend(opts: { sharedByMe: boolean; refuse?: boolean }) {
  const profile = {
    ...profileFixture(),
    about: '',
    images: [],
    interests: [],
    attributes: {},
    last_active: null,
    private_album: { count: 2, shared_with_me: true, shared_by_me: opts.sharedByMe },
  };
  return startStandIn({
    '/api/user.php': (_req, res) => json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/profile.php': (_req, res) => json(res, 200, { profile }),
    '/api/album.php': (_req, res) =>
      json(res, 200, {
        owner_id: 42,
        photos: [1, 2].map((id) => ({
          id,
          filename: `s/9999999999/sig/u/ab/p${id}-full.jpg`,
          thumb_filename: `s/9999999999/sig/u/ab/p${id}-thumb.jpg`,
          match_path: `s/9999999999/sig/u/ab/p${id}-full.jpg`,
        })),
      }),
    '/api/album-share.php': (req: Recorded, res: ServerResponse) => {
      if (opts.refuse)
        return json(res, 422, {
          error: {
            code: 'album_share_limit',
            message: nl(req) ? 'Je kunt je privéalbum met maximaal 100 leden tegelijk delen.' : 'At most 100 members.',
            params: { limit: 100 },
          },
        });
      return json(res, 200, { shared: req.method === 'POST' });
    },
  });
}

const post = (target: string, fields: Record<string, string>, cookie = COOKIE) =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'null')
    .set('Cookie', cookie)
    .type('form')
    .send(new URLSearchParams(fields).toString());

describe('sharing a private album without JavaScript', () => {
  it('When the profile is opened, then the shared album shows its photos and the share form posts to the profile', async () => {
    standIn = await albumBackend({ sharedByMe: false });
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get('/members/42').set('Host', 'site.test').set('Cookie', COOKIE);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Private album (2 photos)');
    expect(page.text).toContain('p1-thumb.jpg');
    expect(page.text).toMatch(/<form[^>]*action="\/members\/42"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/members\/42"/);
    expect(page.text).toContain('<input type="hidden" name="intent" value="album-share"/>');
    expect(page.text).toContain('<input type="hidden" name="share" value="1"/>');
    expect(page.text).toContain('Share my private album with Mark');
  });

  it('When the share form is posted, then the album is shared and the page answers 303 to the profile; the take-back form deletes the share', async () => {
    standIn = await albumBackend({ sharedByMe: true });
    app = makeApp(standIn.url, { render: renderPage });
    const shared = await post('/members/42', { intent: 'album-share', member_id: '42', share: '1' });
    expect(shared.status).toBe(303);
    expect(shared.headers.location).toBe('/members/42');
    const [sent] = standIn.hits('/api/album-share.php');
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ id: 42 });

    const back = await post('/members/42', { intent: 'album-share', member_id: '42', share: '0' });
    expect(back.status).toBe(303);
    const deleted = standIn.hits('/api/album-share.php').filter((r) => r.method === 'DELETE');
    expect(deleted.map((r) => r.url)).toEqual(['/api/album-share.php?id=42']);
  });

  it('When the backend refuses the share, then the profile comes again with its message in Dutch', async () => {
    standIn = await albumBackend({ sharedByMe: false, refuse: true });
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/members/42', { intent: 'album-share', member_id: '42', share: '1' }, DUTCH);
    // The page comes again (as every refused form's), its message beside the button, the button as it was.
    expect(res.status).toBe(200);
    expect(res.text).toContain('value="album-share"');
    expect(res.text).toContain('Je kunt je privéalbum met maximaal 100 leden tegelijk delen.');
  });
});
