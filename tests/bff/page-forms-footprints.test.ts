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

const SESSION = 'auth=0123456789abcdef';

/** A member with two new visitors, whose footprints switch is on until a PUT says otherwise. */
const backend = () => {
  let enabled = true;
  return startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0, footprints: 2 } }),
    '/api/footprints.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, {
        enabled,
        footprints: enabled
          ? [{ profile: profileFixture({ id: 42, name: 'Pieter' }), viewed_at: new Date(Date.now() - 5 * 60_000).toISOString(), new: true }]
          : [],
        next_cursor: null,
      }),
    '/api/footprints-settings.php': (req: Recorded, res: ServerResponse) => {
      if (req.method === 'PUT') enabled = (JSON.parse(req.body) as { enabled: boolean }).enabled;
      return json(res, 200, { enabled });
    },
  });
};

const post = (target: string, fields: Record<string, string>, cookie = '') =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'null')
    .set('Cookie', [SESSION, cookie].filter(Boolean).join('; '))
    .type('form')
    .send(new URLSearchParams(fields).toString());

const page = (path: string, cookie = '') =>
  request(app!).get(path).set('Host', 'site.test').set('Cookie', [SESSION, cookie].filter(Boolean).join('; '));

describe('footprints without JavaScript', () => {
  it('When the Visitors page is opened, then it lists the visitor with the relative time, the badge and a switch form posted to /visitors', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const res = await page('/visitors', 'locale=nl');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Pieter');
    expect(res.text).toContain('5 minuten geleden');
    expect(res.text).toContain('2 nieuwe bezoekers');
    const form = res.text.match(/<form\b[^>]*>/g)?.find((tag) => tag.includes('action="/visitors"')) ?? '';
    expect(form).toContain('method="post"');
    expect(res.text).toContain('name="enabled"');
    expect(res.text).toContain('Opslaan');
  });

  it('When the switch is posted off from the own profile, then it is saved off and the answer is 303 back there; on again from /visitors', async () => {
    standIn = await backend();
    app = makeApp(standIn.url, { render: renderPage });
    const off = await post('/visitors', { intent: 'footprints', return: '/profile' });
    expect(off.status).toBe(303);
    expect(off.headers.location).toBe('/profile?footprints_saved=1');
    const puts = () => standIn!.hits('/api/footprints-settings.php').filter((r) => r.method === 'PUT');
    expect(JSON.parse(puts()[0]!.body)).toEqual({ enabled: false });
    const list = await page('/visitors?footprints_saved=1');
    expect(list.text).toContain('data-testid="footprints-off"');
    expect(list.text).toContain('Saved.');

    const on = await post('/visitors', { intent: 'footprints', enabled: 'on', return: 'https://evil.test/x' });
    expect(on.status).toBe(303);
    expect(on.headers.location).toBe('/visitors?footprints_saved=1');
    expect(JSON.parse(puts()[1]!.body)).toEqual({ enabled: true });
  });
});
