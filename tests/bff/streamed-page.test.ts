import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { DEFAULT_SETTINGS } from '../../src/bff/default-settings';
import { userFixture } from '../../src/client/test/fixtures';
import { renderPage } from '../../src/server/render';
import { AUTH_REQUIRED, capturingLogger, json, makeApp, setCookies, startStandIn, type StandIn } from './helpers';

/**
 * A streamed page (app/streamed.tsx) whose own data fails: before the first byte it is answered like a page
 * rendered whole (status, error page, cleared login cookie); after it, the content shows the site's error state in the
 * member's language and the failure is logged with the request id.
 */

let standIn: StandIn | undefined;
let app: BffApp | undefined;

afterEach(async () => {
  app?.dispose();
  await standIn?.close();
  standIn = undefined;
  app = undefined;
});

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const member = (_req: unknown, res: ServerResponse) =>
  json(res, 200, { user: userFixture(), counts: { unread_messages: 0, new_likes: 0 } });
/**
 * user.php answers only once the page's own call was answered (the page's prefetch lives in its lazy chunk, which a
 * cold test run may take a while to load), plus a moment: that call has failed before the shell could go out.
 */
const after = (call: string, answer: (req: unknown, res: ServerResponse) => void) => (req: unknown, res: ServerResponse) => {
  const started = Date.now();
  const wait = () => {
    if ((standIn?.hits(call).length ?? 0) > 0 || Date.now() - started > 5_000) return void setTimeout(() => answer(req, res), 100);
    setTimeout(wait, 5);
  };
  wait();
};
/** A 200 whose body is no JSON: the typed client throws, so the page's prefetch throws (not an API error state). */
const broken = (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"profiles": [');
};

const page = (path: string, agent = BROWSER) =>
  request(app as BffApp)
    .get(path)
    .set('Accept', 'text/html')
    .set('User-Agent', agent)
    .set('Cookie', 'auth=abc; locale=nl');

describe('streamed page whose data fails', () => {
  it("When the prefetch of /members throws before the first byte, then 500 with the error page in the member's language, as when rendered whole", async () => {
    standIn = await startStandIn({ '/api/user.php': after('/api/members.php', member), '/api/members.php': broken });
    const logs = capturingLogger();
    app = makeApp(standIn.url, { render: renderPage, logger: logs.logger });
    const res = await page('/members');
    expect(res.status).toBe(500);
    expect(res.text).toContain('<p class="error-code mb-2">500</p>');
    expect(res.text).toContain('<h1 class="h3">Fout</h1>');
    expect(res.text).not.toContain('data-testid="page-skeleton"');
    expect(res.text).not.toContain('__PAGE_DATA__');
    const bot = await page('/members', BOT);
    expect(bot.status).toBe(500);
    const reqId = String(res.headers['x-request-id']);
    await logs.waitFor((line) => line.includes('SSR: prefetch failed') && line.includes(`"reqId":"${reqId}"`));
  });

  it('When members.php answers 403 authentication_required before the first byte, then the answer is the one rendered whole: login prompt, cleared auth cookie, no skeleton', async () => {
    const loggedOut = (_req: unknown, res: ServerResponse) => json(res, 403, AUTH_REQUIRED);
    standIn = await startStandIn({
      '/api/settings.php': (_req: unknown, res: ServerResponse) => json(res, 200, { ...DEFAULT_SETTINGS, logged_out_search: true }),
      '/api/user.php': after('/api/members.php', loggedOut),
      '/api/members.php': loggedOut,
    });
    app = makeApp(standIn.url, { render: renderPage });
    const res = await page('/members');
    const bot = await page('/members', BOT);
    for (const answer of [res, bot]) {
      expect(answer.status).toBe(200);
      expect(setCookies(answer.headers).some((c) => /^auth=;/.test(c))).toBe(true);
      expect(answer.text).toContain('Log in om te zien wie er online is');
      expect(answer.text).not.toContain('data-testid="page-skeleton"');
    }
  });

  it("When the prefetch throws after the shell went out, then the content shows the error state in the member's language (no skeleton left, no empty page) and the failure is logged with the request id", async () => {
    let release: (() => void) | null = null;
    standIn = await startStandIn({
      '/api/user.php': member,
      '/api/members.php': (req: unknown, res: ServerResponse) => {
        release = () => broken(req, res);
      },
    });
    const logs = capturingLogger();
    app = makeApp(standIn.url, { render: renderPage, logger: logs.logger });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; first: string; rest: string; reqId: string }>((resolve, reject) => {
        http
          .get(
            {
              port,
              host: '127.0.0.1',
              path: '/members',
              headers: { Accept: 'text/html', 'User-Agent': BROWSER, Cookie: 'auth=abc; locale=nl' },
            },
            (res) => {
              let first = '';
              let rest = '';
              let shellDone = false;
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                if (shellDone) {
                  rest += chunk;
                  return;
                }
                first += chunk;
                if (!first.includes('</script>', first.indexOf('__APP_STATE__'))) return;
                shellDone = true;
                const fail = () => (release ? release() : void setTimeout(fail, 5));
                fail();
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, first, rest, reqId: String(res.headers['x-request-id']) }));
            },
          )
          .on('error', reject);
      });
      expect(answer.status).toBe(200);
      expect(answer.first).toContain('data-testid="page-skeleton"');
      // The boundary's content replaces the skeleton: the error state, in Dutch, with the data script for hydration.
      expect(answer.rest).toContain('data-testid="page-data-failed"');
      expect(answer.rest).toContain('Er is een fout opgetreden, probeer het later opnieuw.');
      expect(answer.rest).toMatch(/<script id="__PAGE_DATA__" type="application\/json">\{[^<]*"failed":true/);
      await logs.waitFor(
        (line) =>
          line.includes('SSR: prefetch failed after the page was sent') &&
          line.includes(`"reqId":"${answer.reqId}"`) &&
          line.includes('"level":50'),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
