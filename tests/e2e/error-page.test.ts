import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The site in front of a backend whose calls fail with 500 (the error page). It answers settings.php (an
 * empty object: the BFF completes it from its defaults) so that /healthz reports it ready.
 */
describe.skipIf(!runE2e)('the error page in the browser', () => {
  let failing: Server;
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    failing = createServer((req, res) => {
      if (req.url?.startsWith('/api/settings.php')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }));
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    site = await startSite({ BACKEND_URL: `http://127.0.0.1:${(failing.address() as AddressInfo).port}` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    failing?.close();
  });

  it('When the backend fails a profile read, then the error page shows the default message and status with a way home', async () => {
    const { page } = await watchedPage(browser);
    const response = await page.goto(`${site.url}/members/5`);
    expect(response?.status()).toBeLessThan(500);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Error' }).count()).toBe(1);
    expect(await page.locator('.error-code').textContent()).toBe('500');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${site.url}/`);
    // The landing page still renders without a backend: the frame, a heading and the way to log in.
    expect(await page.locator('h1').count()).toBe(1);
  });
});
