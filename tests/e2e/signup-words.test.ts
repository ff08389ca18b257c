import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** Intl's spaces between a number and its unit (no-break, narrow no-break) as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * Signing up without JavaScript with the profile's own words: the one form of the signup page carries the "about me"
 * step's fields (the profile editor's), a broken rule comes back in his language with what he chose kept, and what he
 * said is on his profile once he is in.
 */
describe.skipIf(!runE2e)('signing up with his own words without JavaScript', () => {
  let site: RunningSite;
  let browser: Browser;
  // Without JavaScript nothing hydrates: the navigations wait for the document only.
  const loaded = { waitUntil: 'domcontentloaded' } as const;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Posts the signup form and waits for the page that answers it: the post's own status (200 or 303). */
  async function submit(page: Page): Promise<number> {
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.isNavigationRequest());
    const shown = page.waitForEvent('domcontentloaded');
    await page.locator('[data-testid="signup-step-0"] button[type="submit"]').first().click();
    const response = await (await posted).response();
    await shown;
    return response?.status() ?? 0;
  }

  const box = (page: Page, name: string, value: string) => page.locator(`input[type="checkbox"][name="${name}"][value="${value}"]`);

  it('When a visitor signs up on a phone without JavaScript with looking for, position, tribes and a height, then four tribes and a height out of range come back in Dutch with his choices kept, and once corrected his profile shows them', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const email = `nojs-words${Date.now()}@example.test`;
    await page.goto(`${site.url}/locale/nl?return=${encodeURIComponent('/signup')}`, loaded);

    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill('first-password');
    await page.locator('input[name="name"]').fill('Sjoerd');
    await page.locator('input[name="date_of_birth"]').fill('1988-03-14');
    // The editor's fields, by their Dutch names.
    await page.getByRole('group', { name: 'Op zoek naar' }).getByText('Afspraakjes', { exact: true }).click();
    await page.getByLabel('Positie').selectOption('vers_bottom');
    for (const tribe of ['bear', 'otter', 'cub', 'wolf']) await box(page, 'tribes', tribe).check();
    await page.getByLabel('Lengte').fill('300');
    // A ticked chip shows it without JavaScript too (the checkbox's own state): coloured like the ticked ones after a post.
    const background = (name: string, value: string) =>
      box(page, name, value).evaluate((input) => getComputedStyle(input.parentElement as HTMLElement).backgroundColor);
    expect(await background('tribes', 'bear')).not.toBe(await background('tribes', 'jock'));
    // Nothing of the form is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    expect(await submit(page)).toBe(200);
    const form = page.getByTestId('signup-step-0');
    expect(await form.textContent()).toContain('Kies hoogstens 3 types.');
    expect(await form.textContent()).toContain('Vul een lengte in tussen 120 en 230 cm.');
    expect(await page.getByLabel('Lengte').getAttribute('class')).toContain('is-invalid');
    expect(await page.getByLabel('Lengte').inputValue()).toBe('300');
    expect(await box(page, 'looking_for', 'dates').isChecked()).toBe(true);
    expect(await page.getByLabel('Positie').inputValue()).toBe('vers_bottom');
    for (const tribe of ['bear', 'otter', 'cub', 'wolf']) expect(await box(page, 'tribes', tribe).isChecked()).toBe(true);
    expect(await background('tribes', 'otter')).toBe(await background('looking_for', 'dates'));
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Sjoerd');
    expect(await page.getByLabel('Wachtwoord').inputValue()).toBe('');
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();

    await page.getByLabel('Wachtwoord').fill('first-password');
    for (const tribe of ['bear', 'cub', 'wolf']) await box(page, 'tribes', tribe).uncheck();
    await page.getByLabel('Lengte').fill('183');
    expect(await submit(page)).toBe(303);
    expect(page.url()).toContain('signed_up=');
    expect(await page.getByTestId('signup-check-mail').textContent()).toContain(email);

    // His profile, as others see it (in English), says what he chose.
    await page.goto(`${site.url}/locale/en?return=${encodeURIComponent('/profile')}`, loaded);
    await page.getByRole('link', { name: 'See your profile as others see it' }).click();
    await page.waitForURL(/\/members\/\d+$/, loaded);
    const fact = (label: string) =>
      page
        .locator('.profile-facts div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    expect(await fact('Looking for').innerText()).toBe('Dates');
    expect(await fact('Position').innerText()).toBe('Versatile bottom');
    expect(await fact('Tribes').innerText()).toBe('Otter');
    expect(plain(await fact('Height').innerText())).toBe('1.83 m (6 ft, 0 in)');
    expect(await fact('Weight').count()).toBe(0);
    await context.close();
  });
});
