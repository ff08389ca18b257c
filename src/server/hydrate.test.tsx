// @vitest-environment jsdom
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { act } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type User } from '../shared/api/client';
import { createApiClient } from '../shared/api/create-client';
import { profileFixture, settingsFixture, userFixture } from '../client/test/fixtures';
import { hydrateApp } from '../client/app/hydrate';
import { loadMessages } from './messages';
import { renderPage, type RenderRequest } from './render';

class FakeResponse extends PassThrough {
  statusCode = 200;
  headersSent = false;
  setHeader() {
    return this;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function serverHtml(
  url: string,
  user: User | null,
  assets: RenderRequest['assets'] = { scripts: [], styles: [] },
  isBot = true,
  members?: () => Promise<Response>,
): Promise<string> {
  const api = createApiClient({
    baseUrl: 'http://backend.test/api',
    fetch: (async (input: Request) => {
      const path = new URL(input.url).pathname;
      if (path === '/api/user.php')
        return user
          ? json(200, { user })
          : json(403, { error: { code: 'authentication_required', message: '' }, authentication_required: true });
      if (path === '/api/members.php' && members) return members();
      if (path === '/api/members.php')
        return json(200, {
          profiles: [profileFixture(), profileFixture({ id: 43, name: 'Tom', main_image: null })],
          next_cursor: 'n',
          total: 30,
        });
      if (path === '/api/chats.php') return json(200, { chats: [], total_unread: 2 });
      if (path === '/api/likes.php') return json(200, { profiles: [], liked_by: [], total_new: 1 });
      return json(404, { error: { code: 'not_found', message: '' } });
    }) as typeof fetch,
  });
  const res = new FakeResponse();
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  await renderPage(
    {
      url,
      locale: 'nl',
      settings: settingsFixture,
      api,
      isBot,
      assets,
      browserLanguage: 'nl-NL',
      log: { warn: () => undefined, error: () => undefined },
      streamAfterMs: 0,
    },
    res as unknown as ServerResponse,
  );
  return Buffer.concat(chunks).toString('utf8');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // One document for every test: the marker of the last hydration goes, as a fresh page has none.
  document.documentElement.removeAttribute('data-hydrated');
});

/**
 * The browser's API client asks `/api/…` (same origin); Node's Request, unlike a browser's, takes no relative URL:
 * resolve it against the page, so the browser's calls reach the `window.fetch` the test watches.
 */
function relativeRequests(): void {
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
      }
    },
  );
}

/** What the browser makes of a streamed page once React's inline script has swapped the content in for the skeleton. */
function completeStream(html: string): string {
  const content = /<div hidden id="S:0">([\s\S]*?)<\/div><script>\$RB=[\s\S]*?<\/script>/.exec(html);
  expect(content).not.toBeNull();
  return html
    .replace(content![0], '')
    .replace(/<!--\$\?--><template id="B:0"><\/template>[\s\S]*?<!--\/\$-->/, () => `<!--$-->${content![1]}<!--/$-->`);
}

