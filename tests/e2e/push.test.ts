import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { logIn, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * Offline, Chromium cannot reach a real push service, so the subscription is faked at the `pushManager` level:
 * PushManager.prototype.subscribe/getSubscription answer a subscription of an allowed push service (kept in
 * sessionStorage across reloads). Everything else is real: the permission (granted through the browser context),
 * the service worker registered from the site root, and the save through POST /api/user.php?push=1.
 */
const FAKE_PUSH_MANAGER = `(() => {
  const make = () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-' + (sessionStorage.getItem('fake-push') || ''),
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BJ4uIOhq22S0I_iraFFdQSQTvIu6a-fgvp7GzSS6kJjtKOE59B3FnUSibzSc1-z9qU_ddDAuVvhLxv7Gd4ySRBo', auth: 'P8r95xHrHQdEZN62qVCXgg' } }; },
    unsubscribe: async () => { sessionStorage.removeItem('fake-push'); return true; },
  });
  PushManager.prototype.subscribe = async function () {
    if (!sessionStorage.getItem('fake-push')) sessionStorage.setItem('fake-push', Math.random().toString(36).slice(2));
    return make();
  };
  PushManager.prototype.getSubscription = async function () { return sessionStorage.getItem('fake-push') ? make() : null; };
})();`;

/** With E2E_SCREENSHOTS=<dir>, the new screens are saved there at 390 px to look at. */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage });
}

