import request from 'supertest';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { AUTH_REQUIRED, json, makeApp, setCookies, startStandIn, type Recorded, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const TOKEN = 'ab'.repeat(32);
const SPENT = 'cd'.repeat(32);
const SESSION = 'auth=0123456789abcdef';

const nl = (req: Recorded) => req.headers['accept-language'] === 'nl';

/** A refusal of the backend with its field, in the member's language. */
const refuse = (res: ServerResponse, code: string, field: string | null, message: string) =>
  json(res, 422, { error: { code, message, ...(field ? { params: { field } } : {}) } });

const myProfile = {
  id: 7,
  name: 'Jan',
  about: 'Hello',
  birth_date: '1990-05-01',
  age: 36,
  country: 'NL',
  region_id: 3,
  attributes: { gender: 'male', sexuality: 'gay', tattoos: null },
  interests: ['music'],
  photos: [],
  photo_limit: 3,
  invisible: false,
  has_location: false,
};

/**
 * The backend of the account forms: a signup that wants a name, a reset link whose token is TOKEN (SPENT is used up), a
 * member's own profile whose name must not start with an @; each refusal in the member's language.
 */
const backend = (loggedIn: boolean) =>
  startStandIn({
    '/api/user.php': (_req: Recorded, res: ServerResponse) =>
      loggedIn ? json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }) : json(res, 403, AUTH_REQUIRED),
    '/api/signup.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { name?: string };
      if (!body.name?.trim()) return refuse(res, 'name_required', 'name', nl(req) ? 'Vul je profielnaam in' : 'Fill in your profile name');
      // PUT finishes a message-first signup (the member's session).
      if (req.method === 'PUT') return json(res, 200, { user: userFixture() });
      return json(res, 200, { success: true }, { 'set-cookie': 'auth=fedcba9876543210; Path=/; HttpOnly' });
    },
    '/api/reset-password.php': (req: Recorded, res: ServerResponse) => {
      const token =
        req.method === 'GET'
          ? new URL(req.url, 'http://x').searchParams.get('token')
          : (JSON.parse(req.body || '{}') as { token?: string }).token;
      if (token !== TOKEN)
        return json(res, 410, {
          error: { code: 'token_invalid', message: nl(req) ? 'Deze link werkt niet meer.' : 'This link no longer works.' },
        });
      if (req.method === 'GET') return json(res, 200, { success: true });
      const body = JSON.parse(req.body) as { password?: string; password_repeat?: string };
      if (body.password !== body.password_repeat)
        return refuse(res, 'passwords_differ', 'password_repeat', nl(req) ? 'De wachtwoorden verschillen.' : 'The passwords differ.');
      return json(res, 200, { success: true });
    },
    '/api/my-profile.php': (_req: Recorded, res: ServerResponse) => json(res, 200, { profile: myProfile }),
    '/api/interests.php': (_req: Recorded, res: ServerResponse) =>
      json(res, 200, {
        interests: [
          { key: 'music', name: 'Music' },
          { key: 'travel', name: 'Travel' },
        ],
      }),
    '/api/regions.php': (_req: Recorded, res: ServerResponse) => json(res, 200, { regions: [{ id: 3, name: 'Utrecht' }] }),
    '/api/profile.php': (req: Recorded, res: ServerResponse) => {
      const body = JSON.parse(req.body || '{}') as { name?: string };
      if (body.name?.startsWith('@'))
        return refuse(
          res,
          'profile_name_at',
          'name',
          nl(req) ? 'Je profielnaam mag niet met een @ beginnen' : 'Your profile name must not start with an @',
        );
      return json(res, 200, { profile: { ...myProfile, ...body } });
    },
  });

/** The opening tag of the page's form posted to `action`, '' when there is none. */
const formTo = (html: string, action: string): string =>
  html.match(/<form\b[^>]*>/g)?.find((tag) => tag.includes(`action="${action}"`)) ?? '';

/** Whether the page has a progressive form (a POST, sent before hydration too) posted to `action`. */
const hasProgressiveForm = (html: string, action: string): boolean => {
  const tag = formTo(html, action);
  return tag.includes('method="post"');
};

