import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

// Without JavaScript nothing hydrates: the navigations wait for the document only.
const loaded = { waitUntil: 'domcontentloaded' } as const;

/** A member logged in with the plain login form, in a browser with JavaScript off. */
async function memberWithoutJs(browser: Browser, siteUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/login`, loaded);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/members/, loaded);
  return page;
}

/**
 * On the provider's hosted test checkout: pays, and comes back to the payment's page, which is loaded again (no
 * polling without JavaScript) until the provider's webhook has settled the payment.
 */
async function payAtTestCheckout(page: Page): Promise<void> {
  await page.waitForURL(/\/checkout\/tr_/, loaded);
  await page.getByRole('radio', { name: 'paid' }).check();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await page.waitForURL(/\/transactions\/\d+$/, loaded);
  await expect
    .poll(
      async () => {
        await page.reload(loaded);
        return page.getByRole('heading', { name: 'Payment completed' }).count();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThan(0);
}

describe.skipIf(!runE2e)('credits, swipes and gifts without JavaScript', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ PSP_SIM_SETTLE_MS: '300' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('When JavaScript is off, then a member buys a bundle through the test checkout, and asks a refund after confirming it on the page', async () => {
    const page = await memberWithoutJs(browser, site.url, 'free@demo.test');
    await page.goto(`${site.url}/credits`, loaded);
    await page.getByTestId('package-100').click();
    await page.waitForURL(/\/credits\/\d+/, loaded);
    await page.getByTestId('method-ideal').click();
    await page.waitForURL(/\/credits\/\d+\/ideal/, loaded);

    // Without a bank the backend refuses: the page comes back with its message (no JSON, no 500).
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && /\/credits\/\d+\/ideal/.test(r.url()));
    await page.getByTestId('pay-button').click();
    expect((await refused).status()).toBe(200);
    await page.getByRole('alert').first().waitFor();

    // With a bank the form answers 303 to the payment's page, which forwards to the provider's hosted checkout.
    await page.getByLabel('Your bank', { exact: true }).selectOption({ label: 'ING' });
    const started = page.waitForResponse((r) => r.request().method() === 'POST' && /\/credits\/\d+\/ideal/.test(r.url()));
    await page.getByTestId('pay-button').click();
    expect((await started).status()).toBe(303);
    await payAtTestCheckout(page);

    // The refund asks first: its button opens the confirmation on the page; confirming posts it.
    await page.goto(`${site.url}/transactions`, loaded);
    const panel = page.getByTestId('refund-panel');
    await panel.getByTestId('refund-button').first().click();
    await page.waitForURL(/\/transactions\?refund=\d+$/, loaded);
    const confirm = panel.getByTestId('refund-confirm');
    await confirm.getByRole('heading').waitFor();
    const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/transactions'));
    await confirm.getByTestId('confirm-refund').click();
    expect((await asked).status()).toBe(303);
    await page.waitForURL(/\/transactions\?refunded=\d+$/, loaded);
    await panel.getByRole('status').filter({ hasText: 'Your refund is being processed' }).waitFor();
    expect(await page.getByTestId('refunds').locator('li').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('When JavaScript is off, then a premium member buys a bundle with PayPal, and repeats that order from /credits/repeat-order', async () => {
    const page = await memberWithoutJs(browser, site.url, 'premium@demo.test');
    await page.goto(`${site.url}/credits`, loaded);
    await page.getByTestId('package-250').click();
    await page.waitForURL(/\/credits\/\d+/, loaded);
    await page.getByTestId('method-paypal').click();
    await page.waitForURL(/\/credits\/\d+\/paypal/, loaded);
    await page.getByTestId('pay-button').click();
    await payAtTestCheckout(page);

    // The page's loader brought the purchases and the bundles: no script needed to show the last order.
    await page.goto(`${site.url}/credits/repeat-order`, loaded);
    await page.getByTestId('repeat-order').getByText('250 credits for €44.99 with PayPal.').waitFor();
    const started = page.waitForResponse((r) => r.request().method() === 'POST' && /\/credits\/\d+\/paypal/.test(r.url()));
    await page.getByTestId('repeat-button').click();
    expect((await started).status()).toBe(303);
    await page.waitForURL(/\/checkout\/tr_/, loaded);
    await page.context().close();
  });

  it('When JavaScript is off, then a member passes and likes cards of the swipe game with its buttons', async () => {
    const page = await memberWithoutJs(browser, site.url, 'premium@demo.test');
    await page.goto(`${site.url}/swipe-game`, loaded);
    const name = () => page.getByTestId('swipe-card').locator('h2').textContent();
    const first = await name();
    const passed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/swipe-game'));
    await page.getByRole('button', { name: /^✕?\s*Pass$/ }).click();
    expect((await passed).status()).toBe(303);
    await page.waitForURL(/\/swipe-game$/, loaded);
    expect(await name()).not.toBe(first);

    const status = () => page.locator('.sg-status').textContent();
    const before = await status();
    const liked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/swipe-game'));
    await page.getByRole('button', { name: /Like$/ }).click();
    expect((await liked).status()).toBe(303);
    await page.waitForURL(/\/swipe-game$/, loaded);
    expect(await status()).not.toBe(before);
    await page.context().close();
  });

  it('When JavaScript is off, then a member opens the gift picker by its link and sends a gift from it', async () => {
    const page = await memberWithoutJs(browser, site.url, 'premium@demo.test');
    await page.locator('.member-grid a[href^="/members/"]').first().click();
    await page.waitForURL(/\/members\/\d+$/, loaded);
    await page.getByTestId('profile-chat').click();
    await page.waitForURL(/\/members\/\d+\/chat$/, loaded);
    await page.getByTestId('chat-gift-button').click();
    await page.waitForURL(/\?gifts=open$/, loaded);
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/members\/\d+\/chat$/.test(r.url()));
    await page.getByTestId('gift-rose').click();
    expect((await sent).status()).toBe(303);
    await page.waitForURL(/\/chats\/\d+#chat-latest$/, loaded);
    await page.getByText('You sent a gift: Rose').first().waitFor();
    await page.context().close();
  });

  it("When JavaScript is off, then a member sends a photo with a caption from the composer (the camera is the file input's label)", async () => {
    const page = await memberWithoutJs(browser, site.url, 'premium@demo.test');
    await page.locator('.member-grid a[href^="/members/"]:not([href$="/report"])').nth(1).click();
    await page.waitForURL(/\/members\/\d+$/, loaded);
    await page.getByTestId('profile-chat').click();
    await page.waitForURL(/\/members\/\d+\/chat$/, loaded);
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#37e' } })
      .png()
      .toBuffer();
    await page.getByTestId('chat-photo-input').setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: photo });
    await page.locator('textarea[name="text"]').fill('The lake this morning');
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/members\/\d+\/chat$/.test(r.url()));
    await page.locator('.chat-composer button[type="submit"]').click();
    expect((await sent).status()).toBe(303);
    await page.waitForURL(/\/chats\/\d+#chat-latest$/, loaded);
    await page.getByRole('button', { name: 'Your photo' }).first().waitFor();
    await page.getByText('The lake this morning').first().waitFor();
    await page.context().close();
  });
});
