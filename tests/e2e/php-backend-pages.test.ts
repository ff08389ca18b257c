import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { PHONE, logIn } from './support/pages';
import { startPhpStandIn, runPhp, type PhpStandIn } from './support/php';
import { startSite, type RunningSite } from './support/server';

/**
 * The site alone in front of a PHP service that speaks the specification, not the contract (tests/fixtures/php-backend:
 * `GET user.php` answers the user itself, his id only in `profile.id`, no address): a member who logs in there is
 * logged in on every page.
 */
describe.skipIf(!runPhp)('the BFF in front of a PHP backend that only has the PHP API calls', () => {
  let php: PhpStandIn | undefined;
  let site: RunningSite;

  beforeAll(async () => {
    php = await startPhpStandIn();
    const phpUrl = php.url;
    // PHP's own session cookie is the login, as the README tells an operator to set it.
    site = await startSite({ BACKEND_URL: phpUrl, AUTH_COOKIE_NAME: 'PHPSESSID' });
  });
  afterAll(async () => {
    await site?.stop();
    php?.stop();
  });

  const pages = ['/', '/login', '/members', '/members/1', '/likes/m/1', '/members?cursor=abc', '/no-such-page'];
  it.each(pages)('When a visitor opens %s, then the page renders without a server error', async (path) => {
    const response = await fetch(`${site.url}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toContain('<html');
    expect(html).toContain('__APP_STATE__');
  });

  it('When the PHP backend sets PHPSESSID at login, then the browser gets it and it comes back on the next call', async () => {
    const login = await fetch(`${site.url}/api/user.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'premium@demo.test', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('PHPSESSID='));
    expect(cookie).toBeTruthy();
    const me = await fetch(`${site.url}/api/user.php`, { headers: { cookie: cookie!.split(';')[0]! } });
    expect(me.status).toBe(200);
    const page = await fetch(`${site.url}/members`, { headers: { cookie: cookie!.split(';')[0]!, accept: 'text/html' } });
    expect(page.status).toBeLessThan(500);
  });

  describe.skipIf(!runE2e)('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it.each([PHONE, { width: 1280, height: 900 }])(
      'When a member logs in through the login form at %o, then every page shows him logged in, as the PHP service knows him',
      async (viewport) => {
        const context = await browser.newContext({ viewport, locale: 'en-US' });
        // The PHP site's domain language is Dutch; he chose English.
        await context.addCookies([{ name: 'locale', value: 'en', url: site.url }]);
        const page = await context.newPage();
        try {
          await logIn(page, site.url, 'premium@demo.test');
          for (const path of ['/me', '/likes/received', '/chats']) {
            await page.goto(`${site.url}${path}`);
            await expect.poll(() => page.getByText('Log in to see your account.').count()).toBe(0);
            expect(await page.getByRole('link', { name: /^log ?in$/i }).count(), path).toBe(0);
          }
          await page.goto(`${site.url}/me`);
          await expect.poll(() => page.getByRole('heading', { name: 'Demo' }).count()).toBe(1);
        } finally {
          await context.close();
        }
      },
    );
  });
});