const post = (target: string, fields: URLSearchParams | Record<string, string>, cookie: string) =>
  request(app!)
    .post(target)
    .set('Host', 'site.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', 'null')
    .set('Cookie', cookie)
    .type('form')
    .send(new URLSearchParams(fields).toString());

/** The page's checkboxes: name, value and whether they are ticked. */
const checkboxes = (html: string) =>
  (html.match(/<input type="checkbox"[^>]*>/g) ?? []).map((tag) => ({
    name: /name="([^"]*)"/.exec(tag)?.[1],
    value: /value="([^"]*)"/.exec(tag)?.[1],
    checked: / checked=""/.test(tag),
  }));

describe('signing up without JavaScript', () => {
  it('When the signup page is opened, then its form posts to the page with every plain field (the later steps in a noscript)', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get('/signup?network=ads').set('Host', 'site.test').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(hasProgressiveForm(res.text, '/signup?network=ads')).toBe(true);
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(res.text.slice(res.text.indexOf('data-testid="signup-step-0"')))?.[1] ?? '';
    expect(noscript).toContain('name="name"');
    expect(noscript).toContain('name="date_of_birth"');
    expect(noscript).toContain('name="about"');
    // His own words, the profile editor's fields: the lists as checkboxes of one name, choices, the measures.
    const boxes = checkboxes(noscript);
    expect(boxes.filter((b) => b.name === 'looking_for').map((b) => b.value)).toEqual([
      'chat',
      'dates',
      'friends',
      'relationship',
      'right_now',
    ]);
    expect(boxes.filter((b) => b.name === 'tribes')).toHaveLength(14);
    expect(noscript).toContain('<select id="pf-position" name="position"');
    expect(noscript).toContain('<select id="pf-pronouns" name="pronouns"');
    expect(noscript).toContain('name="height_cm"');
    expect(noscript).toContain('name="weight_kg"');
    expect(noscript).toContain('name="words_shown"');
  });

  /** A signup as the browser posts it without JavaScript: the plain fields, then his own words (lists repeated). */
  const withWords = (words: Array<[string, string]>) =>
    new URLSearchParams([
      ['email', 'new@example.test'],
      ['password', 'a-good-password'],
      ['name', 'Piet'],
      ['date_of_birth', '1990-05-01'],
      ['about', 'Hi'],
      ['looking_for', ''],
      ...words,
      ['words_shown', '1'],
    ]);

  it('When the signup is posted with his own words, then the account is created with what he said and nothing he left empty', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/signup',
      withWords([
        ['looking_for', 'right_now'],
        ['looking_for', 'dates'],
        ['position', 'vers_bottom'],
        ['tribes', 'otter'],
        ['height_cm', ' 183 '],
        ['weight_kg', ''],
        ['pronouns', ''],
      ]),
      '',
    );
    expect(res.status).toBe(303);
    expect(JSON.parse(standIn.hits('/api/signup.php')[0]!.body)).toEqual({
      email: 'new@example.test',
      password: 'a-good-password',
      name: 'Piet',
      date_of_birth: '1990-05-01',
      about: 'Hi',
      looking_for: ['dates', 'right_now'],
      position: 'vers_bottom',
      tribes: ['otter'],
      height_cm: 183,
      tracking: {},
    });
  });

  it('When four tribes and a height out of range are posted, then the page says both in Dutch beside them with what he chose kept, and the backend is not asked', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/signup',
      withWords([
        ['looking_for', 'chat'],
        ['position', 'top'],
        ['tribes', 'bear'],
        ['tribes', 'otter'],
        ['tribes', 'cub'],
        ['tribes', 'wolf'],
        ['height_cm', '300'],
        ['weight_kg', '80'],
        ['pronouns', 'he_him'],
      ]),
      'locale=nl',
    );
    expect(res.status).toBe(200);
    expect(standIn.hits('/api/signup.php')).toEqual([]);
    expect(res.text).toContain('Kies hoogstens 3 types.');
    expect(res.text).toContain('Vul een lengte in tussen 120 en 230 cm.');
    expect(res.text).toMatch(/id="pf-height_cm"[^>]*class="form-control is-invalid"[^>]*value="300"/);
    expect(res.text).toMatch(/name="weight_kg"[^>]*value="80"/);
    const checked = checkboxes(res.text)
      .filter((b) => b.checked)
      .map((b) => `${b.name}=${b.value}`);
    expect(checked).toEqual(['looking_for=chat', 'tribes=bear', 'tribes=cub', 'tribes=otter', 'tribes=wolf']);
    expect(res.text).toMatch(/<option value="top" selected="">/);
    expect(res.text).toMatch(/<option value="he_him" selected="">/);
    // The rest of the form as sent, never the password.
    expect(res.text).toContain('value="Piet"');
    expect(res.text).not.toContain('a-good-password');
  });

  it('When the signup is posted, then the account is created with every field and its tracking, and the page answers 303 to the e-mail step with the auth cookie', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/signup?network=ads',
      { email: ' new@example.test ', password: 'a-good-password', name: ' Piet ', date_of_birth: '1990-05-01', about: 'Hi' },
      '',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/signup?network=ads&signed_up=new%40example.test');
    expect(setCookies(res.headers).some((c) => c.startsWith('auth=fedcba9876543210'))).toBe(true);
    expect(JSON.parse(standIn.hits('/api/signup.php')[0]!.body)).toEqual({
      email: 'new@example.test',
      password: 'a-good-password',
      name: 'Piet',
      date_of_birth: '1990-05-01',
      about: 'Hi',
      tracking: { network: 'ads' },
    });
  });

  it('When the e-mail step is opened after the signup, then it says where the confirmation went', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get('/signup?signed_up=new%40example.test').set('Host', 'site.test').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="signup-check-mail"');
    expect(res.text).toContain('<strong>new@example.test</strong>');
  });

  it('When the signup is refused, then the page comes again with the error in Dutch beside its field and the fields as sent, never the password', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/signup',
      { email: 'new@example.test', password: 'a-good-password', name: '', date_of_birth: '1990-05-01', about: 'Over mij' },
      'locale=nl',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Vul je profielnaam in');
    expect(res.text).toMatch(/name="name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="name"/);
    expect(res.text).toContain('value="new@example.test"');
    expect(res.text).toContain('value="1990-05-01"');
    expect(res.text).toContain('Over mij');
    expect(res.text).not.toContain('a-good-password');
    expect(setCookies(res.headers).some((c) => c.startsWith('auth='))).toBe(false);
  });

  it('When a signup with several wrong fields is posted, then the page shows every one beside its field in Dutch at once, and the backend is not asked', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/signup', { email: 'not-an-address', password: 'short', name: '', date_of_birth: '', about: '' }, 'locale=nl');
    expect(res.status).toBe(200);
    for (const message of [
      'Ongeldige e-mail',
      'Je wachtwoord moet minstens 8 tekens hebben.',
      'Vul je profielnaam in',
      'Vul uw geboortedatum in (18+ jaar)',
    ])
      expect(res.text).toContain(message);
    expect(res.text.match(/aria-invalid="true"/g)).toHaveLength(4);
    expect(standIn.hits('/api/signup.php')).toEqual([]);
  });

  it('When a message to a member is posted with neither name nor birth date, then it is the message-first signup to that member', async () => {
    standIn = await backend(false);
    standIn.routes.set('/api/signup.php', (_req, res) => json(res, 200, { success: true }));
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      '/members/42/signup',
      { signup_message: ' Hoi! ', email: 'new@example.test', password: 'a-good-password', name: '', date_of_birth: '', about: '' },
      '',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members/42/signup?signed_up=new%40example.test');
    expect(JSON.parse(standIn.hits('/api/signup.php')[0]!.body)).toEqual({
      email: 'new@example.test',
      password: 'a-good-password',
      signup_message: 'Hoi!',
      recipient_id: 42,
      tracking: {},
    });
  });
});

