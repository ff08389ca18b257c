import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { type Settings } from '../shared/api/client';
import { createApiClient } from '../shared/api/create-client';
import { profileFixture, settingsFixture, userFixture } from '../client/test/fixtures';
import { renderPage, type RenderRequest } from './render';

type Answer = { status: number; body: unknown } | undefined;
type Handler = (url: URL, request: Request) => Answer | Promise<Answer>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const loggedOut = { status: 403, body: { error: { code: 'authentication_required', message: 'Log in' }, authentication_required: true } };

function fakeApi(handler: Handler) {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    const answer =
      (await handler(url, request)) ??
      (url.pathname === '/api/user.php' ? loggedOut : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    return json(answer.status, answer.body);
  });
  return { api: createApiClient({ baseUrl: 'http://backend.test/api', fetch: fetchStub as unknown as typeof fetch }), calls };
}

class FakeResponse extends PassThrough {
  statusCode = 200;
  headers: Record<string, string> = {};
  headersSent = false;
  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
}

async function render(url: string, handler: Handler, extra: Partial<Omit<RenderRequest, 'log'>> & { settings?: Settings } = {}) {
  const { api, calls } = fakeApi(handler);
  const res = new FakeResponse();
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  let statusAtFirstByte: number | null = null;
  res.once('data', () => {
    statusAtFirstByte = res.statusCode;
  });
  await renderPage(
    {
      url,
      locale: 'en',
      settings: settingsFixture,
      api,
      isBot: false,
      assets: { scripts: ['/assets/entry-client-abc.js'], styles: ['/assets/entry-client-abc.css'] },
      browserLanguage: 'de-DE',
      log: { warn: () => undefined, error: () => undefined },
      streamAfterMs: 0, // streamable pages stream however quick their data (the tests of the wait pass their own)
      ...extra,
    },
    res as unknown as ServerResponse,
  );
  await new Promise((r) => setImmediate(r));
  const html = Buffer.concat(chunks).toString('utf8');
  return { status: res.statusCode, statusAtFirstByte, headers: res.headers, html, calls };
}

function appState(html: string) {
  const match = /<script id="__APP_STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  const state = JSON.parse(match![1]!) as { store: { session: { user: unknown } }; loaderData: Record<string, PageLoaderData> };
  return { raw: match![1]!, state };
}

type PageLoaderData = { fallback?: Record<string, unknown>; errors?: Record<string, unknown> };

/** The SWR fallback and the failures of the page's loaders, as the browser router hydrates them from the app state. */
function loaded(html: string): Required<PageLoaderData> {
  const out = { fallback: {}, errors: {} };
  for (const data of Object.values(appState(html).state.loaderData)) {
    Object.assign(out.fallback, data.fallback);
    Object.assign(out.errors, data.errors);
  }
  return out;
}

function pageData(html: string) {
  const match = /<script id="__PAGE_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return { raw: match![1]!, value: JSON.parse(match![1]!) as { fallback: Record<string, unknown>; errors: Record<string, unknown> } };
}

const evil = '</script><script>alert(1)</script>\u2028';
const memberPage = {
  profiles: [profileFixture({ name: evil }), profileFixture({ id: 43, name: 'Tom', premium: false, online: false })],
  next_cursor: 'c2',
  total: 2,
};

