import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('a member lives the whole account lifecycle in the browser', () => {
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

  async function login(page: Page, email: string, password: string) {
    await page.goto(`${site.url}/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  it('When a visitor signs up, confirms by mail, gets blocked, resets the password, deletes and takes back the account, then each step shows what he expects', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const email = `journey${Date.now()}@example.test`;

    // Signup, steps 0–4; the draft survives a reload.
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.reload();
    await expect.poll(() => page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add a photo later' }).click();
    await page.getByLabel('Profile name').fill('@journey');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The server's rule (shared with the browser) shows beside the field as soon as the step is left, and the step stays.
    await expect.poll(() => page.getByText('Your profile name must not start with an @').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create my account' }).count()).toBe(0);
    await page.getByLabel('Profile name').fill('Journey');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create my account' }).click();
    // Step 3 ends with the push consent where the browser can still be asked; 'Not now' moves on.
    await page.locator('[data-testid=signup-push], [data-testid=signup-check-mail]').first().waitFor();
    if (await page.getByTestId('signup-push').isVisible()) await page.getByRole('button', { name: 'Not now' }).click();
    await page.getByTestId('signup-check-mail').waitFor();
    expect(await page.getByTestId('signup-check-mail').textContent()).toContain(email);

    // Logged in and not activated: the reminder shows elsewhere.
    await page.goto(`${site.url}/members`);
    await page.getByTestId('activation-alert').waitFor();

    // The mailed link activates the account.
    await page.goto(`${site.url}${await mailedPath(email, '/activate/done?token=')}`);
    await page.getByTestId('activate-done').waitFor();
    await page.goto(`${site.url}/members`);
    expect(await page.getByTestId('activation-alert').count()).toBe(0);
    // The used link lands on activate/error.
    const used = await mailedPath(email, '/activate/done?token=');
    await page.goto(`${site.url}${used}`);
    await page.waitForURL('**/activate/error');
    expect(await page.getByTestId('activate-error').textContent()).toBe('Activation failed');

    // Log out, then six wrong passwords: blocked.
    expect((await page.request.get(`${site.url}/api/logout.php`)).status()).toBe(200);
    for (let i = 0; i < 6; i++) {
      await login(page, email, `wrong-${i}`);
      await page.getByRole('alert').first().waitFor();
    }
    await expect.poll(() => page.getByText('Too many failed attempts, account blocked for 15 min.').count()).toBe(1);

    // Reset the password through the mailed link (which also lifts the account's login locks), then log in with it.
    // The three forms run their route actions in the page (the router): no page is posted to the server.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await page.goto(`${site.url}/reset-password`);
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByTestId('reset-sent').waitFor();
    await page.goto(`${site.url}${await mailedPath(email, '/reset-password/do?token=')}`);
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('New password again').fill('second-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByTestId('reset-done').waitFor();
    expect(pagePosts).toEqual([]);
    await login(page, email, 'second-password');
    await page.waitForURL('**/members');

    // An e-mail switch saves at once through the notifications action in the page (no page post); a reload shows it.
    await page.goto(`${site.url}/notifications`);
    await page.locator('html[data-hydrated]').waitFor();
    const news = page.getByRole('switch', { name: 'News and offers' });
    const wanted = !(await news.isChecked());
    await news.click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await news.isChecked()).toBe(wanted);
    expect(pagePosts).toEqual([]);
    await page.reload();
    await expect.poll(() => news.isChecked()).toBe(wanted);

    // Change the password (a wrong current one refused beside its field), then ask for a new e-mail address: both forms
    // run their route actions in the page, and a change that went through empties the fields.
    await page.goto(`${site.url}/settings`);
    const password = page.getByTestId('change-password');
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password', { exact: true }).fill('third-password');
    await password.getByLabel('New password again').fill('third-password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.locator('.invalid-feedback').first().waitFor();
    await password.getByLabel('Current password').fill('second-password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your password has been changed.').waitFor();
    expect(await password.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    const mail = page.getByTestId('change-email');
    await mail.getByLabel('New e-mail address').fill(`new-${email}`);
    await mail.getByLabel('Current password').fill('third-password');
    await mail.getByRole('button', { name: 'Change e-mail address' }).click();
    await mail.getByText(`We sent a link to new-${email}`).waitFor();
    expect(await mail.getByLabel('Current password').inputValue()).toBe('');
    expect(pagePosts).toEqual([]);

    // Delete the account with a reason; the alternatives show (a wrong password refused beside its field); then take it
    // back through the mailed link. The settings action runs in the page; the session over, the next page loads
    // whole, logged out, and nothing of the member's page is refused (a 403) on the way.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.getByLabel('I want to take a break').check();
    await page.getByTestId('delete-alternative').waitFor();
    const deletion = page.getByTestId('delete-account');
    await deletion.getByLabel('Current password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await deletion.locator('.invalid-feedback').first().waitFor();
    expect(await page.getByLabel('I want to take a break').isChecked()).toBe(true);
    problems.length = 0; // the refusal's own 403 answer of the API
    await deletion.getByLabel('Current password').fill('third-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByTestId('account-deleted').waitFor();
    await page.locator('html[data-hydrated]').waitFor();
    expect(await page.getByLabel('Account of Journey').count()).toBe(0);
    expect(pagePosts).toEqual([]);
    expect(problems).toEqual([]);
    await page.goto(`${site.url}${await mailedPath(email, '/account-deleted?token=')}`);
    await page.getByRole('button', { name: 'Reactivate my account' }).click();
    await page.getByTestId('reactivated').waitFor();
    await login(page, email, 'third-password');
    await page.waitForURL('**/members');
    await context.close();
  });
});
