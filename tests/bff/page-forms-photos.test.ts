import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { MULTIPART_MAX_BYTES } from '../../src/bff/page-form';
import { PHOTO_MAX_BYTES } from '../../src/shared/photo-files';
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

const KEY = '0f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';
const COOKIE = 'auth=0123456789abcdef';
const DUTCH = `${COOKIE}; locale=nl`;
// The first bytes of a PNG: the stand-in only looks at the parts, the real backend at the content.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const nl = (r: Recorded) => r.headers['accept-language'] === 'nl';
const refusal = (res: ServerResponse, status: number, code: string, message: string) => json(res, status, { error: { code, message } });

const allowance = {
  message_credits: 2,
  message_length: 1000,
  credits: 20,
  free_messages_left: 0,
  conversations_left: null,
  first_messages_left: null,
  first_messages_per_day: null,
};

const myProfile = {
  id: 11,
  name: 'Jan',
  about: '',
  birth_date: '1990-05-01',
  age: 36,
  country: 'NL',
  region_id: null,
  attributes: {},
  interests: [],
  photos: [],
  photo_limit: 6,
  invisible: false,
  has_location: false,
};

/** A member's backend for the photo forms: the own profile's upload and the chat's photo message. */
function photoBackend() {
  return startStandIn({
    '/api/user.php': (_req, res) => json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
    '/api/my-profile.php': (_req, res) => json(res, 200, { profile: myProfile }),
    '/api/interests.php': (_req, res) => json(res, 200, { interests: [] }),
    '/api/regions.php': (_req, res) => json(res, 200, { regions: [] }),
    '/api/photos.php': (req, res) => {
      if (req.body.length > PHOTO_MAX_BYTES)
        return refusal(res, 413, 'payload_too_large', nl(req) ? 'Dit bestand is te groot.' : 'Too large.');
      if (!req.body.includes('filename="me.png"'))
        return refusal(res, 422, 'photo_invalid', nl(req) ? 'Dit is geen geldige foto.' : 'This is no valid photo.');
      json(res, 200, { photos: [], limit: 6 });
    },
    '/api/photo-message.php': (_req, res) =>
      json(res, 200, {
        message: {
          id: 3,
          conversation: 5,
          seq: 3,
          sender: 11,
          mine: true,
          kind: 'photo',
          text: 'hi',
          gift: null,
          photo: null,
          created_at: '2026-01-01T00:00:00Z',
          held: false,
        },
        allowance,
      }),
    '/api/conversation.php': (_req, res) =>
      json(res, 200, {
        conversation: 5,
        profile: { ...profileFixture(), last_active: null },
        messages: [],
        older: null,
        partner_read_seq: 0,
        read_seq: 0,
        allowance,
      }),
  });
}

async function start(): Promise<void> {
  standIn = await photoBackend();
  app = makeApp(standIn.url, { render: renderPage });
}

const postPhoto = (target: string, fields: Record<string, string>, photo: { bytes: Buffer; name: string } | null, cookie = COOKIE) => {
  let call = request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Cookie', cookie)
    .set('Accept', 'text/html');
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return photo ? call.attach('photo', photo.bytes, { filename: photo.name, contentType: 'image/png' }) : call;
};

/** The multipart part named `name` of a recorded body: its headers and content. */
const partOf = (body: string, name: string) => body.split(/\r\n--/).find((part) => part.includes(`name="${name}"`)) ?? '';