describe('the mailed links without JavaScript', () => {
  /** A backend whose link tokens are TOKEN (good) or anything else (used up), answered in the member's language. */
  const links = async () => {
    standIn = await backend(false);
    const spend = (ok: () => void) => (req: Recorded, res: ServerResponse) => {
      if ((JSON.parse(req.body || '{}') as { token?: string }).token !== TOKEN)
        return json(res, 410, {
          error: { code: 'token_invalid', message: nl(req) ? 'Deze link werkt niet meer.' : 'This link no longer works.' },
        });
      ok();
      return json(res, 200, { success: true, user: userFixture() }, { 'set-cookie': 'auth=fedcba9876543210; Path=/; HttpOnly' });
    };
    for (const path of ['/api/login-link.php', '/api/activate.php', '/api/mail-change.php', '/api/account.php'])
      standIn.routes.set(
        path,
        spend(() => undefined),
      );
    app = makeApp(standIn.url, { render: renderPage });
  };
  const open = (target: string) => request(app!).get(target).set('Host', 'site.test').set('Accept', 'text/html');

  it('When a mailed link is opened, then nothing is spent: the page shows a form posting its token to the page', async () => {
    await links();
    for (const path of ['/login-link', '/activate/done', '/mail-change/do', '/account-deleted']) {
      const res = await open(`${path}?token=${TOKEN}`);
      expect(res.status, path).toBe(200);
      expect(hasProgressiveForm(res.text, path), path).toBe(true);
      expect(res.text, path).toContain(`name="token" value="${TOKEN}"`);
    }
    expect(standIn!.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('When the tokens are posted, then each is spent and the page answers 303 on: the members with the session cookie, the activation, the changed address, the account back', async () => {
    await links();
    const login = await post('/login-link', { token: TOKEN }, '');
    expect([login.status, login.headers.location]).toEqual([303, '/members']);
    expect(setCookies(login.headers).some((c) => c.startsWith('auth=fedcba9876543210'))).toBe(true);
    expect((await post('/activate/done', { token: TOKEN }, '')).headers.location).toBe('/activate/done');
    expect((await post('/mail-change/do', { token: TOKEN }, '')).headers.location).toBe('/mail-change/do?changed=1');
    expect((await post('/account-deleted', { token: TOKEN }, '')).headers.location).toBe('/account-deleted?reactivated=1');
    const changed = await open('/mail-change/do?changed=1');
    expect(changed.text).toContain('data-testid="mail-change-done"');
  });

  it('When a used token is posted, then the page says so in Dutch (a used activation link leads to the error page)', async () => {
    await links();
    const login = await post('/login-link', { token: SPENT }, 'locale=nl');
    expect(login.status).toBe(200);
    expect(login.text).toContain('Deze link werkt niet meer.');
    expect(setCookies(login.headers).some((c) => c.startsWith('auth='))).toBe(false);
    expect((await post('/mail-change/do', { token: SPENT }, 'locale=nl')).text).toContain('Deze link werkt niet meer.');
    const back = await post('/account-deleted', { token: SPENT }, 'locale=nl');
    expect(back.text).toContain('Deze link werkt niet meer.');
    expect(back.text).toContain(`name="token" value="${SPENT}"`);
    expect((await post('/activate/done', { token: SPENT }, '')).headers.location).toBe('/activate/error');
  });
});

describe('finishing a message-first signup without JavaScript', () => {
  it('When the profile is posted, then it is saved and the page answers 303 to the members; refused, the page comes again with the error in Dutch beside the name and the fields as sent', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get('/complete-signup').set('Host', 'site.test').set('Cookie', SESSION).set('Accept', 'text/html');
    expect(hasProgressiveForm(page.text, '/complete-signup')).toBe(true);

    const refused = await post('/complete-signup', { name: ' ', date_of_birth: '1990-05-01', about: 'Over mij' }, `${SESSION}; locale=nl`);
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Vul je profielnaam in');
    expect(refused.text).toContain('value="1990-05-01"');
    expect(refused.text).toContain('Over mij');

    const saved = await post('/complete-signup', { name: 'Piet', date_of_birth: '1990-05-01', about: '' }, SESSION);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/members');
    expect(JSON.parse(standIn.hits('/api/signup.php').at(-1)!.body)).toEqual({ name: 'Piet', date_of_birth: '1990-05-01', about: '' });
  });
});

describe('a new password from the mailed link without JavaScript', () => {
  it('When the link is opened, then the server checks its token and the page shows the form posting to itself; a used link shows the invalid state', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get(`/reset-password/do?token=${TOKEN}`).set('Host', 'site.test').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(hasProgressiveForm(res.text, `/reset-password/do?token=${TOKEN}`)).toBe(true);
    expect(res.text).toContain('name="password_repeat"');
    const spent = await request(app).get(`/reset-password/do?token=${SPENT}`).set('Host', 'site.test').set('Accept', 'text/html');
    expect(spent.text).toContain('data-testid="reset-link-invalid"');
    expect(spent.text).not.toContain('name="password_repeat"');
  });

  it('When the new password is posted, then it is set with the token and the page answers 303 to say so', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      `/reset-password/do?token=${TOKEN}`,
      { token: TOKEN, password: 'new-secret-1', password_repeat: 'new-secret-1' },
      '',
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/reset-password/do?done=1');
    const put = standIn.hits('/api/reset-password.php').filter((r) => r.method === 'PUT');
    expect(JSON.parse(put[0]!.body)).toEqual({ token: TOKEN, password: 'new-secret-1', password_repeat: 'new-secret-1' });
    const done = await request(app).get('/reset-password/do?done=1').set('Host', 'site.test').set('Accept', 'text/html');
    expect(done.text).toContain('data-testid="reset-done"');
  });

  it('When the passwords differ, then the page comes again with the form, the error in Dutch and no password in it', async () => {
    standIn = await backend(false);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post(
      `/reset-password/do?token=${TOKEN}`,
      { token: TOKEN, password: 'new-secret-1', password_repeat: 'new-secret-2' },
      'locale=nl',
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('De wachtwoorden verschillen.');
    expect(res.text).toMatch(/name="password_repeat"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="password_repeat"/);
    expect(res.text).not.toContain('new-secret-1');
    expect(res.text).not.toContain('new-secret-2');
  });
});

describe("the member's own profile without JavaScript", () => {
  it('When the profile page is opened, then its form posts to the page with the interests and the regions of the saved country', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get('/profile').set('Host', 'site.test').set('Accept', 'text/html').set('Cookie', SESSION);
    expect(res.status).toBe(200);
    expect(hasProgressiveForm(res.text, '/profile')).toBe(true);
    expect(res.text).toMatch(/name="interests"[^>]*value="travel"|value="travel"[^>]*name="interests"/);
    expect(res.text).toContain('Utrecht');
  });

  it('When the profile is posted, then the fields are saved as sent (an empty choice clears, the ticked interests) and the page answers 303 saying so', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const fields = new URLSearchParams([
      ['name', 'Jan B'],
      ['birth_date', '1990-05-01'],
      ['country', 'NL'],
      ['region_id', '3'],
      ['gender', 'male'],
      ['sexuality', ''],
      ['tattoos', 'yes'],
      ['about', 'Nieuw'],
      ['interests_shown', '1'],
      ['interests', 'music'],
      ['interests', 'travel'],
    ]);
    const res = await post('/profile', fields, SESSION);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile?saved=1');
    const saved = JSON.parse(standIn.hits('/api/profile.php').find((r) => r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(saved).toMatchObject({
      name: 'Jan B',
      birth_date: '1990-05-01',
      country: 'NL',
      region_id: 3,
      gender: 'male',
      sexuality: null,
      tattoos: true,
      about: 'Nieuw',
      interests: ['music', 'travel'],
    });
    const shown = await request(app).get('/profile?saved=1').set('Host', 'site.test').set('Accept', 'text/html').set('Cookie', SESSION);
    expect(shown.text).toContain('Your profile has been saved.');
  });

  it('When a form without the interests list is posted, then the interests are left as they are', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/profile', { name: 'Jan' }, SESSION);
    expect(res.status).toBe(303);
    const saved = JSON.parse(standIn.hits('/api/profile.php').find((r) => r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(saved).not.toHaveProperty('interests');
  });

  it('When the backend refuses the name, then the page comes again with the error in Dutch beside it and the fields as sent', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/profile', { name: '@jan', about: 'Nieuwe tekst', interests_shown: '1' }, `${SESSION}; locale=nl`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Je profielnaam mag niet met een @ beginnen');
    expect(res.text).toContain('value="@jan"');
    expect(res.text).toContain('Nieuwe tekst');
  });

  it('When a blocked member is listed, then each has an unblock form; posted, he is unblocked and the page answers 303 back', async () => {
    standIn = await backend(true);
    standIn.routes.set('/api/blocks.php', (_req, res) =>
      json(res, 200, { blocks: [{ id: 42, name: 'Mark', blocked_at: '2026-11-20T10:00:00Z' }] }),
    );
    standIn.routes.set('/api/block.php', (_req, res) => json(res, 200, { success: true }));
    app = makeApp(standIn.url, { render: renderPage });
    const page = await request(app).get('/profile').set('Host', 'site.test').set('Accept', 'text/html').set('Cookie', SESSION);
    expect(page.text).toMatch(/<input type="hidden" name="intent" value="unblock"\/><input type="hidden" name="id" value="42"\/>/);
    expect(page.text).toContain('Unblock Mark');
    const res = await post('/profile', { intent: 'unblock', id: '42' }, SESSION);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile');
    const deleted = standIn.hits('/api/block.php').filter((r) => r.method === 'DELETE');
    expect(deleted.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ id: 42 }]);
    expect(standIn.hits('/api/profile.php').filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('When the session has ended, then the posted profile sends the visitor to the login page', async () => {
    standIn = await backend(true);
    standIn.routes.set('/api/profile.php', (_req, res) => json(res, 403, AUTH_REQUIRED));
    app = makeApp(standIn.url, { render: renderPage });
    const res = await post('/profile', { name: 'Jan' }, SESSION);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
  });
});

describe("the profile's own words without JavaScript", () => {
  /** Whether the page's checkbox `name` with `value` is ticked. */
  const ticked = (html: string, name: string, value: string) =>
    (html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`, 'g')) ?? []).some(
      (tag) => tag.includes(`value="${value}"`) && tag.includes('checked'),
    );

  it('When the profile page is opened, then the own words are fields of its form, with the saved ones ticked', async () => {
    standIn = await backend(true);
    standIn.routes.set('/api/my-profile.php', (_req, res) =>
      json(res, 200, { profile: { ...myProfile, attributes: { ...myProfile.attributes, tribes: ['otter'], height_cm: 180 } } }),
    );
    app = makeApp(standIn.url, { render: renderPage });
    const res = await request(app).get('/profile').set('Host', 'site.test').set('Accept', 'text/html').set('Cookie', SESSION);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/name="looking_for"[^>]*value="right_now"/);
    expect(ticked(res.text, 'tribes', 'otter')).toBe(true);
    expect(ticked(res.text, 'tribes', 'bear')).toBe(false);
    expect(res.text).toMatch(/name="height_cm"[^>]*value="180"|value="180"[^>]*name="height_cm"/);
    expect(res.text).toContain('name="words_shown"');
  });

  it('When the own words are posted, then they are saved as sent (an unticked list and an empty field clear) and the page answers 303', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const fields = new URLSearchParams([
      ['name', 'Jan B'],
      ['words_shown', '1'],
      ['looking_for', 'dates'],
      ['looking_for', 'right_now'],
      ['position', 'vers_bottom'],
      ['height_cm', '180'],
      ['weight_kg', ''],
      ['pronouns', 'he_him'],
    ]);
    const res = await post('/profile', fields, SESSION);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/profile?saved=1');
    const saved = JSON.parse(standIn.hits('/api/profile.php').find((r) => r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(saved).toMatchObject({
      looking_for: ['dates', 'right_now'],
      position: 'vers_bottom',
      tribes: [],
      height_cm: 180,
      weight_kg: null,
      pronouns: 'he_him',
    });
  });

  it('When four tribes and a height in metres are posted, then nothing is sent and the page comes again with both errors in Dutch and the fields as sent', async () => {
    standIn = await backend(true);
    app = makeApp(standIn.url, { render: renderPage });
    const fields = new URLSearchParams([
      ['name', 'Jan B'],
      ['words_shown', '1'],
      ...['bear', 'cub', 'otter', 'wolf'].map((t): [string, string] => ['tribes', t]),
      ['height_cm', '1,80'],
    ]);
    const res = await post('/profile', fields, `${SESSION}; locale=nl`);
    expect(res.status).toBe(200);
    expect(standIn.hits('/api/profile.php').filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(res.text).toContain('Kies hoogstens 3 types.');
    expect(res.text).toContain('Vul een lengte in tussen 120 en 230 cm.');
    expect(res.text).toMatch(/value="1,80"/);
    expect(ticked(res.text, 'tribes', 'wolf')).toBe(true);
  });
});
