import request from 'supertest';
import { writeFileSync } from 'node:fs';
import http, { type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import { profileFixture, userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { AUTH_REQUIRED, deadPort, fakeRenderer, json, makeApp, makeDistDir, setCookies, startStandIn, type StandIn } from './helpers';

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const settingsWith = (patch: Record<string, unknown>) => (_req: unknown, res: ServerResponse) =>
  json(res, 200, { ...DEFAULT_SETTINGS, ...patch });

describe('SSR page route', () => {
  it('When no locale cookie is set and domain_language is a locale, then the page uses it and sets the cookie for 365 days', async () => {
    standIn = await startStandIn({ '/api/settings.php': settingsWith({ domain_language: 'de-DE', name: 'Schwul' }) });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/members').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(fake.calls[0]?.locale).toBe('de');
    expect(fake.calls[0]?.settings.name).toBe('Schwul');
    expect(setCookies(res.headers)).toContain('locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('When a valid locale cookie is set, then it wins over domain_language and no cookie is set', async () => {
    standIn = await startStandIn({ '/api/settings.php': settingsWith({ domain_language: 'de' }) });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/').set('Cookie', 'locale=fr');
    expect(fake.calls[0]?.locale).toBe('fr');
    expect(setCookies(res.headers).filter((c) => c.startsWith('locale='))).toEqual([]);
    expect(standIn.hits('/api/settings.php')[0]?.headers['accept-language']).toBe('fr');
  });

  it('When domain_language is not one of the locales, then the page is in en and no cookie is set', async () => {
    standIn = await startStandIn({ '/api/settings.php': settingsWith({ domain_language: 'pt-BR' }) });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/');
    expect(fake.calls[0]?.locale).toBe('en');
    expect(setCookies(res.headers)).toEqual([]);
  });

  it('When settings are loaded, then once per request with host = request host plus the route query; a route host wins', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    await request(app).get('/members?network=abc&country=NL').set('Host', 'gay.example.test:3000');
    await request(app).get('/?host=other.test').set('Host', 'gay.example.test');
    const [first, second] = standIn.hits('/api/settings.php').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(standIn.hits('/api/settings.php')).toHaveLength(2);
    expect(first?.get('host')).toBe('gay.example.test');
    expect(first?.get('network')).toBe('abc');
    expect(first?.get('country')).toBe('NL');
    expect(second?.getAll('host')).toEqual(['other.test']);
  });

  it('When a visitor chooses a country, then it is kept in a cookie and sent with later settings calls; a search filter is not kept', async () => {
    standIn = await startStandIn({
      '/api/settings.php': (req, res) => {
        const country = new URL(req.url ?? '/', 'http://x').searchParams.get('country');
        json(res, 200, { ...DEFAULT_SETTINGS, geoip_selected_country: country ? country.toUpperCase() : null });
      },
    });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    const chosen = await request(app).get('/country/be?return=/pages/terms');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.location).toBe('/pages/terms');
    expect(setCookies(chosen.headers)).toContain('country=BE; Max-Age=31536000; Path=/; SameSite=Lax');
    await request(app).get('/members').set('Accept', 'text/html').set('Cookie', 'country=BE');
    expect(fake.calls[0]?.settings.geoip_selected_country).toBe('BE');
    const search = await request(app).get('/members?country=nl').set('Accept', 'text/html').set('Cookie', 'country=BE');
    expect(fake.calls[1]?.settings.geoip_selected_country).toBe('NL');
    expect(setCookies(search.headers).filter((c) => c.startsWith('country='))).toEqual([]);
    expect((await request(app).get('/country/b3?return=/')).status).toBe(400);
    expect((await request(app).get('/country/de?return=//evil.example')).headers.location).toBe('/');
  });

  it('When the backend is down, then the page still renders 200 with complete default settings and no locale cookie', async () => {
    const fake = fakeRenderer();
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, { render: fake.render });
    const res = await request(app).get('/pages/terms');
    expect(res.status).toBe(200);
    expect(Object.keys(fake.calls[0]!.settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(fake.calls[0]?.locale).toBe('en');
    expect(setCookies(res.headers)).toEqual([]);
  });

  it("When the backend is down, then the renderer's API calls answer 502 backend_unavailable instead of throwing", async () => {
    const answers: Array<{ status: number; code: unknown }> = [];
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, {
      render: async (request, res) => {
        const { response, error } = await request.api.GET('/members.php');
        answers.push({ status: response.status, code: (error as { error?: { code?: unknown } } | undefined)?.error?.code });
        res.end('<!doctype html><html><body>rendered</body></html>');
      },
    });
    const res = await request(app).get('/members').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(answers).toEqual([{ status: 502, code: 'backend_unavailable' }]);
  });

  it('When settings.php answers 404 (a PHP backend without it), then the page renders 200 with defaults', async () => {
    standIn = await startStandIn({ '/api/settings.php': (_req, res) => json(res, 404, { error: { code: 'not_found', message: 'x' } }) });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(fake.calls[0]?.settings.cdn_prefix).toBe('/media/');
  });

  it("When the renderer calls user.php, then it carries the visitor's cookies and request-type, and a 403 clears the auth cookie", async () => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 403, AUTH_REQUIRED) });
    const fake = fakeRenderer({ callUser: true });
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/chats').set('Cookie', 'auth=expired; PHPSESSID=p1').set('x-request-id', 'req-42');
    expect(res.status).toBe(200);
    const hit = standIn.hits('/api/user.php')[0]!;
    expect(hit.headers['request-type']).toBe('client');
    expect(hit.headers.cookie).toBe('auth=expired; PHPSESSID=p1');
    expect(hit.headers['x-request-id']).toBe('req-42');
    expect(setCookies(res.headers).some((c) => /^auth=;.*Max-Age=0/.test(c))).toBe(true);
  });

  it('When the renderer gets the logged-in user, then no auth cookie is cleared', async () => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }) });
    const fake = fakeRenderer({ callUser: true });
    app = makeApp(standIn.url, { render: fake.render });
    const res = await request(app).get('/members').set('Cookie', 'auth=good');
    expect(res.text).toContain('data-user="yes"');
    expect(setCookies(res.headers).filter((c) => c.startsWith('auth='))).toEqual([]);
  });

  it('When the renderer is called, then it gets the url, bot flag, browser language, deadline and manifest assets', async () => {
    standIn = await startStandIn();
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render, env: { RENDER_DEADLINE_MS: '2500' } });
    await request(app)
      .get('/members/12?t=3')
      .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
      .set('Accept-Language', 'nl-BE,nl;q=0.9');
    const call = fake.calls[0]!;
    expect(call.url).toBe('/members/12?t=3');
    expect(call.isBot).toBe(true);
    expect(call.browserLanguage).toBe('nl-BE');
    expect(call.deadlineMs).toBe(2500);
    expect(call.assets).toEqual({
      scripts: ['/assets/entry-client-abc123.js'],
      styles: ['/assets/entry-client-abc123.css', '/assets/vendor-def456.css'],
      messages: {}, // this build has no compiled catalogues (.vite/messages.json)
      lazyChunks: {}, // nor lazy page chunks
      lazyStyles: {}, // nor their stylesheets
    });
  });

  it('When the renderer throws before streaming, then a minimal escaped 500 page is sent', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url, { render: fakeRenderer({ throws: new Error('<script>boom</script>') }).render });
    const res = await request(app).get('/');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).not.toContain('<script>');
  });

  it('When a page is served, then the CSP allows self scripts, style attributes and data: images but no inline scripts', async () => {
    standIn = await startStandIn({ '/api/settings.php': settingsWith({ cdn_prefix: 'https://cdn.example.test/m/' }) });
    app = makeApp(standIn.url);
    const res = await request(app).get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toMatch(/img-src 'self' data:[^;]* https:\/\/cdn\.example\.test/);
  });

  it("When pages are served, then each CSP names a fresh script nonce and the renderer gets that response's nonce", async () => {
    standIn = await startStandIn();
    const renderer = fakeRenderer();
    app = makeApp(standIn.url, { render: renderer.render });
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await request(app).get('/');
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeDefined();
      expect(renderer.calls[i]?.nonce).toBe(nonce);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('When a non-HTML client asks for an unknown path, then 404 JSON, not a page', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    const res = await request(app).get('/nothing').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('language switch /locale/:code', () => {
  it('When /locale/de?return=/members is opened, then the cookie is set and 303 goes to /members', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    const res = await request(app).get('/locale/de?return=/members%3Fpage%3D2');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/members?page=2');
    expect(setCookies(res.headers)).toContain('locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(standIn.hits('/api/user.php')).toHaveLength(0);
  });

  it.each(['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'javascript:alert(1)', ''])(
    'When return is %j (not a same-origin path), then the redirect goes to /',
    async (target) => {
      standIn = await startStandIn();
      app = makeApp(standIn.url);
      const res = await request(app).get(`/locale/fr?return=${encodeURIComponent(target)}`);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it('When an auth cookie is present, then the language is saved with PUT user.php (request-type client, cookies)', async () => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }) });
    app = makeApp(standIn.url);
    const res = await request(app).get('/locale/sv?return=/chats').set('Cookie', 'auth=abc');
    expect(res.status).toBe(303);
    const hit = standIn.hits('/api/user.php')[0]!;
    expect(hit.method).toBe('PUT');
    expect(JSON.parse(hit.body)).toEqual({ language: 'sv' });
    expect(hit.headers['request-type']).toBe('client');
    expect(hit.headers.cookie).toBe('auth=abc');
  });

  it('When saving the language fails, then the switch still works', async () => {
    app = makeApp(`http://127.0.0.1:${await deadPort()}`, { retry: { retries: 0 } });
    const res = await request(app).get('/locale/it?return=/').set('Cookie', 'auth=abc');
    expect(res.status).toBe(303);
    expect(setCookies(res.headers)).toContain('locale=it; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('When the code is not one of the 11 locales, then 400 and no cookie', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    const res = await request(app).get('/locale/xx?return=/');
    expect(res.status).toBe(400);
    expect(setCookies(res.headers)).toEqual([]);
  });
});

describe('health and static files', () => {
  it('When the backend answers, then /healthz (liveness) and /readyz are 200 and /readyz reports the backend reachable', async () => {
    standIn = await startStandIn({ '/healthz': (_req, res) => json(res, 200, { status: 'ok' }) });
    const probed = makeApp(standIn.url);
    app = probed;
    const live = await request(probed).get('/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ ok: true, status: 'live' });
    expect((await request(probed).get('/readyz')).status).toBe(200);
    // The reachability check runs beside the probe (never awaited by it): the next probe carries its result.
    await vi.waitFor(async () => {
      const ready = await request(probed).get('/readyz');
      expect(ready.body).toEqual({ ok: true, status: 'ready', backends: { default: { breaker: 'closed', reachable: true } } });
    });
  });

  it('When the backend is down, then /healthz and /readyz stay 200 (pages still render) and the outage is in the body and the metrics', async () => {
    const down = makeApp(`http://127.0.0.1:${await deadPort()}`, { env: { OPERATOR_TOKEN: 'o'.repeat(32) } });
    app = down;
    expect((await request(down).get('/healthz')).status).toBe(200);
    expect((await request(down).get('/readyz')).status).toBe(200);
    await vi.waitFor(async () => {
      const ready = await request(down).get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.backends.default.reachable).toBe(false);
    });
    const metrics = await request(down)
      .get('/_ops/metrics')
      .set('authorization', `Bearer ${'o'.repeat(32)}`);
    expect(metrics.text).toContain('bff_backend_reachable{backend="default"} 0');
    expect(metrics.text).toContain('bff_ready 1');
  });

  it('When the BFF drains (SIGTERM), then /readyz is 503 draining while /healthz stays 200', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    app.drain();
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('draining');
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('When pages and API calls are served, then the metrics count them per route and status and time the renders', async () => {
    standIn = await startStandIn();
    const token = 't'.repeat(32);
    app = makeApp(standIn.url, { env: { OPERATOR_TOKEN: token } });
    await request(app).get('/').set('accept', 'text/html');
    await request(app).get('/api/no-such-operation.php');
    const text = (await request(app).get('/_ops/metrics').set('authorization', `Bearer ${token}`)).text;
    const counted = text
      .split('\n')
      .filter((line) => line.startsWith('bff_http_requests_total'))
      .join('\n');
    expect(counted).toMatch(/bff_http_requests_total\{route="page",method="GET",status="200"\} 1/);
    expect(counted).toMatch(/bff_http_requests_total\{route="api:undocumented",method="GET",status="\d+"\} 1/);
    expect(text).toMatch(/bff_page_render_duration_seconds_count 1/);
    expect(text).toContain('bff_event_streams_open 0');
  });

  it('When a hashed asset is requested, then it is cached for a year as immutable; a missing asset is a 404', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    const res = await request(app).get('/assets/entry-client-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(app).get('/assets/missing.js')).status).toBe(404);
  });

  it('When another build file is requested, then it gets a short cache; the Vite manifest is never served, nor a file for a page’s path', async () => {
    standIn = await startStandIn();
    const dist = makeDistDir();
    // A page's path is never looked up as a file, even where one of that name lies in the build.
    writeFileSync(path.join(dist, 'members'), 'not a page');
    app = makeApp(standIn.url, { env: { DIST_DIR: dist } });
    const icon = await request(app).get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const manifest = await request(app).get('/.vite/manifest.json');
    expect(manifest.text).not.toContain('entry-client-abc123');
    const page = await request(app).get('/members');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toBe('not a page');
  });
});

describe('open redirects: /locale and /country return paths', () => {
  it.each([
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\/evil.example',
    '//evil.example',
    'https:evil.example',
    'http://evil.example@bff.invalid/',
    'http://placeholder.invalid//evil.example/x',
  ])('When return is %j, then /locale and /country redirect to / (never to another host)', async (target) => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    for (const switcher of ['/locale/en', '/country/NL']) {
      const res = await request(app).get(`${switcher}?return=${encodeURIComponent(target)}`);
      expect(res.status, switcher).toBe(303);
      expect(res.headers.location, switcher).toBe('/');
    }
  });

  it('When return is a path here with dot segments, then the redirect goes to the normalised path on this site', async () => {
    standIn = await startStandIn();
    app = makeApp(standIn.url);
    const res = await request(app).get(`/country/NL?return=${encodeURIComponent('/pages/../members?x=1#top')}`);
    expect(res.headers.location).toBe('/members?x=1#top');
  });
});

describe('language and country switch from another site', () => {
  it.each(['cross-site', 'same-site'])(
    "When /locale/de is opened with Sec-Fetch-Site: %s, then the member's language is not saved and no cookie is set, only the redirect",
    async (site) => {
      standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }) });
      app = makeApp(standIn.url);
      const res = await request(app).get('/locale/de?return=/members').set('Cookie', 'auth=abc; locale=nl').set('Sec-Fetch-Site', site);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/members');
      expect(setCookies(res.headers)).toEqual([]);
      expect(standIn.hits('/api/user.php')).toHaveLength(0);
    },
  );

  it('When /locale/de is linked from another site without Fetch Metadata but with a foreign Referer, then nothing is saved either', async () => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }) });
    app = makeApp(standIn.url);
    const res = await request(app)
      .get('/locale/de?return=/')
      .set('Host', 'site.test')
      .set('Cookie', 'auth=abc')
      .set('Referer', 'https://evil.test/');
    expect(res.status).toBe(303);
    expect(setCookies(res.headers)).toEqual([]);
    expect(standIn.hits('/api/user.php')).toHaveLength(0);
  });

  it.each([
    ['same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['an old browser without Fetch Metadata', {}],
  ])('When /locale/de comes from %s, then the cookie is set and the language saved', async (_label, headers: Record<string, string>) => {
    standIn = await startStandIn({ '/api/user.php': (_req, res) => json(res, 200, { user: { id: 1 } }) });
    app = makeApp(standIn.url);
    const res = await request(app).get('/locale/de?return=/').set('Cookie', 'auth=abc').set(headers);
    expect(setCookies(res.headers)).toContain('locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(standIn.hits('/api/user.php')).toHaveLength(1);
  });

  it.each(['cross-site', 'same-site'])(
    'When /country/BE is opened with Sec-Fetch-Site: %s, then no country cookie is set, only the redirect',
    async (site) => {
      standIn = await startStandIn();
      app = makeApp(standIn.url);
      const res = await request(app).get('/country/BE?return=/members').set('Sec-Fetch-Site', site);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/members');
      expect(setCookies(res.headers)).toEqual([]);
      const same = await request(app).get('/country/BE?return=/members').set('Sec-Fetch-Site', 'same-origin');
      expect(setCookies(same.headers)).toContain('country=BE; Max-Age=31536000; Path=/; SameSite=Lax');
    },
  );
});

