import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { logIn, navigateInApp, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The relative luminance (WCAG) of the body's computed background colour: 0 black … 1 white. */
async function bodyLuminance(page: Page): Promise<number> {
  const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // A transparent body (no stylesheet yet) is no answer either way.
  if (!rgb.startsWith('rgb(')) return Number.NaN;
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function inLanguage(page: Page, site: RunningSite, locale: string, path: string): Promise<void> {
  await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent(path)}`);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
}

describe.skipIf(!runE2e)('one visual language: dark mode, tabs and the phone screens', () => {
  let site: RunningSite;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function memberPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, ...options });
    contexts.push(context);
    const page = await context.newPage();
    await logIn(page, site.url, 'free@demo.test');
    return page;
  }

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await site?.stop();
  });

  it('When the system asks for dark mode, then the server-rendered page is dark before any script runs and names both schemes', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    // No script runs: the page is as the server sent it, once its stylesheet has loaded.
    await page.goto(`${site.url}/login`, { waitUntil: 'domcontentloaded' });
    await page.waitForLoadState('load');
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
    expect(await page.locator('meta[name="color-scheme"]').getAttribute('content')).toBe('light dark');
    const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('media')));
    expect(themeColors.sort()).toEqual(['(prefers-color-scheme: dark)', '(prefers-color-scheme: light)']);

    const light = await browser.newContext({ viewport: PHONE, colorScheme: 'light', javaScriptEnabled: false });
    contexts.push(light);
    const lightPage = await light.newPage();
    await lightPage.goto(`${site.url}/login`, { waitUntil: 'domcontentloaded' });
    await lightPage.waitForLoadState('load');
    expect(await bodyLuminance(lightPage)).toBeGreaterThan(0.85);
  });

  it('When a visitor uses the site in dark mode on a phone, then the landing and login pages are dark and axe finds no serious or critical violation', async () => {
    const visitor = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', reducedMotion: 'reduce' });
    contexts.push(visitor);
    const visitorPage = await visitor.newPage();
    for (const path of ['/', '/login']) {
      await visitorPage.goto(`${site.url}${path}`);
      await visitorPage.waitForLoadState('networkidle');
      expect(await bodyLuminance(visitorPage), path).toBeLessThan(0.05);
      expect(await seriousViolations(visitorPage), path).toEqual([]);
    }
  });

  it(
    'When a member uses the site in dark mode on a phone, then members, a profile, credits, chats, likes and settings are dark and axe finds no serious or critical violation',
    { timeout: 240_000 },
    async () => {
      const page = await memberPage({ colorScheme: 'dark', reducedMotion: 'reduce' });
      await page.locator('.member-grid a.member-card').first().waitFor();
      const profile = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
      // The member moves from page to page in the app, as he would: each page's own colours, not the first one's.
      for (const path of ['/members', profile, '/credits', '/chats', '/likes/received', '/notifications', '/settings']) {
        await navigateInApp(page, path);
        expect(await bodyLuminance(page), path).toBeLessThan(0.05);
        expect(await seriousViolations(page), path).toEqual([]);
      }
    },
  );

  it('When the likes page is shown in German on a 390 × 844 phone, then its tabs stay on one row that scrolls sideways and the current tab is filled', async () => {
    const page = await memberPage();
    await inLanguage(page, site, 'de', '/likes/received');
    const tabs = page.locator('.like-tabs .nav-link');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(3);
    const tops = await tabs.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const bar = await page
      .locator('.like-tabs')
      .evaluate((el) => ({ overflow: getComputedStyle(el).overflowX, wrap: getComputedStyle(el).flexWrap }));
    expect(bar).toEqual({ overflow: 'auto', wrap: 'nowrap' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expect.poll(() => page.locator('.like-tabs .nav-link.active').count()).toBe(1);
  });

  it('When the notification settings are shown in Dutch, then the current tab is marked and says "Meldingen", and Dutch never says "Notificaties"', async () => {
    const page = await memberPage();
    await inLanguage(page, site, 'nl', '/notifications');
    const current = page.locator('nav .nav-link[aria-current="page"]');
    await expect.poll(() => current.textContent()).toBe('Meldingen');
    expect(await current.getAttribute('class')).toContain('active');
    const nl = readFileSync('locales/nl.json', 'utf8');
    expect(nl).not.toMatch(/notificatie/i);
  });

  it('When the swipe game is played on a 360 × 640 phone, then the card and its Like and Pass buttons are on one screen', async () => {
    const page = await memberPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${site.url}/swipe-game`);
    await page.getByTestId('swipe-card').waitFor();
    const bottoms = await page.evaluate(() => {
      const bottom = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity;
      return [bottom('[data-testid="swipe-card"]'), bottom('.sg-like'), bottom('.sg-pass')];
    });
    for (const b of bottoms) expect(b).toBeLessThanOrEqual(640);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });

  it('When a member looks at the footer, then it names his country in his language', async () => {
    const page = await memberPage();
    await inLanguage(page, site, 'nl', '/members');
    const value = page.getByTestId('footer-country').locator('strong');
    const shown = ((await value.textContent()) ?? '').trim();
    // Every region's Dutch name (Intl.DisplayNames answers an unknown code with the code itself).
    const known = await page.evaluate(() => {
      const names = new Intl.DisplayNames(['nl'], { type: 'region' });
      const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
      return letters.flatMap((a) => letters.map((b) => a + b)).flatMap((code) => (names.of(code) === code ? [] : [names.of(code)]));
    });
    expect(known).toContain(shown);
  });
});