describe('a photo posted as a form (without JavaScript, or before the page hydrated)', () => {
  it("When the profile's upload form is posted with a photo, then the backend gets the file under its name with the form's key and the page answers 303 to the profile saying so", async () => {
    await start();
    const res = await postPhoto('/profile', { intent: 'photo', idempotency_key: KEY }, { bytes: PNG, name: 'me.png' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile?uploaded=1');
    const [sent] = standIn!.hits('/api/photos.php');
    expect(sent!.headers['idempotency-key']).toBe(KEY);
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(partOf(sent!.body, 'photo')).toContain('filename="me.png"');
    expect(partOf(sent!.body, 'photo')).toContain('Content-Type: image/png');
    expect(partOf(sent!.body, 'photo')).toContain('PNG'); // the file's bytes (its signature)
    expect(standIn!.hits('/api/my-profile.php')).toEqual([]); // a redirect loads nothing
  });

  it("When the backend refuses the photo, then the profile page comes again with its message in the member's language and the same key", async () => {
    await start();
    const res = await postPhoto('/profile', { intent: 'photo', idempotency_key: KEY }, { bytes: PNG, name: 'other.png' }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Dit is geen geldige foto.');
    expect(res.text).toMatch(new RegExp(`<form[^>]*encType="multipart/form-data"[^>]*>(?:(?!</form>).)*value="${KEY}"`, 's'));
  });

  it('When no file was chosen, then nothing empty is stored: the backend refuses it and the page says so', async () => {
    await start();
    const res = await postPhoto('/profile', { intent: 'photo', idempotency_key: KEY }, { bytes: Buffer.alloc(0), name: '' }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Dit is geen geldige foto.');
  });

  it('When the photo is over the limit, then the backend gets one byte more than the limit (never the whole file) and the page says it is too large', async () => {
    await start();
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 200_000, 1);
    const res = await postPhoto('/profile', { intent: 'photo', idempotency_key: KEY }, { bytes: big, name: 'me.png' }, DUTCH);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Dit bestand is te groot.');
    const [sent] = standIn!.hits('/api/photos.php');
    expect(sent!.body.length).toBeLessThan(PHOTO_MAX_BYTES + 2_000);
  });

  it("When a body declares more than the page forms' ceiling, then it is not read: 413 in the member's language and no backend call", async () => {
    await start();
    const res = await request(app!)
      .post('/profile')
      .set('Host', 'site.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', DUTCH)
      .set('Accept', 'text/html')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(MULTIPART_MAX_BYTES + 1))
      .send('--x--\r\n')
      .catch((error: { response?: request.Response }) => error.response!);
    expect(res.status).toBe(413);
    expect(res.text).toContain('lang="nl"'); // the plain error page, in the member's language (its text and its way home)
    expect(standIn!.hits('/api/photos.php')).toEqual([]);
  });

  it('When a multipart form comes from another site, then nothing is read or sent: 303 to the page', async () => {
    await start();
    const res = await postPhoto('/profile', { intent: 'photo' }, { bytes: PNG, name: 'me.png' }).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile');
    expect(standIn!.hits('/api/photos.php')).toEqual([]);
  });

  it('When a multipart body is malformed, then 400 and no backend call', async () => {
    await start();
    const res = await request(app!)
      .post('/profile')
      .set('Host', 'site.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', COOKIE)
      .set('Accept', 'text/html')
      .set('Content-Type', 'multipart/form-data')
      .send('not multipart');
    expect(res.status).toBe(400);
    expect(standIn!.hits('/api/photos.php')).toEqual([]);
  });

  it("When the chat composer is posted with a photo, then it goes as a photo message with the text as its caption and the form's key, then 303 to the conversation", async () => {
    await start();
    const res = await postPhoto('/chats/5', { profile_id: '42', text: 'hi', idempotency_key: KEY }, { bytes: PNG, name: 'me.png' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/chats/5#chat-latest');
    const [sent] = standIn!.hits('/api/photo-message.php');
    expect(sent!.headers['idempotency-key']).toBe(KEY);
    expect(partOf(sent!.body, 'profile_id')).toContain('42');
    expect(partOf(sent!.body, 'text')).toContain('hi');
    expect(partOf(sent!.body, 'photo')).toContain('filename="me.png"');
    expect(standIn!.hits('/api/message.php')).toEqual([]);
  });

  it('When the composer is posted as multipart without a photo, then the text goes as a message', async () => {
    await start();
    standIn!.routes.set('/api/message.php', (_req, res) =>
      json(res, 200, {
        message: {
          id: 4,
          conversation: 5,
          seq: 4,
          sender: 11,
          mine: true,
          kind: 'text',
          text: 'hello',
          gift: null,
          photo: null,
          created_at: '2026-01-01T00:00:00Z',
          held: false,
        },
        allowance,
      }),
    );
    const res = await postPhoto(
      '/chats/5',
      { profile_id: '42', text: 'hello', idempotency_key: KEY },
      { bytes: Buffer.alloc(0), name: '' },
    );
    expect(res.status).toBe(303);
    expect(JSON.parse(standIn!.hits('/api/message.php')[0]!.body)).toEqual({ profile_id: 42, text: 'hello' });
    expect(standIn!.hits('/api/photo-message.php')).toEqual([]);
  });

  it("When the composer's page is rendered, then its form is multipart with a photo input inside it, the camera its label", async () => {
    await start();
    const res = await request(app!).get('/chats/5').set('Host', 'site.test').set('Cookie', COOKIE);
    expect(res.status).toBe(200);
    const composer = res.text.match(/<form[^>]*action="\/chats\/5"[^>]*>.*?<\/form>/s)?.[0] ?? '';
    expect(composer).toContain('encType="multipart/form-data"');
    expect(composer).toMatch(/<input[^>]*type="file"[^>]*name="photo"/);
    expect(composer).toMatch(/<label[^>]*data-testid="chat-photo-button"/);
  });
});
