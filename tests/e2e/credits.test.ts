import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
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

  it('When a free member, inside his time bonus, buys a bundle with iDEAL on a phone, then he pays the discounted price, the credits arrive after the provider confirms, and he is premium', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    await page.getByRole('link', { name: 'Get Premium' }).click();
    await page.waitForURL(/\/premium$/);
    await page.getByRole('heading', { level: 1, name: 'Get Premium' }).waitFor();
    // The time bonus of a member who signed up less than 4 hours ago is applied to the prices.
    await page.getByTestId('discount-applied').filter({ hasText: 'TIMEBONUS25' }).waitFor();
    await page.getByTestId('package-100').click();
    await page.waitForURL(/\/credits\/\d+(\?code=TIMEBONUS25)?$/);
    await page.getByTestId('method-ideal').click();
    await page.getByRole('heading', { name: '3. Choose your bank and pay with iDEAL' }).waitFor();
    // Paying without a bank says so first.
    await page.getByTestId('pay-button').click();
    await page.getByRole('alert').filter({ hasText: 'Choose your bank.' }).waitFor();
    await page.getByLabel('Your bank', { exact: true }).selectOption({ label: 'ING' });
    expect(await page.getByTestId('pay-button').textContent()).toContain('14.99');
    await page.getByTestId('pay-button').click();
    await completeCheckout(page, 'paid');
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    await page.getByText('100 credits have been added to your account.').waitFor();
    // Premium now: the navigation offers the credits link instead of Get Premium.
    await expect.poll(() => page.getByRole('link', { name: 'Credits' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a payment fails on a desktop, then he sees "Payment failed" and buys with another method', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    await page.goto(`${site.url}/credits`);
    await page.getByTestId('package-250').click();
    await page.getByTestId('method-creditcard').click();
    await page.getByTestId('pay-button').click();
    await completeCheckout(page, 'failed');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor({ timeout: 20_000 });
    await page.getByText('The payment failed or was cancelled.', { exact: false }).waitFor();
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
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    await page.goto(`${site.url}/transactions`);
    const panel = page.getByTestId('refund-panel');
    await panel.getByText('100 unused credits of 100', { exact: false }).waitFor();
    await panel.getByText('€14.99 back', { exact: false }).waitFor();
    await panel.getByTestId('refund-button').click();
    await panel.getByTestId('confirm-refund').filter({ hasText: '€14.99' }).click();
    await panel.getByRole('status').filter({ hasText: '€14.99 is being refunded' }).waitFor();
    await page.getByTestId('balance').filter({ hasText: '0 credits' }).waitFor();
    await page.getByTestId('refunds').getByText('100 credits refunded for €14.99 (done)').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a premium member opens the credits link, then he repeats his last order in one step', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await page.goto(`${site.url}/credits/repeat-order`);
    await page.getByTestId('repeat-order').getByText('250 credits for €44.99 with PayPal.').waitFor();
    await page.getByTestId('repeat-button').click();
    await completeCheckout(page, 'paid');
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