describe('settings per host, cached', () => {
  it('When pages of one host follow each other, then settings are asked once and reused; the Server-Timing header tells the calls of each page', async () => {
    standIn = await startStandIn({ '/api/settings.php': settingsWith({ name: 'Cached' }) });
    const fake = fakeRenderer({ callUser: true });
    app = makeApp(standIn.url, { render: fake.render });
    const first = await request(app).get('/members').set('Cookie', 'auth=abc');
    const second = await request(app).get('/members').set('Cookie', 'auth=abc');
    expect(standIn.hits('/api/settings.php')).toHaveLength(1);
    expect(fake.calls.map((c) => c.settings.name)).toEqual(['Cached', 'Cached']);
    expect(first.headers['server-timing']).toMatch(/settings;desc="miss", backend;dur=[\d.]+;desc="2 calls in 2 waves"/);
    expect(second.headers['server-timing']).toMatch(/settings;desc="hit", backend;dur=[\d.]+;desc="1 calls in 1 waves"/);
    // Another host (or query) is another key.
    await request(app).get('/members').set('Host', 'other.example.test');
    expect(standIn.hits('/api/settings.php')).toHaveLength(2);
  });

  it('When a member opens /members, then user.php (with the badge counts) and the page data go out in one wave, 2 calls and no likes list', async () => {
    let membersSeenWhileUserPending = false;
    standIn = await startStandIn({
      // user.php answers only once the page's own call has arrived (or after 2 s): a page that waited for the user
      // first would never let the two overlap.
      '/api/user.php': (_req: unknown, res: ServerResponse) => {
        const started = Date.now();
        const answer = () => {
          membersSeenWhileUserPending = (standIn?.hits('/api/members.php').length ?? 0) > 0;
          if (!membersSeenWhileUserPending && Date.now() - started < 2_000) return void setTimeout(answer, 5);
          json(res, 200, { user: userFixture(), counts: { unread_messages: 4, new_likes: 2 } });
        };
        answer();
      },
      '/api/members.php': (_req: unknown, res: ServerResponse) => json(res, 200, { profiles: [], next_cursor: null, total: 0 }),
      '/api/likes.php': (_req: unknown, res: ServerResponse) => json(res, 200, { profiles: [], liked_by: [], total_new: 2 }),
    });
    app = makeApp(standIn.url, { render: renderPage });
    await request(app).get('/members').set('Cookie', 'auth=abc').set('Accept', 'text/html'); // settings into the cache
    membersSeenWhileUserPending = false;
    const res = await request(app).get('/members').set('Cookie', 'auth=abc').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(membersSeenWhileUserPending).toBe(true);
    const [, calls, waves] = /desc="(\d+) calls in (\d+) waves"/.exec(String(res.headers['server-timing'])) ?? [];
    expect(Number(calls)).toBeLessThanOrEqual(2);
    expect(Number(waves)).toBe(1);
    expect(standIn.hits('/api/chats.php')).toHaveLength(0);
    // The like hearts read `liked` of each card: no likes.php for them.
    expect(standIn.hits('/api/likes.php')).toHaveLength(0);
    // The badges and the title prefix come from user.php's counts.
    expect(res.text).toMatch(/<title>\(6\) /);
  });

  it('When members.php is slow, then the first chunk of /members already carries the navigation and the skeleton, and the members follow', async () => {
    let release: (() => void) | null = null;
    let membersAnswered = false;
    standIn = await startStandIn({
      '/api/user.php': (_req: unknown, res: ServerResponse) =>
        json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } }),
      // Held until the test has read the first chunk.
      '/api/members.php': (_req: unknown, res: ServerResponse) => {
        release = () => {
          membersAnswered = true;
          json(res, 200, { profiles: [profileFixture({ id: 43, name: 'Tommy', liked: true })], next_cursor: null, total: 1 });
        };
      },
    });
    app = makeApp(standIn.url, { render: renderPage });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { status, first, answeredAtFirst, rest } = await new Promise<{
        status: number;
        first: string;
        answeredAtFirst: boolean;
        rest: string;
      }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', path: '/members', headers: { Accept: 'text/html', Cookie: 'auth=abc' } }, (res) => {
            let first = '';
            let shellDone = false;
            let answeredAtFirst = true;
            let rest = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (shellDone) {
                rest += chunk;
                return;
              }
              // The shell (it may come in several socket reads) ends with the app state.
              first += chunk;
              if (!first.includes('</script>', first.indexOf('__APP_STATE__'))) return;
              shellDone = true;
              answeredAtFirst = membersAnswered;
              // members.php is answered only now: the page can only finish after the shell.
              const waitForCall = () => (release ? release() : void setTimeout(waitForCall, 5));
              waitForCall();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, first, answeredAtFirst, rest }));
          })
          .on('error', reject);
      });
      expect(status).toBe(200);
      expect(answeredAtFirst).toBe(false);
      // The shell: head with title and hreflang, the top navigation, the busy skeleton, and no member yet.
      expect(first).toContain('<title>Members | ');
      expect(first).toContain('hrefLang="nl"');
      expect(first).toContain('class="top-nav');
      expect(first).toMatch(/<div aria-busy="true" data-testid="page-skeleton">/);
      expect(first).not.toContain('Tommy');
      // Then the members and their data for hydration.
      expect(rest).toContain('Tommy');
      expect(rest).toContain('<script id="__PAGE_DATA__" type="application/json">');
      expect(rest).toContain('aria-pressed="true"');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('When settings.php fails, then the page renders with default settings and the next page asks again', async () => {
    let n = 0;
    standIn = await startStandIn({
      '/api/settings.php': (_req: unknown, res: ServerResponse) =>
        ++n === 1 ? json(res, 404, { error: { code: 'not_found', message: 'no' } }) : json(res, 200, { ...DEFAULT_SETTINGS, name: 'Back' }),
    });
    const fake = fakeRenderer();
    app = makeApp(standIn.url, { render: fake.render });
    await request(app).get('/');
    await request(app).get('/');
    await request(app).get('/');
    expect(standIn.hits('/api/settings.php')).toHaveLength(2);
    expect(fake.calls.map((c) => c.settings.name).slice(1)).toEqual(['Back', 'Back']);
  });
});
