import { request as httpRequest } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('a visitor becomes a member in the browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    // The site a newcomer meets after `npm start`: the embedded database, PGlite in the data directory.
    site = await startSite({}, { database: 'embedded' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** A phone-sized page that records console errors and hydration warnings. */
  const phonePage = (browserLocale = 'en-US') => watchedPage(browser, { locale: browserLocale });

  it('When a visitor lands, logs in with the demo login, browses members, opens a profile, switches language and logs out, then each step shows what a member expects', async () => {
    // A German browser on the English default site: the page starts in English (domain_language) and the
    // language dropdown offers German because of the browser language.
    const { page, problems } = await phonePage('de-DE');

    const landing = await page.goto(`${site.url}/`);
    expect(landing?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    // Server-rendered: the landing page's heading is in the HTML before any script runs.
    expect(await landing?.text()).toContain('<h1');

    await page
      .getByRole('link', { name: /^log ?in$/i })
      .first()
      .click();
    await page.waitForURL(/\/login/);
    await page.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await page.getByLabel(/password/i).fill('demo-password');
    await page.getByRole('button', { name: /log ?in/i }).click();

    await page.waitForURL(/\/members/);
    const cards = page.locator('a[href^="/members/"]');
    await expect.poll(() => cards.count()).toBeGreaterThan(5);

    // Keyset paging: once the page is interactive, "Show more" appends the next page, other members, to the grid.
    const grid = page.locator('.member-grid a.member-card');
    const more = page.getByRole('link', { name: /show more/i });
    await more.waitFor();
    const before = await grid.count();
    await more.click();
    await expect.poll(() => grid.count()).toBeGreaterThan(before);
    const shown = await grid.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(shown).size).toBe(shown.length);

    await cards.first().click();
    await page.waitForURL(/\/members\/\d+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBeTruthy();
    const profileName = (await page.locator('h1').textContent())?.trim() ?? '';
    expect(profileName.length).toBeGreaterThan(0);

    // Language switch through the dropdown; the BFF sets the cookie, saves it for the member and comes back here.
    const profileUrl = page.url();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // On a phone the dropdown shows the globe only; it is named by the current language.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    expect(page.url()).toBe(profileUrl);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('de');

    // Log out from the "me" tab (phones have the tab bar instead of the account menu).
    await page.locator('nav.app-tabs a[href="/me"]').click();
    await page
      .getByRole('button', { name: /abmelden|log ?out/i })
      .or(page.getByRole('link', { name: /abmelden|log ?out/i }))
      .first()
      .click();
    await page.waitForURL(`${site.url}/`);
    await expect.poll(() => page.getByRole('link', { name: /anmelden|log ?in/i }).count()).toBeGreaterThan(0);
    expect((await page.context().cookies()).find((c) => c.name === 'auth')).toBeUndefined();

    expect(problems).toEqual([]);
  });

  it('When a visitor opens an unknown URL, then the 404 page answers with status 404 and a way home', async () => {
    const { page } = await phonePage();
    const response = await page.goto(`${site.url}/this/page/does-not-exist`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('This page could not be found').count()).toBe(1);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${site.url}/`);
  });

  it('When two hosts ask for the landing page, then each gets its own brand and language (settings by host)', async () => {
    const titleFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(site.url);
        const req = httpRequest({ host: url.hostname, port: url.port, path: '/', headers: { host, accept: 'text/html' } }, (res) => {
          let html = '';
          res.on('data', (chunk: Buffer) => (html += chunk.toString()));
          res.on('end', () => resolve(/<title>([^<]*)/.exec(html)?.[1] ?? ''));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await titleFor('localhost')).toContain('ManMatch');
    expect(await titleFor('nl.localhost')).toContain('Mannenmatch');
    // The installable app carries the brand of its host too (BFF /manifest.webmanifest from settings.php).
    const manifestName = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(site.url);
        const req = httpRequest({ host: url.hostname, port: url.port, path: '/manifest.webmanifest', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve((JSON.parse(body) as { name: string }).name));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await manifestName('localhost')).toBe('ManMatch');
    expect(await manifestName('nl.localhost')).toBe('Mannenmatch');
    const { page } = await phonePage();
    await page.goto(`${site.url}/?host=nl.localhost`);
    expect(await page.title()).toContain('Mannenmatch');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
  });
});
