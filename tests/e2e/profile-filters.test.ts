import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The filter sheet's search by what members say of themselves and by distance, on a phone: two members are given
 * their own words in the site's database (the profile editor of them is another page) and the words the demo seeded
 * for everybody else are cleared, so each search below has exactly one right card.
 */
describe.skipIf(!runE2e)('the search by looking for, position, tribes and distance', () => {
  let site: RunningSite;
  let browser: Browser;
  /** A bear, bottom, looking for dates, in the premium member's own cell (under 5 km). */
  let near = 0;
  /** A twink, top, looking for chat, about 70 km away. */
  let far = 0;

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    site = await startSite({}, { database: 'postgres' });
    browser = await launchBrowser();
    const members = await query<{ id: number }>(
      `SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id JOIN sites s ON s.id = u.site_id
       WHERE s.is_default AND u.email NOT LIKE '%@demo.test' AND p.status = 'active' AND NOT p.invisible AND p.listed
       ORDER BY u.id LIMIT 2`,
    );
    [near, far] = members.map((m) => m.id) as [number, number];
    await query(`UPDATE profiles SET looking_for = '{}', position = NULL, tribes = '{}', height_cm = NULL`);
    // Grid cells' centres, as the site stores positions: the premium member and the near member in Amsterdam.
    await query(`UPDATE profiles SET lat = 52.375, lon = 4.875 WHERE user_id = (SELECT id FROM users WHERE email = 'premium@demo.test')`);
    await query(
      `UPDATE profiles SET looking_for = '{dates}', position = 'bottom', tribes = '{bear,leather}', height_cm = 182, lat = 52.375, lon = 4.875
       WHERE user_id = $1`,
      [near],
    );
    await query(
      `UPDATE profiles SET looking_for = '{chat}', position = 'top', tribes = '{twink}', height_cm = 171, lat = 52.975, lon = 4.875
       WHERE user_id = $1`,
      [far],
    );
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** The member ids of the grid's cards. */
  const cardIds = (page: Page) =>
    page
      .locator('.member-grid .member-card')
      .evaluateAll((links) => links.map((a) => Number(/\/members\/(\d+)/.exec(a.getAttribute('href') ?? '')?.[1])));

  it('When a member on a phone chooses position, looking for, tribes and distance in the sheet, then the URL keeps them and the grid shows the one member who fits; in German too', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByTestId('filter-sheet');
    await sheet.getByRole('group', { name: 'Position' }).getByText('Bottom', { exact: true }).click();
    await sheet.getByRole('group', { name: 'Looking for' }).getByText('Dates', { exact: true }).click();
    await sheet.getByRole('group', { name: 'Tribes' }).getByText('Bear', { exact: true }).click();
    await sheet.getByLabel('Distance').selectOption('lt5');
    // The sheet fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await sheet.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/max_distance=lt5&looking_for=dates&position=bottom&tribes=bear/);
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual([near]);
    // Each list is a chip that removes it.
    await expect.poll(() => page.getByTestId('filter-bar').getByRole('button', { name: 'Remove filter: Tribes · 1' }).count()).toBe(1);

    // German: the same sheet in the member's language, another search (position and tribes, no distance).
    // (The address opens the sheet: /members alone would bring back the last search of the tab.)
    await page.goto(`${site.url}/locale/de?return=${encodeURIComponent('/members?filters=open')}`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    const blatt = page.getByTestId('filter-sheet');
    await blatt.getByRole('group', { name: 'Rolle' }).getByText('Aktiv', { exact: true }).click();
    await blatt.getByRole('group', { name: 'Typ' }).getByText('Twink', { exact: true }).click();
    await blatt.getByRole('group', { name: 'Sucht nach' }).getByText('Chatten', { exact: true }).click();
    await blatt.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL(/looking_for=chat&position=top&tribes=twink/);
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual([far]);
    // Back and forward keep the searches.
    await page.goBack();
    await page.waitForURL(/\/members\?filters=open$/);
    await expect.poll(async () => (await cardIds(page)).length, { timeout: 15_000 }).toBeGreaterThan(1);
    await page.goForward();
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual([far]);
    expect(problems).toEqual([]);
  });

  it('When JavaScript is off, then the sheet is a GET form: ticking tribes and a distance and sending it renders the filtered grid', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);
    await page.goto(`${site.url}/members?filters=open`, loaded);
    const form = page.getByRole('search');
    await form.getByRole('group', { name: 'Tribes' }).getByText('Leather', { exact: true }).click();
    await form.getByLabel('Distance').selectOption('5to10');
    await form.getByLabel('Height from').selectOption('180');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/tribes=leather/, loaded);
    expect(new URL(page.url()).searchParams.get('max_distance')).toBe('5to10');
    expect(await cardIds(page)).toEqual([near]);
    await context.close();
  });

  /** The sheet's form is a chunk of its own (sheet-form.tsx): its file in the build, and a page whose copy of it is slow. */
  async function slowSheetChunk(page: Page, ms: number): Promise<void> {
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
    const file = manifest['src/client/features/members/components/search-form.tsx']?.file;
    expect(file).toBeTruthy();
    await page.route(`**/${file}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }

  it('When the sheet is opened right after the page loaded, before its form’s code has come, then it shows the form once the code is there, and it searches', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await slowSheetChunk(page, 1_500);
    // In English again (the first test left the member's language German).
    await page.goto(`${site.url}/locale/en?return=${encodeURIComponent('/members')}`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByTestId('filter-sheet');
    // The sheet opens at once, with the spinner until its form's code is here.
    await sheet.locator('.spinner-border').waitFor();
    await sheet.getByRole('group', { name: 'Position' }).getByText('Bottom', { exact: true }).click();
    await sheet.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/position=bottom/);
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual([near]);
    expect(problems).toEqual([]);
  });

  it('When a page with the sheet open hydrates while its form’s code is still coming, then the server’s form stays and, once hydrated, searches in the page', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await slowSheetChunk(page, 1_500);
    await page.goto(`${site.url}/locale/en?return=${encodeURIComponent('/members?filters=open')}`);
    const sheet = page.getByTestId('filter-sheet');
    // The server's form is there before the page hydrates.
    expect(await sheet.getByRole('group', { name: 'Tribes' }).count()).toBe(1);
    await page.locator('html[data-hydrated]').waitFor();
    await sheet.getByRole('group', { name: 'Tribes' }).getByText('Twink', { exact: true }).click();
    await sheet.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/tribes=twink/);
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual([far]);
    // Searched in the page (the router), not by the browser's form: the sheet closed and no hydration error.
    expect(await page.getByTestId('filter-sheet').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
