import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('the account forms without JavaScript', () => {
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

  const withoutJs = (): Promise<BrowserContext> => browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });

  /** The language switch is a link: it works without JavaScript and comes back to `path` in Dutch. */
  const inDutch = (page: Page, path: string) => page.goto(`${site.url}/locale/nl?return=${encodeURIComponent(path)}`, loaded);

  /** Posts the form the button is in and waits for the page that answers it: the post's own status (200 or 303). */
  async function submit(page: Page, form: string): Promise<number> {
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.isNavigationRequest());
    const shown = page.waitForEvent('domcontentloaded');
    await page.locator(`${form} button[type="submit"]`).first().click();
    const response = await (await posted).response();
    await shown;
    return response?.status() ?? 0;
  }

  /** The path (with token) of the newest mailed link to `to` that contains `marker`, read from DATA_DIR/mail. */
  async function mailedPath(to: string, marker: string): Promise<string> {
    const dir = join(site.dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of files) {
        // Quoted-printable soft line breaks are joined before looking for the link.
        const eml = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!eml.includes(`To: ${to}`)) continue;
        const link = eml.match(new RegExp(`https?://[^\\s"<>]*${marker.replace(/[?]/g, '\\?')}[0-9a-f]{64}`))?.[0];
        if (link) return new URL(link).pathname + new URL(link).search;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail with ${marker} to ${to}`);
  }

  it('When JavaScript is off, then a refused signup shows its Dutch error with the fields kept, and a visitor signs up with the one form', async () => {
    const context = await withoutJs();
    const page = await context.newPage();
    const email = `nojs${Date.now()}@example.test`;
    await inDutch(page, '/signup');

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('first-password');
    await page.locator('input[name="name"]').fill('@piet');
    await page.locator('input[name="date_of_birth"]').fill('1990-05-01');
    await page.locator('textarea[name="about"]').fill('Hallo allemaal');
    expect(await submit(page, '[data-testid="signup-step-0"]')).toBe(200);
    expect(await page.locator('[data-testid="signup-step-0"]').textContent()).toContain('Je profielnaam mag niet beginnen met een @');
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    expect(await page.locator('input[name="name"]').inputValue()).toBe('@piet');
    expect(await page.locator('textarea[name="about"]').inputValue()).toBe('Hallo allemaal');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('');
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();

    await page.locator('input[name="password"]').fill('first-password');
    await page.locator('input[name="name"]').fill('Piet');
    expect(await submit(page, '[data-testid="signup-step-0"]')).toBe(303);
    expect(page.url()).toContain('signed_up=');
    expect(await page.getByTestId('signup-check-mail').textContent()).toContain(email);
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeDefined();

    // The activation mail again: the resend link is a form, and its 303 comes back to this page saying so.
    const shownAt = page.url();
    // Right after the signup's own mail the backend refuses (its limit): he stays on the page and reads that it failed.
    expect(await submit(page, '[data-testid="signup-check-mail"] form[action="/activate/error"]')).toBe(303);
    expect(new URL(page.url()).pathname).toBe(new URL(shownAt).pathname);
    expect(new URL(page.url()).searchParams.get('activation_resent')).toBe('0');
    expect(await page.getByTestId('signup-check-mail').textContent()).toContain('Er is een fout opgetreden');
    await context.close();
  });

  it('When JavaScript is off, then a member edits his profile; a refused name comes back in Dutch with the text kept', async () => {
    const context = await withoutJs();
    const page = await context.newPage();
    await inDutch(page, '/login');
    await page.locator('form[action="/login"] input[name="email"]').fill('free@demo.test');
    await page.locator('form[action="/login"] input[name="password"]').fill(DEMO_PASSWORD);
    expect(await submit(page, 'form[action="/login"]')).toBe(303);
    await page.goto(`${site.url}/profile`, loaded);

    await page.locator('input[name="name"]').fill('@jan');
    await page.locator('textarea[name="about"]').fill('Een nieuwe tekst over mij');
    expect(await submit(page, '[data-testid="profile-form"]')).toBe(200);
    expect(await page.getByTestId('profile-form').textContent()).toContain('Je profielnaam mag niet beginnen met een @');
    expect(await page.locator('input[name="name"]').inputValue()).toBe('@jan');
    expect(await page.locator('textarea[name="about"]').inputValue()).toBe('Een nieuwe tekst over mij');

    await page.locator('input[name="name"]').fill('Jan Zonder Script');
    expect(await submit(page, '[data-testid="profile-form"]')).toBe(303);
    expect(page.url()).toMatch(/\/profile\?saved=1$/);
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Jan Zonder Script');
    expect(await page.locator('textarea[name="about"]').inputValue()).toBe('Een nieuwe tekst over mij');

    // Invisible mode: the switch and its Save button are a form; the 303 brings the profile back in the new state.
    const invisible = page.locator('[data-testid="invisible-switch"] input[name="invisible"]');
    await invisible.check();
    expect(await submit(page, '[data-testid="invisible-switch"]')).toBe(303);
    expect(await invisible.isChecked()).toBe(true);
    await invisible.uncheck();
    expect(await submit(page, '[data-testid="invisible-switch"]')).toBe(303);
    expect(await invisible.isChecked()).toBe(false);
    await context.close();
  });

  it('When JavaScript is off, then a member uploads a photo with the upload form; a file that is no photo is refused in Dutch', async () => {
    const context = await withoutJs();
    const page = await context.newPage();
    await inDutch(page, '/login');
    await page.locator('form[action="/login"] input[name="email"]').fill('premium@demo.test');
    await page.locator('form[action="/login"] input[name="password"]').fill(DEMO_PASSWORD);
    expect(await submit(page, 'form[action="/login"]')).toBe(303);
    await inDutch(page, '/profile');
    const upload = 'form[action="/profile"][enctype="multipart/form-data"]';
    const count = async () => page.locator('[aria-labelledby="photos-heading"] img').count();
    const before = await count();

    await page
      .locator(`${upload} input[name="photo"]`)
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('no image') });
    expect(await submit(page, upload)).toBe(200);
    expect(await page.locator('[aria-labelledby="photos-heading"] .alert-danger').textContent()).toMatch(/foto/i);
    expect(await count()).toBe(before);

    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5a3' } })
      .png()
      .toBuffer();
    await page.locator(`${upload} input[name="photo"]`).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    expect(await submit(page, upload)).toBe(303);
    expect(page.url()).toMatch(/\/profile\?uploaded=1$/);
    expect(await page.locator('[aria-labelledby="photos-heading"] .alert-success').textContent()).toContain('Je foto is geüpload');
    expect(await count()).toBe(before + 1);

    // Each photo's buttons are forms too: the new photo is deleted, and the page says so.
    const deletions = page.locator('form[action="/profile"]:has(input[name="intent"][value="photo-delete"])');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.isNavigationRequest());
    const shown = page.waitForEvent('domcontentloaded');
    await deletions.nth(before).locator('button[type="submit"]').click();
    expect((await (await posted).response())?.status()).toBe(303);
    await shown;
    expect(page.url()).toMatch(/\/profile\?photo=deleted$/);
    expect(await page.locator('[aria-labelledby="photos-heading"] .alert-success').textContent()).toContain('Foto verwijderd');
    expect(await count()).toBe(before);
    await context.close();
  });

  it('When JavaScript is off, then a member sets a new password from the mailed link (differing passwords refused in Dutch) and logs in with it', async () => {
    const context = await withoutJs();
    const page = await context.newPage();
    const email = 'premium@demo.test';
    await page.goto(`${site.url}/reset-password`, loaded);
    await page.getByLabel('Your e-mail address').fill(email);
    expect(await submit(page, 'form[action="/reset-password"]')).toBe(303);
    await page.getByTestId('reset-sent').waitFor();

    const link = await mailedPath(email, '/reset-password/do?token=');
    await inDutch(page, link);
    await page.locator('input[name="password"]').fill('new-password-1');
    await page.locator('input[name="password_repeat"]').fill('new-password-2');
    expect(await submit(page, 'form[action^="/reset-password/do"]')).toBe(200);
    expect(await page.locator('form[action^="/reset-password/do"]').textContent()).toContain('De opgegeven wachtwoorden zijn niet gelijk.');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('');

    await page.locator('input[name="password"]').fill('new-password-1');
    await page.locator('input[name="password_repeat"]').fill('new-password-1');
    expect(await submit(page, 'form[action^="/reset-password/do"]')).toBe(303);
    await page.getByTestId('reset-done').waitFor();

    await page.goto(`${site.url}/login`, loaded);
    await page.locator('form[action="/login"] input[name="email"]').fill(email);
    await page.locator('form[action="/login"] input[name="password"]').fill('new-password-1');
    expect(await submit(page, 'form[action="/login"]')).toBe(303);
    expect(page.url()).toMatch(/\/members$/);
    await context.close();
  });
});
