import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, logIn, PHONE, watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The tester's choice on the PSP simulator's hosted checkout page (a plain HTML form). */
async function completeCheckout(page: Page, outcome: 'paid' | 'failed' | 'canceled') {
  await page.waitForURL(/\/checkout\/tr_/);
  await page.getByRole('radio', { name: outcome }).check();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await page.waitForURL(/\/transactions\/\d+$/);
}

describe.skipIf(!runE2e)('credits and payments in the browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ PSP_SIM_SETTLE_MS: '500' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('When a visitor opens the pricing page for Poland, then the bundles show in złoty through Intl', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(`${site.url}/pricing?country=PL`);
    await page.getByRole('heading', { name: 'Credit bundles' }).waitFor();
    const bundles = page.getByTestId('credit-packages');
    await bundles.getByText('PLN 89.99').waitFor();
    expect(await bundles.locator('li').count()).toBe(4);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a new member with 0 credits is in the members area, then the time-bonus banner counts down every second and the modal opens after 40 seconds until he closes it', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: PHONE });
    await page.clock.install();
    await logIn(page, site.url, 'free@demo.test');
    const countdown = page.getByTestId('time-bonus-banner').getByTestId('time-bonus-countdown');
    await countdown.waitFor();
    const first = (await countdown.textContent()) ?? '';
    expect(first).toMatch(/^0[0-3]:[0-5]\d:[0-5]\d$/);
    await page.clock.runFor(3000);
    await expect.poll(() => countdown.textContent()).not.toBe(first);
    expect(await page.getByTestId('time-bonus-modal').count()).toBe(0);
    await page.clock.runFor(41_000);
    const modal = page.getByRole('dialog', { name: 'Your welcome bonus: 25% off' });
    await modal.waitFor();
    await modal.getByTestId('time-bonus-countdown').waitFor();
    await modal.getByRole('button', { name: 'Maybe later' }).click();
    await expect.poll(() => page.getByTestId('time-bonus-modal').count()).toBe(0);
    // Closed is closed: not shown again on the next page.
    await page.goto(`${site.url}/members`);
    await page.clock.runFor(45_000);
    expect(await page.getByTestId('time-bonus-modal').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a free member, inside his time bonus, buys a bundle with iDEAL on a phone, then he pays the discounted price, the credits arrive after the provider confirms, and he is premium', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    await page.getByRole('link', { name: 'Get Premium' }).click();
    await page.waitForURL(/\/premium$/);
    await page.getByRole('heading', { level: 1, name: 'Get Premium' }).waitFor();
    // The time bonus of a member who signed up less than 4 hours ago is applied to the prices.
    await page.getByTestId('discount-applied').filter({ hasText: 'TIMEBONUS25' }).waitFor();
    // List and discounted prices side by side stay inside their bundle cards on a 390 px phone.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('.credit-package-link')].flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > box.right + 0.5).map((e) => e.textContent);
      }),
    );
    expect(overflowing).toEqual([]);
    await page.getByTestId('package-100').click();
    await page.waitForURL(/\/credits\/\d+(\?code=TIMEBONUS25)?$/);
    await page.getByTestId('method-ideal').click();
    await page.getByRole('heading', { name: '3. Choose your bank and pay with iDEAL' }).waitFor();
    // Paying without a bank says so first.
    await page.getByTestId('pay-button').click();
    await page.getByRole('alert').filter({ hasText: 'Choose your bank.' }).waitFor();
    await page.getByLabel('Your bank', { exact: true }).selectOption({ label: 'ING' });
    expect(await page.getByTestId('pay-button').textContent()).toContain('14.99');
    // The pay form's route action runs in the page (the router): no page is posted; the checkout opens.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest() && new URL(r.url()).origin === site.url) pagePosts.push(r.url());
    });
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/checkout\/tr_/);
    expect(pagePosts).toEqual([]);
    await completeCheckout(page, 'paid');
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    await page.getByText('100 credits have been added to your account.').waitFor();
    // Premium now: the navigation offers the credits link instead of Get Premium (the balance shows to a free member
    // too, so the sign is Get Premium going).
    await expect.poll(() => page.getByRole('link', { name: 'Get Premium' }).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('link', { name: 'Credits' }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a payment fails on a desktop, then he sees "Payment failed" and buys with another method', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP, '/credits');
    await page.getByTestId('package-250').click();
    await page.getByTestId('method-creditcard').click();
    await page.getByTestId('pay-button').click();
    await completeCheckout(page, 'failed');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor({ timeout: 20_000 });
    await page.getByText('The payment failed. No money was taken and no credits were added.').waitFor();
    await page.getByTestId('retry-other-method').click();
    await page.getByTestId('method-paypal').click();
    await page.getByTestId('pay-button').click();
    await completeCheckout(page, 'paid');
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    await page.goto(`${site.url}/transactions`);
    await page.getByTestId('balance').filter({ hasText: '370 credits' }).waitFor();
    expect(await page.getByTestId('transactions').getByRole('row').count()).toBe(3);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a member refunds a purchase from /transactions, then the amount is shown before he confirms and his balance drops by the unused credits', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE, '/transactions');
    const panel = page.getByTestId('refund-panel');
    await panel.getByText('100 unused credits of 100', { exact: false }).waitFor();
    await panel.getByText('€14.99 back', { exact: false }).waitFor();
    await panel.getByTestId('refund-button').click();
    // The confirmation's form runs the page's route action through the router: no page is posted.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await panel.getByTestId('confirm-refund').filter({ hasText: '€14.99' }).click();
    await panel.getByRole('status').filter({ hasText: 'Your refund is being processed' }).waitFor();
    expect(pagePosts).toEqual([]);
    await page.getByTestId('balance').filter({ hasText: '0 credits' }).waitFor();
    await page.getByTestId('refunds').getByText('100 credits refunded for €14.99 (done)').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a premium member opens the credits link, then he repeats his last order in one step', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/credits/repeat-order');
    await page.getByTestId('repeat-order').getByText('250 credits for €44.99 with PayPal.').waitFor();
    await page.getByTestId('repeat-button').click();
    await completeCheckout(page, 'paid');
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a member pays by direct debit on a phone, then he fills in the form, types the code from the SMS, and the credits arrive once the debit is settled', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/credits');
    await page.getByTestId('package-100').click();
    await page.getByTestId('method-directdebit').click();
    await page.waitForURL(/\/directdebit\?package=\d+/);
    // Both steps run the page's action in the page (the router): no page is posted to the server.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await page.locator('html[data-hydrated]').waitFor();
    // An empty form is answered field by field.
    await page.getByTestId('direct-debit-submit').click();
    await page.getByText('Please fill in this field.').first().waitFor();
    await page.getByLabel('Account holder').fill('Pieter Jansen');
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
    await page.getByLabel('Street').fill('Keizersgracht');
    await page.getByLabel('House number').fill('12');
    await page.getByLabel('Postcode').fill('1015 CS');
    await page.getByLabel('City').fill('Amsterdam');
    await page.getByLabel('Mobile number').fill('06 12345678');
    await page.getByRole('checkbox').check();
    await page.getByTestId('direct-debit-submit').click();
    await page.getByText('This IBAN is not valid.').waitFor();
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByTestId('direct-debit-submit').click();
    await page.getByTestId('direct-debit-code').waitFor();
    const smsDir = join(site.dataDir, 'sms');
    const latest = readdirSync(smsDir).sort().at(-1) as string;
    const code = /\b(\d{6})\b/.exec(readFileSync(join(smsDir, latest), 'utf8').split('\n\n')[1] ?? '')?.[1] as string;
    await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('direct-debit-confirm').click();
    await page.getByText('Code invalid').waitFor();
    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByTestId('direct-debit-confirm').click();
    await page.waitForURL(/\/transactions\/\d+$/);
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    expect(pagePosts).toEqual([]);
    // Nothing typed is kept once the debit is confirmed.
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('directDebit.')))).toEqual([]);
    expect(problems.filter((p) => !/status of (422|403)/.test(p))).toEqual([]);
    await page.context().close();
  });
});
