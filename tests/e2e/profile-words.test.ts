import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** Intl's spaces between a number and its unit (no-break, narrow no-break) as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe.skipIf(!runE2e)('the profile in his own words on a phone, in English and in German', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('When a member fills in his own words at 390 px, then his profile shows them in English, and another member sees them in German on his profile and card', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE, '/profile');
    await page.locator('html[data-hydrated]').waitFor();
    const words = page.getByTestId('profile-words');
    await words.getByRole('checkbox', { name: 'Dates' }).check();
    await words.getByRole('checkbox', { name: 'Right now' }).check();
    await page.getByLabel('Position').selectOption('versatile');
    await page.getByLabel('Pronouns').selectOption('he_him');
    await page.getByLabel('Height').fill('180');
    await expect.poll(async () => plain(await page.locator('#pf-height_cm-hint').innerText())).toBe('≈ 5 ft, 11 in');
    await page.getByLabel('Weight').fill('82');
    // A fourth tribe is refused beside the list, said at once; unticked, the message goes.
    for (const tribe of ['Bear', 'Otter', 'Cub', 'Wolf']) await page.getByRole('checkbox', { name: tribe, exact: true }).check();
    await expect.poll(() => page.getByText('Choose at most 3 tribes.').count()).toBe(1);
    for (const tribe of ['Cub', 'Wolf']) await page.getByRole('checkbox', { name: tribe, exact: true }).uncheck();
    await expect.poll(() => page.getByText('Choose at most 3 tribes.').count()).toBe(0);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Your profile has been saved.').count()).toBe(1);
    // Nothing of the form is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const id = await page.evaluate(
      async () => ((await (await fetch('/api/my-profile.php')).json()) as { profile: { id: number } }).profile.id,
    );
    await page.goto(`${site.url}/members/${id}`);
    const fact = (label: string) =>
      page
        .locator('.profile-facts div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect.poll(() => fact('Looking for').innerText()).toBe('Dates, Right now');
    expect(await fact('Position').innerText()).toBe('Versatile');
    expect(await fact('Tribes').innerText()).toBe('Bear, Otter');
    expect(plain(await fact('Height').innerText())).toBe('1.80 m (5 ft, 11 in)');
    expect(plain(await fact('Weight').innerText())).toBe('82 kg (181 lb)');
    expect(await fact('Pronouns').innerText()).toBe('he/him');
    expect(problems).toEqual([]);

    // Another member, in German: the profile page in his language and metric only, then the card in the list.
    const other = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await other.page.goto(`${site.url}/locale/de?return=${encodeURIComponent(`/members/${id}`)}`);
    await expect.poll(() => other.page.locator('html').getAttribute('lang')).toBe('de');
    const seen = (label: string) =>
      other.page
        .locator('.profile-facts div')
        .filter({ has: other.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect.poll(() => seen('Sucht').innerText()).toBe('Verabredungen, Jetzt gleich');
    expect(await seen('Rolle').innerText()).toBe('Flexibel');
    expect(await seen('Typen').innerText()).toBe('Bär, Otter');
    expect(plain(await seen('Größe').innerText())).toBe('1,80 m');
    expect(plain(await seen('Gewicht').innerText())).toBe('82 kg');

    await other.page.goto(`${site.url}/members`);
    const brief = other.page.locator(`a[href="/members/${id}"] [data-testid="member-brief"]`).first();
    await expect.poll(async () => plain(await brief.innerText())).toBe('Jetzt gleich Flex · 180 cm');
    // One line, within its card.
    const fits = await brief.evaluate((el) => {
      const card = el.closest('a')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.right <= card.right + 0.5 && box.height < 24;
    });
    expect(fits).toBe(true);
    expect(other.problems).toEqual([]);
  }, 120_000);
});