describe('renderPage', () => {
  it('When the URL matches no route, then it answers 404 with the not-found page', async () => {
    const out = await render('/no/such/page', () => undefined);
    expect(out.status).toBe(404);
    expect(out.statusAtFirstByte).toBe(404);
    expect(out.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(out.headers['cache-control']).toBe('private, no-store');
    expect(out.html).toContain('This page could not be found');
    expect(out.html).toContain('Back to the home page');
  });

  it('When a visitor opens /members, then it answers 200 with the members, the title in <head> and escaped state', async () => {
    const out = await render('/members', (url) => (url.pathname === '/api/members.php' ? { status: 200, body: memberPage } : undefined));
    expect(out.status).toBe(200);
    expect(out.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(out.html).toContain('<html lang="en">');
    const head = out.html.slice(0, out.html.indexOf('</head>'));
    expect(head).toContain('<title>Members | Gay Date Test</title>');
    expect(head).toContain('<meta name="description" content="Meet gay men near you."/>');
    expect(head).toContain('<link rel="stylesheet" href="/assets/entry-client-abc.css"/>');
    // The entry is no <head> preload: the bootstrap at the end of the shell loads it once the first screen is painted.
    expect(head).not.toContain('entry-client-abc.js');
    expect(out.html).toMatch(
      /<script[^>]*>\(function \(d, w, entry, modules, catalogue[\s\S]*?\)\(document,window,\["\/assets\/entry-client-abc.js"\],\[/,
    );
    expect(out.html).toMatch(/<\/body><\/html>$/);
    expect(out.html).toContain('Tom');
    expect(out.html).toContain('Next page');
    // The first photos are the largest paint on a phone: fetched before the rest.
    expect(out.html.match(/<img [^>]*fetchpriority="high"/gi)).toHaveLength(2);
    // The page is streamed: the members come after the shell, with their data for hydration in __PAGE_DATA__.
    // The member name cannot break out of that script, and U+2028 is escaped too.
    const data = pageData(out.html);
    expect(data.raw).not.toContain('<');
    expect(data.raw).not.toContain('\u2028');
    expect(data.raw).toContain('\\u003c/script\\u003e');
    expect(data.value.fallback['/members.php?limit=24&sort=distance']).toEqual(memberPage);
    const { state } = appState(out.html);
    expect(state.store.session.user).toBeNull();
    expect(out.html).not.toContain('<script>alert(1)');
  });

  it('When search is closed to visitors, then /members shows the login prompt without calling members.php', async () => {
    const out = await render('/members', () => undefined, {
      settings: { ...settingsFixture, logged_out_search: false },
      hasSession: false,
    });
    expect(out.status).toBe(200);
    expect(out.html).toContain('Log in to see who is online');
    expect(out.calls.some((c) => c.includes('members.php'))).toBe(false);
  });

  it('When search is closed to visitors and the login cookie turns out expired, then the search that went out with user.php is not shown', async () => {
    const out = await render('/members', (url) => (url.pathname === '/api/members.php' ? { status: 200, body: memberPage } : undefined), {
      settings: { ...settingsFixture, logged_out_search: false },
      hasSession: true,
    });
    expect(out.calls).toEqual(expect.arrayContaining(['GET /api/user.php']));
    expect(out.html).toContain('Log in to see who is online');
    expect(out.html).not.toContain('Tom');
    expect(loaded(out.html).fallback).toEqual({});
  });

  it('When the profile does not exist, then it answers 404 with the not-found page', async () => {
    const out = await render('/members/999', () => undefined);
    expect(out.status).toBe(404);
    expect(out.html).toContain('This page could not be found');
    const out2 = await render('/members/abc', () => undefined);
    expect(out2.status).toBe(404);
  });

  it('When a member is logged in, then the user, badges and title prefix are in the first render, from the counts of user.php', async () => {
    const user = userFixture({ paid_user: true, credits: 0 });
    const out = await render(
      '/likes/m/42',
      (url) => {
        if (url.pathname === '/api/user.php') return { status: 200, body: { user, counts: { unread_messages: 120, new_likes: 3 } } };
        if (url.pathname === '/api/likes.php') return { status: 200, body: { profiles: [], liked_by: [], total_new: 3 } };
        if (url.pathname === '/api/profile.php' && url.searchParams.get('id') === '42')
          return {
            status: 200,
            body: {
              profile: {
                ...profileFixture(),
                about: 'Hi there',
                images: [],
                interests: ['music'],
                attributes: { gender: 'male' },
                last_active: null,
              },
            },
          };
        return undefined;
      },
      { isBot: true },
    );
    expect(out.status).toBe(200);
    expect(out.html).toContain('<title>(123) Mark, 31 | Gay Date Test</title>');
    expect(out.html).toContain('99+');
    expect(out.html).toContain('Hi there');
    expect(appState(out.html).state.store.session.user).toMatchObject({ id: 1 });
    expect(out.calls).toContain('GET /api/user.php');
    // No list is loaded for the badges: user.php carries the counts.
    expect(out.calls.some((c) => c.includes('chats.php'))).toBe(false);
    expect(appState(out.html).state.store.session).toMatchObject({ counts: { unread_messages: 120, new_likes: 3 } });
  });

  it('When a free member is inside his time bonus, then the welcome banner and its countdown are in the server HTML (nothing moves in when the page hydrates)', async () => {
    const signup = new Date(Date.now() - 3600_000).toISOString();
    const user = userFixture({ paid_user: false, credits: 0, signup_date: signup });
    // With a photo: the missing-photo notice would come first in the one prompt slot.
    user.profile.main_image = { filename: 'a.jpg', thumb_filename: 'a_t.jpg', status: 'approved', match: 'u/a.jpg' } as never;
    const out = await render(
      '/likes/m/42',
      (url) => {
        if (url.pathname === '/api/user.php') return { status: 200, body: { user, counts: { unread_messages: 0, new_likes: 0 } } };
        if (url.pathname === '/api/profile.php')
          return {
            status: 200,
            body: {
              profile: { ...profileFixture(), about: '', images: [], interests: [], attributes: { gender: 'male' }, last_active: null },
            },
          };
        return undefined;
      },
      { isBot: true },
    );
    expect(out.html).toContain('data-testid="time-bonus-banner"');
    const countdown = /data-testid="time-bonus-countdown">(\d\d:\d\d:\d\d)</.exec(out.html)?.[1];
    expect(countdown).toMatch(/^0[23]:[0-5]\d:[0-5]\d$/);
    const rendered = (appState(out.html).state.store as unknown as { site: { renderedAt: number } }).site.renderedAt;
    expect(Math.abs(rendered - Date.now())).toBeLessThan(60_000);
  });

  it("When a profile link is shared, then the page's head carries og:image and a large Twitter card with the active profile's main photo as an absolute URL", async () => {
    const detail = (main: unknown) => ({
      profile: {
        ...profileFixture({ id: 42 }),
        main_image: main,
        about: 'Hi',
        images: [],
        interests: [],
        attributes: {},
        last_active: null,
      },
    });
    const approved = { id: 7, filename: 'a.jpg', thumb_filename: 'thumbs/a.jpg', status: 'approved', match_path: 'photos/a.jpg' };
    const out = await render(
      '/members/42',
      (url) => (url.pathname === '/api/profile.php' ? { status: 200, body: detail(approved) } : undefined),
      {
        isBot: true,
        publicUrl: 'https://gaydate.example',
      },
    );
    const head = out.html.slice(0, out.html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:image" content="https://gaydate.example/media/photos/a.jpg"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toContain('<meta name="twitter:image" content="https://gaydate.example/media/photos/a.jpg"/>');
    // The viewer's blurred copy is what the preview shows.
    const blurred = await render(
      '/members/42',
      (url) =>
        url.pathname === '/api/profile.php'
          ? { status: 200, body: detail({ ...approved, match_path: 'blurred/a.jpg', locked: true }) }
          : undefined,
      {
        isBot: true,
        publicUrl: 'https://gaydate.example',
      },
    );
    expect(blurred.html).toContain('<meta property="og:image" content="https://gaydate.example/media/blurred/a.jpg"/>');
    // No photo, or one still awaiting moderation: no picture and no card.
    for (const main of [null, { ...approved, status: 'pending' }]) {
      const none = await render(
        '/members/42',
        (url) => (url.pathname === '/api/profile.php' ? { status: 200, body: detail(main) } : undefined),
        {
          isBot: true,
          publicUrl: 'https://gaydate.example',
        },
      );
      expect(none.html).not.toContain('og:image');
      expect(none.html).not.toContain('twitter:card');
    }
    // A hidden or inactive profile is no page at all (404), so it has no preview either.
    const hidden = await render('/members/43', () => undefined, { isBot: true, publicUrl: 'https://gaydate.example' });
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('og:image');
  });

  it('When a member opens /members or a profile, then the page asks user.php and its own call only (no likes list) and the hearts show `liked`', async () => {
    const user = userFixture();
    const handler: Handler = (url) => {
      if (url.pathname === '/api/user.php') return { status: 200, body: { user, counts: { unread_messages: 0, new_likes: 0 } } };
      if (url.pathname === '/api/members.php')
        return {
          status: 200,
          body: {
            ...memberPage,
            profiles: [profileFixture({ id: 42, name: 'Mark', liked: true }), profileFixture({ id: 43, name: 'Tom', liked: false })],
          },
        };
      if (url.pathname === '/api/profile.php')
        return {
          status: 200,
          body: {
            profile: {
              ...profileFixture({ id: 42, liked: true }),
              likes_me: true,
              like_new: false,
              about: 'Hi',
              images: [],
              interests: [],
              attributes: {},
              last_active: null,
            },
          },
        };
      return undefined;
    };
    const list = await render('/members', handler);
    expect(list.status).toBe(200);
    expect([...list.calls].sort()).toEqual(['GET /api/members.php?limit=24&sort=distance', 'GET /api/user.php']);
    // The hearts (the quick filter chips above the grid are toggles too).
    expect(list.html.match(/class="like-toggle is-liked" aria-pressed="true"/g)).toHaveLength(1);
    expect(list.html.match(/class="like-toggle" aria-pressed="false"/g)).toHaveLength(1);
    const profile = await render('/members/42', handler, { isBot: true });
    expect([...profile.calls].sort()).toEqual(['GET /api/profile.php?id=42', 'GET /api/user.php']);
    expect(profile.html).toContain('aria-pressed="true"');
    expect(profile.html).toContain('Match');
  });

  it('When a member opens /chats or a likes tab, then the page streams its skeleton first; an unknown likes tab is still a 404 at the first byte', async () => {
    const handler: Handler = (url) => {
      if (url.pathname === '/api/user.php')
        return { status: 200, body: { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } } };
      if (url.pathname === '/api/chats.php') return { status: 200, body: { chats: [], total_unread: 0 } };
      if (url.pathname === '/api/likes.php') return { status: 200, body: { profiles: [], liked_by: [], total_new: 0 } };
      return undefined;
    };
    for (const path of ['/chats', '/likes/given']) {
      const out = await render(path, handler);
      expect(out.statusAtFirstByte).toBe(200);
      expect(out.html).toMatch(/<!--\$\?--><template id="B:0"><\/template><div aria-busy="true" data-testid="page-skeleton">/);
      expect(Object.keys(pageData(out.html).value.fallback)).toHaveLength(1);
      expect(appState(out.html).raw).toContain('"streamed":true');
    }
    const missing = await render('/likes/nope', handler);
    expect(missing.statusAtFirstByte).toBe(404);
    expect(missing.html).not.toContain('page-skeleton');
  });

  it("When a streamed page's data comes after its shell, then React's inline scripts that reveal it carry the response's CSP nonce", async () => {
    let release: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler: Handler = async (url) => {
      if (url.pathname === '/api/user.php')
        return { status: 200, body: { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } } };
      if (url.pathname === '/api/chats.php') {
        await late;
        return { status: 200, body: { chats: [], total_unread: 0 } };
      }
      return undefined;
    };
    const rendering = render('/chats', handler, { nonce: 'Tn0nce+/=' });
    setTimeout(release, 50);
    const out = await rendering;
    const scripts = [...out.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/json"'));
    expect(out.html).toContain('$RC');
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain('nonce="Tn0nce+/="');
  });

  it("When the build has a lazy chunk for the route, then the page's bootstrap fetches it with the entry, none of it from <head>", async () => {
    const out = await render('/members', () => undefined, {
      nonce: 'Tn0nce',
      assets: {
        scripts: ['/assets/entry.js'],
        styles: [],
        lazyChunks: { 'src/client/app/pages/members-page': ['/assets/members-page-x1.js', '/assets/member-card-x2.js'] },
      },
    });
    const head = out.html.slice(0, out.html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('/assets/entry.js');
    const boot = /<script[^>]* nonce="Tn0nce"[^>]*>(\(function \(d, w, entry[\s\S]*?)<\/script>/.exec(out.html)?.[1];
    expect(boot).toContain('(document,window,["/assets/entry.js"],["/assets/members-page-x1.js","/assets/member-card-x2.js"],"",');
    expect(boot).not.toContain('profile-page');
    expect(out.html).not.toMatch(/<script[^>]*src=/);
  });

  it("When a member opens /members with the filter sheet open, then the sheet's lazy form is in its place in the HTML, every field inside the GET form, and its chunk goes with the page's scripts", async () => {
    const user = userFixture();
    const profiles = Array.from({ length: 24 }, (_, i) => profileFixture({ id: 100 + i, name: `Member ${i}` }));
    const handler: Handler = (url) => {
      if (url.pathname === '/api/user.php') return { status: 200, body: { user, counts: { unread_messages: 0, new_likes: 0 } } };
      if (url.pathname === '/api/members.php') return { status: 200, body: { ...memberPage, profiles } };
      return undefined;
    };
    const assets = {
      scripts: ['/assets/entry.js'],
      styles: [],
      lazyChunks: {
        'src/client/app/pages/members-page': ['/assets/members-page-x1.js'],
        'src/client/features/members/components/search-form': ['/assets/search-form-x3.js', '/assets/members-page-x1.js'],
      },
    };
    const boot = (html: string) => /\(document,window,\[[^\]]*\],(\[[^\]]*\])/.exec(html)?.[1];
    const out = await render('/members?filters=open&tribes=bear&max_distance=lt5', handler, { assets, streamAfterMs: 2_000 });
    expect(out.status).toBe(200);
    const start = out.html.indexOf('<form class="surface search-form" role="search" action="/members" method="get">');
    const end = out.html.indexOf('</form>', start);
    expect(start).toBeGreaterThan(0);
    const form = out.html.slice(start, end);
    for (const field of [
      'gender',
      'country',
      'min_age',
      'max_distance',
      'min_height',
      'max_height',
      'looking_for',
      'position',
      'tribes',
      'sort',
    ])
      expect(form).toContain(`name="${field}"`);
    expect(form).toContain('id="sf-tribes-bear" name="tribes" checked=""');
    expect(form).toContain('type="submit"');
    // Nothing of the page is sent apart to be moved in by a script (which a browser without JavaScript never runs).
    expect(out.html).not.toMatch(/<div hidden id="S:/);
    expect(out.html).not.toContain('$RC');
    expect(JSON.parse(boot(out.html) ?? 'null')).toEqual(['/assets/members-page-x1.js', '/assets/search-form-x3.js']);
    // Closed, the sheet's chunk is not fetched with the page.
    const closed = await render('/members?tribes=bear', handler, { assets, streamAfterMs: 2_000 });
    expect(closed.html).not.toContain('name="min_height"');
    expect(JSON.parse(boot(closed.html) ?? 'null')).toEqual(['/assets/members-page-x1.js']);
  });

  it("When the route's chunk carries a stylesheet of its own, then the page's <head> links it after the entry's; a visitor gets no members' sheet", async () => {
    const assets = {
      scripts: ['/assets/entry.js'],
      styles: ['/assets/entry.css'],
      lazyStyles: {
        'src/client/app/pages/members-page': ['/assets/likes.css'],
        'src/client/app/pages/login-page': [],
        'src/client/app/layouts/member-parts': ['/assets/member-parts.css'],
      },
    };
    const members = await render('/members', () => undefined, { assets });
    const head = members.html.slice(0, members.html.indexOf('</head>'));
    const linked = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(linked).toEqual(['/assets/entry.css', '/assets/likes.css']);
    const login = await render('/login', () => undefined, { assets });
    expect([...login.html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/entry.css']);
    // A member's page: the members' sheet too, before the route's (as the browser loads them), and in the state the
    // browser hydrates with, so the same links stay.
    const user = userFixture({ paid_user: true, credits: 10 });
    const member = await render(
      '/members',
      (url) =>
        url.pathname === '/api/user.php' ? { status: 200, body: { user, counts: { unread_messages: 0, new_likes: 0 } } } : undefined,
      { assets, hasSession: true },
    );
    const memberHead = member.html.slice(0, member.html.indexOf('</head>'));
    expect([...memberHead.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/entry.css',
      '/assets/member-parts.css',
      '/assets/likes.css',
    ]);
    expect((appState(member.html).state as unknown as { styles: string[] }).styles).toEqual([
      '/assets/entry.css',
      '/assets/member-parts.css',
      '/assets/likes.css',
    ]);
  });

  it('When the data of a streamable page comes within streamAfterMs, then the page is rendered whole: no skeleton, the members in the first answer', async () => {
    const out = await render('/members', (url) => (url.pathname === '/api/members.php' ? { status: 200, body: memberPage } : undefined), {
      streamAfterMs: 2_000,
    });
    expect(out.status).toBe(200);
    expect(out.html).not.toContain('page-skeleton');
    expect(out.html).not.toContain('__PAGE_DATA__');
    expect(out.html).not.toContain('"streamed":true');
    expect(loaded(out.html).fallback['/members.php?limit=24&sort=distance']).toEqual(memberPage);
    expect(out.html).toContain('Tom');
  });

  it('When the data of a streamable page takes longer than streamAfterMs, then the skeleton goes out first and the data follows', async () => {
    const handler: Handler = async (url) => {
      if (url.pathname !== '/api/members.php') return undefined;
      await new Promise((r) => setTimeout(r, 120));
      return { status: 200, body: memberPage };
    };
    const out = await render('/members', handler, { streamAfterMs: 20 });
    expect(out.statusAtFirstByte).toBe(200);
    expect(out.html).toContain('data-testid="page-skeleton"');
    expect(pageData(out.html).value.fallback['/members.php?limit=24&sort=distance']).toEqual(memberPage);
  });

  it('When the request carries no login cookie, then the page renders for a visitor without asking user.php', async () => {
    const out = await render('/', () => undefined, { hasSession: false });
    expect(out.status).toBe(200);
    expect(out.calls.filter((c) => c.startsWith('GET /api/user.php'))).toEqual([]);
    expect(appState(out.html).state.store.session.user).toBeNull();
  });

  it('When a call of the page fails at the backend, then the page still renders with its error state, not a 500', async () => {
    const out = await render('/members', (url) =>
      url.pathname === '/api/members.php' ? { status: 404, body: { error: { code: 'not_found', message: 'nope' } } } : undefined,
    );
    expect(out.status).toBe(200);
    expect(out.html).toContain('<h1 class="h3 mb-0">Members</h1>');
    expect(out.html).toContain('role="alert"');
    // The call failed before the first byte: the page is rendered whole, its failure in the loader data for hydration.
    const errors = out.html.includes('__PAGE_DATA__') ? pageData(out.html).value.errors : loaded(out.html).errors;
    expect(errors).toMatchObject({ '/members.php?limit=24&sort=distance': { status: 404 } });
  });

  it('When the page code itself throws while loading a page rendered whole, then it answers 500 with the error page', async () => {
    const out = await render(
      '/members',
      (url) => {
        if (url.pathname === '/api/members.php') throw new TypeError('bug in the page');
        return undefined;
      },
      { isBot: true },
    );
    expect(out.status).toBe(500);
    expect(out.html).toContain('<h1 class="h3">Error</h1>');
    expect(out.html).toContain('500');
  });

  it('When the request carries the session cookie, then only dismissal markers reach the page, never the token', async () => {
    const out = await render('/members', () => undefined, {
      cookieHeader: 'auth=0123456789abcdef0123456789abcdef; PHPSESSID=php-secret; dismissed_entry_warning=1700000000000',
    });
    expect(out.status).toBe(200);
    expect(out.html).not.toContain('0123456789abcdef0123456789abcdef');
    expect(out.html).not.toContain('php-secret');
    expect(out.html).toContain('"dismissals":{"entry_warning":1700000000000}');
  });

  it('When the locale is nl, then the Dutch messages are used', async () => {
    const out = await render('/login', () => undefined, { locale: 'nl' });
    expect(out.html).toContain('<html lang="nl">');
    expect(out.html).toContain('Inloggen');
  });

  it('When the site has its texts in Dutch, then a Dutch page shows the Dutch warning and title, and the state carries no other language', async () => {
    const settings: Settings = {
      ...settingsFixture,
      site_texts: {
        nl: { fictional_warning: 'Profielen met ★ zijn fictieve gastheren.', description: 'Ontmoet mannen bij jou in de buurt.' },
        de: { fictional_warning: 'Mit ★ markierte Profile sind fiktive Gastgeber.' },
      },
    };
    const out = await render('/login', () => undefined, { locale: 'nl', settings });
    expect(out.html).toContain('Profielen met ★ zijn fictieve gastheren.');
    expect(out.html).toContain('<meta name="description" content="Ontmoet mannen bij jou in de buurt."');
    expect(out.html).not.toContain('fiktive Gastgeber');
  });
});