describe.skipIf(!runE2e)('push notifications in the browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    // The full browser: the headless shell has no push service, so the app would not offer notifications there.
    browser = await launchBrowser({ full: true, serviceWorkers: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  async function context(): Promise<BrowserContext> {
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    await ctx.addInitScript(FAKE_PUSH_MANAGER);
    return ctx;
  }

  it('When a new member allows notifications in signup step 3, then the browser is subscribed and the settings say so', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('E-mail address').fill(`push${Date.now()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add a photo later' }).click();
    await page.getByLabel('Profile name').fill('Pusher');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('signup-push').waitFor();
    await shot(page, 'push-consent-390');
    // The worker a member's page registers has installed (it keeps the app shell first), as it has long before a
    // member has read the question; under the suite's load its install could outlast the subscription's 8 s.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.active), undefined, {
      timeout: 60_000,
    });
    // The member says yes in the browser's prompt.
    await ctx.grantPermissions(['notifications'], { origin: site.url });
    const saved = page.waitForResponse((r) => r.url().includes('/api/user.php?push=1') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Allow notifications' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('signup-check-mail').waitFor();
    // The worker runs from the site root with the build id in its URL.
    const script = await page.evaluate(
      async () =>
        (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(new URL(script ?? '').pathname).toBe('/push-sw.js');
    expect(new URL(script ?? '').searchParams.get('v')).toMatch(/^[a-z0-9]+$/);
    const sw = await page.request.get(`${site.url}/push-sw.js`);
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await page.goto(`${site.url}/notifications`);
    await page.getByRole('button', { name: 'Turn off notifications on this device' }).waitFor();
    await page.getByLabel(/Show the sender’s name/).check();
    await expect.poll(async () => (await page.request.get(`${site.url}/api/push-settings.php`)).json()).toEqual({ previews: true });
    await shot(page, 'push-settings-390', true);
    await ctx.close();
  });

  it('When a member who has not decided has had a match or a message, then the push ask shows (never on his first page, never beside another prompt); turning on subscribes, closing keeps it closed', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await logIn(page, site.url, 'free@demo.test');
    // The first page: the welcome bonus is the one prompt, no push ask.
    const bonus = page.getByTestId('time-bonus-banner');
    await bonus.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('push-alert').count()).toBe(0);
    // A message or a match marks the moment in this browser (chat-realtime.tsx, like-popups.tsx).
    await page.evaluate(() => window.localStorage.setItem('push_moment', '1'));
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('push-alert').count()).toBe(0);
    // Once the bonus banner is closed, the push ask may take the one slot.
    await bonus.getByRole('button', { name: 'Close this message' }).click();
    await page.getByTestId('push-alert').waitFor();
    await shot(page, 'push-alert-390');
    await ctx.grantPermissions(['notifications'], { origin: site.url });
    const saved = page.waitForResponse((r) => r.url().includes('/api/user.php?push=1'));
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('push-alert').count()).toBe(0);
    await ctx.close();

    const other = await context();
    const second = await other.newPage();
    await logIn(second, site.url, 'premium@demo.test');
    await second.waitForLoadState('networkidle');
    expect(await second.getByTestId('push-alert').count()).toBe(0);
    await second.evaluate(() => window.localStorage.setItem('push_moment', '1'));
    await second.reload();
    await second.getByTestId('push-alert').waitFor();
    // A slim banner: a sixth of a 390 × 844 screen at most (it took a quarter before).
    const box = await second.getByTestId('push-alert').boundingBox();
    expect(box?.height).toBeLessThanOrEqual(PHONE.height / 6);
    // Never over the checkout: on the credits page the ask stays away, back on the members it is there again.
    await second.goto(`${site.url}/credits`);
    await second.getByRole('heading', { level: 1 }).waitFor();
    await second.waitForLoadState('networkidle');
    expect(await second.getByTestId('push-alert').count()).toBe(0);
    await second.goto(`${site.url}/members`);
    await second.getByTestId('push-alert').waitFor();
    await second.getByTestId('push-alert').getByRole('button', { name: 'Close this message' }).click();
    await expect.poll(() => second.getByTestId('push-alert').count()).toBe(0);
    await second.reload();
    await second.getByTestId('members-list').or(second.locator('main h1')).first().waitFor();
    await second.waitForLoadState('networkidle');
    expect(await second.getByTestId('push-alert').count()).toBe(0);
    await other.close();
  });

  /** The path (with token) of the newest activation link mailed to `to`, read from DATA_DIR/mail. */
  async function activationPath(to: string): Promise<string> {
    const dir = join(site.dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      for (const f of (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'))) {
        // Quoted-printable soft line breaks are joined before looking for the link.
        const eml = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!eml.includes(`To: ${to}`)) continue;
        const link = /https?:\/\/[^\s"<>]*\/activate\/done\?token=[0-9a-f]{64}/.exec(eml)?.[0];
        if (link) return new URL(link).pathname + new URL(link).search;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no activation mail to ${to}`);
  }

  it('When a new member answers "Not now" to notifications at signup, then it is remembered like closing the ask, and the ask stays away on his next pages even after a match or a message', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const email = `notnow${Date.now()}@example.test`;
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add a photo later' }).click();
    await page.getByLabel('Profile name').fill('Notnow');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('signup-push').waitFor();
    await page.getByTestId('signup-push').getByRole('button', { name: 'Not now' }).click();
    await page.getByTestId('signup-check-mail').waitFor();
    // The same marker as closing the ask's banner: a cookie the server reads on the next page.
    expect((await ctx.cookies()).filter((c) => /^dismissed_push_alert_\d+$/.test(c.name))).toHaveLength(1);

    // Only the push ask may be left to show: the address confirmed (no reminder), the photo notice and the welcome
    // bonus closed, and a meaningful moment marked in this browser.
    await page.goto(`${site.url}${await activationPath(email)}`);
    await page.getByTestId('activate-done').waitFor();
    await page.goto(`${site.url}/members`);
    for (const prompt of ['photo-alert', 'time-bonus-banner']) {
      const shown = page.getByTestId(prompt);
      if ((await shown.count()) > 0) {
        await shown.getByRole('button', { name: 'Close this message' }).click();
        await expect.poll(() => shown.count()).toBe(0);
      }
    }
    await page.evaluate(() => window.localStorage.setItem('push_moment', '1'));
    for (const path of ['/members', '/likes', '/chats']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('push-alert').count()).toBe(0);
    }
    // He can still turn notifications on himself, in his settings.
    await page.goto(`${site.url}/notifications`);
    await page.getByRole('button', { name: /Turn on notifications/ }).waitFor();
    await ctx.close();
  });
});