describe('hydration', () => {
  it.each([
    ['/', null],
    ['/members', userFixture({ paid_user: true, credits: 4 })],
    ['/members?cursor=abc', null],
    ['/no-such-page', null],
  ])('When %s is hydrated, then React reports no mismatch', async (url, user) => {
    const html = await serverHtml(url, user);
    window.history.replaceState({}, '', url);
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html[^>]*>/, '').replace(/<\/html>$/, '');
    document.documentElement.setAttribute('lang', 'nl');
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
    window.addEventListener('error', onError);
    const before = document.body.innerHTML;
    let root: Awaited<ReturnType<typeof hydrateApp>> | undefined;
    await act(async () => {
      root = await hydrateApp(document);
    });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    window.removeEventListener('error', onError);
    // Server and client renderer share context objects in this one test process; React warns about that only here.
    // (Parts that load after hydration, e.g. a member's like pop-ups, update state outside act(): not about hydration.)
    const real = errors.filter(
      (e) => !(Array.isArray(e) && /Detected multiple renderers|not configured to support act/.test(String(e[0]))),
    );
    expect(real).toEqual([]);
    expect(document.body.innerHTML).toContain('__APP_STATE__');
    expect(document.body.innerHTML.length).toBeGreaterThan(500);
    expect(document.querySelector('h1')?.textContent).toBeTruthy();
    expect(before.includes('__APP_STATE__')).toBe(true);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true); // what the e2e suite waits for
    act(() => root?.unmount());
  });

  it('When a streamed /members is hydrated, then React reports no mismatch and the members come from the streamed data, not a new call', async () => {
    // Server and browser renderer share React's context objects in this one test process, and the server's render of
    // the streamed boundary (resumed once the data came) leaves the router's contexts set: put them back as they were.
    const routerContexts = [UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext] as unknown as Array<{
      _currentValue: unknown;
    }>;
    const before = routerContexts.map((c) => c._currentValue);
    const html = completeStream(await serverHtml('/members', userFixture(), { scripts: [], styles: [] }, false));
    routerContexts.forEach((c, i) => (c._currentValue = before[i]));
    expect(html).toContain('"streamed":true');
    window.history.replaceState({}, '', '/members');
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html[^>]*>/, '').replace(/<\/html>$/, '');
    document.documentElement.setAttribute('lang', 'nl');
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const calls: string[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 500 });
    });
    let root: Awaited<ReturnType<typeof hydrateApp>> | undefined;
    await act(async () => {
      root = await hydrateApp(document);
    });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    const real = errors.filter(
      (e) => !(Array.isArray(e) && /Detected multiple renderers|not configured to support act/.test(String(e[0]))),
    );
    expect(real).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Leden');
    expect(document.body.textContent).toContain('Tom');
    expect(calls.filter((u) => u.includes('members.php'))).toEqual([]);
    act(() => root?.unmount());
  });

  it("When a page rendered whole is hydrated, then the browser router starts from the server's loader data: no call of the page's data goes out again", async () => {
    const html = await serverHtml('/members', userFixture(), { scripts: [], styles: [] }, true);
    const state = JSON.parse(/<script id="__APP_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as {
      loaderData: Record<string, { fallback?: Record<string, unknown> }>;
    };
    expect(Object.values(state.loaderData).some((d) => d.fallback?.['/members.php?limit=24&sort=distance'])).toBe(true);
    window.history.replaceState({}, '', '/members');
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html[^>]*>/, '').replace(/<\/html>$/, '');
    document.documentElement.setAttribute('lang', 'nl');
    const calls: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    relativeRequests();
    vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 500 });
    });
    let root: Awaited<ReturnType<typeof hydrateApp>> | undefined;
    await act(async () => {
      root = await hydrateApp(document);
    });
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(document.body.textContent).toContain('Tom');
    expect(calls.filter((u) => u.includes('members.php') || u.includes('user.php'))).toEqual([]);
    act(() => root?.unmount());
  });

  it('When the streamed data of /members failed after the shell, then the page hydrates without a mismatch into the error state in Dutch', async () => {
    const routerContexts = [UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext] as unknown as Array<{
      _currentValue: unknown;
    }>;
    const before = routerContexts.map((c) => c._currentValue);
    // members.php answers after the user (the shell is out), with a body that is no JSON: the prefetch throws.
    const late = async () => {
      await new Promise((r) => setTimeout(r, 30));
      return new Response('{"profiles": [', { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const html = completeStream(await serverHtml('/members', userFixture(), { scripts: [], styles: [] }, false, late));
    routerContexts.forEach((c, i) => (c._currentValue = before[i]));
    expect(html).toContain('"failed":true');
    window.history.replaceState({}, '', '/members');
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html[^>]*>/, '').replace(/<\/html>$/, '');
    document.documentElement.setAttribute('lang', 'nl');
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    vi.spyOn(window, 'fetch').mockImplementation(async () => new Response('{}', { status: 500 }));
    let root: Awaited<ReturnType<typeof hydrateApp>> | undefined;
    await act(async () => {
      root = await hydrateApp(document);
    });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    const real = errors.filter(
      (e) => !(Array.isArray(e) && /Detected multiple renderers|not configured to support act/.test(String(e[0]))),
    );
    expect(real).toEqual([]);
    expect(document.querySelector('[data-testid="page-data-failed"]')?.textContent).toBe(
      'Er is een fout opgetreden, probeer het later opnieuw.',
    );
    expect(document.querySelector('[data-testid="page-skeleton"]')).toBeNull();
    act(() => root?.unmount());
  });

  it('When the build has a compiled catalogue, then the page fetches it with the entry instead of carrying it, and hydrates with it without a mismatch', async () => {
    // The compiled form `formatjs compile --ast` writes: every message of the page's locale parsed to its ICU AST.
    const compiled = Object.fromEntries(Object.entries(loadMessages('nl')).map(([id, text]) => [id, parse(text)]));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'catalogue-')), 'messages-nl-abc.json');
    writeFileSync(file, JSON.stringify(compiled));
    const url = '/assets/messages-nl-abc.json';
    const html = await serverHtml('/members', userFixture(), {
      scripts: ['/assets/entry.js'],
      styles: [],
      messages: { nl: { url, file } },
    });
    expect(html).toMatch(new RegExp(`\\(document,window,\\["/assets/entry\\.js"\\],\\[[^\\]]*\\],"${url.replace(/[.]/g, '\\.')}",`));
    const stateJson = /<script id="__APP_STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    const state = JSON.parse(stateJson) as { messages?: unknown; messagesUrl?: string };
    expect(state.messages).toBeUndefined();
    expect(state.messagesUrl).toBe(url);
    expect(html).toContain('Leden'); // rendered in Dutch from the compiled catalogue

    window.history.replaceState({}, '', '/members');
    document.documentElement.innerHTML = html.replace(/^<!DOCTYPE html><html[^>]*>/, '').replace(/<\/html>$/, '');
    document.documentElement.setAttribute('lang', 'nl');
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const loaded: string[] = [];
    let root: Awaited<ReturnType<typeof hydrateApp>> | undefined;
    await act(async () => {
      root = await hydrateApp(document, async (u) => {
        loaded.push(u);
        return JSON.parse(JSON.stringify(compiled)) as Record<string, never>;
      });
    });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(loaded).toEqual([url]);
    // (React also notes that this jsdom test is no act() environment: not about hydration.)
    expect(errors.filter((e) => /hydrat|did not match|mismatch/i.test(JSON.stringify(e)))).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Leden');
    act(() => root?.unmount());
  });
});
