import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The prices with a code his unpaid order holds: answered 409 `code_reserved`, which the browser logs as a failed load. */
const RESERVED_CODE_ANSWER = /status of 409 .*\/api\/credit-packages\.php\?discount_code=TIMEBONUS25/;

/** The number of the order whose page the member is on (`/transactions/{id}`). */
const orderOf = (page: Page): number => Number(/\/transactions\/(\d+)/.exec(page.url())?.[1]);

/** On the provider's hosted test checkout, the member walks away: back to the shop, the payment left open. */
async function leaveCheckoutUnpaid(page: Page, options?: { waitUntil: 'domcontentloaded' }): Promise<number> {
  await page.waitForURL(/\/checkout\/tr_/, options);
  await page.getByRole('link', { name: 'Back to the shop without paying' }).click();
  await page.waitForURL(/\/transactions\/\d+$/, options);
  return orderOf(page);
}

/** On the provider's hosted test checkout, the member pays. */
async function payAtCheckout(page: Page, options?: { waitUntil: 'domcontentloaded' }): Promise<void> {
  await page.waitForURL(/\/checkout\/tr_/, options);
  await page.getByRole('radio', { name: 'paid' }).check();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await page.waitForURL(/\/transactions\/\d+$/, options);
}

describe.skipIf(!runE2e)('an unpaid order in the browser', () => {
  let site: RunningSite;
  let browser: Browser;

  /**
   * A newcomer of the demo site: a seeded member in the Netherlands (euro prices) made new — signed up now, unpaid,
   * reading English, with the demo password — so his time bonus runs (the demo's staff accounts are no customers and
   * have no welcome discount). Answers his address.
   */
  async function newcomer(offset: number): Promise<string> {
    const client = new pg.Client({ connectionString: site.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>(
        `UPDATE users SET signup_date = now(), paid_user = false, credits = 0, language = 'en',
                password_hash = (SELECT password_hash FROM users WHERE email = 'free@demo.test')
          WHERE id = (SELECT u.id FROM users u JOIN sites s ON s.id = u.site_id AND s.is_default
                       JOIN profiles p ON p.user_id = u.id AND p.country = 'NL'
                       WHERE u.email LIKE 'member%@seed.invalid' AND u.status = 'active' AND u.role = 'member'
                         AND NOT u.paid_user ORDER BY u.id OFFSET $1 LIMIT 1)
          RETURNING email`,
        [offset],
      );
      return rows[0]?.email as string;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    // On PostgreSQL, so the test can make newcomers of seeded members.
    site = await startSite({ PSP_SIM_SETTLE_MS: '500' }, { database: 'postgres' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /**
   * The newcomer's journey: 1,000 credits with his welcome discount (the time bonus), the checkout left unpaid, the
   * order open with Resume and Cancel, cancelled from /credits, the discounted price back; then another order left
   * unpaid, resumed from /transactions and paid.
   */
  async function journey(page: Page): Promise<void> {
    await page.goto(`${site.url}/credits`);
    await page.getByTestId('discount-applied').filter({ hasText: 'TIMEBONUS25' }).waitFor();
    await page.getByTestId('package-1000').click();
    await page.getByTestId('method-creditcard').click();
    expect(await page.getByTestId('pay-button').textContent()).toBe('Pay €104.99');
    await page.getByTestId('pay-button').click();
    const first = await leaveCheckoutUnpaid(page);

    // The payment's page says it plainly: not paid yet, until when, and what he can do.
    const open = page.getByTestId('order-open');
    await open.getByRole('heading', { name: 'Not paid yet' }).waitFor();
    await open.getByText(`Order #${first}: 1,000 credits for €104.99 with Credit card. Not paid yet: you can pay it until`).waitFor();
    await open.getByTestId(`resume-order-${first}`).waitFor();
    await open.getByTestId(`cancel-order-${first}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Back on /credits: the order first, the code reserved for it (never "already used"), the list prices meanwhile.
    await page.goto(`${site.url}/credits`);
    const order = page.getByTestId(`open-order-${first}`);
    await order.getByText('Your discount TIMEBONUS25 is reserved for it.', { exact: false }).waitFor();
    await page
      .getByTestId('discount-reserved')
      .filter({ hasText: `Code TIMEBONUS25 is reserved for your order #${first}, which is not paid yet.` })
      .waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/already used/i);
    expect(await page.getByTestId('package-1000').textContent()).toContain('€139.99');
    expect(await seriousViolations(page)).toEqual([]);

    await order.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForURL(new RegExp(`/credits\\?cancelled=${first}$`));
    await page
      .getByTestId('order-cancelled')
      .filter({ hasText: `Order #${first} is cancelled. No money was taken. Your discount TIMEBONUS25 can be used again.` })
      .waitFor();
    await page.getByTestId('discount-applied').filter({ hasText: 'TIMEBONUS25' }).waitFor();
    await expect.poll(() => page.getByTestId('package-1000').textContent()).toContain('€104.99');
    expect(await page.getByTestId('open-orders').count()).toBe(0);

    // Another order, left unpaid, resumed from /transactions and paid: the same payment, at its discounted price.
    await page.getByTestId('package-100').click();
    await page.getByTestId('method-ideal').click();
    await page.getByLabel('Your bank', { exact: true }).selectOption({ label: 'ING' });
    await page.getByTestId('pay-button').click();
    const second = await leaveCheckoutUnpaid(page);
    await page.goto(`${site.url}/transactions`);
    const row = page.getByTestId('transactions').getByTestId('transaction').first();
    await row.getByText('Not paid yet').waitFor();
    await page.getByTestId(`open-order-${second}`).getByRole('button', { name: 'Resume payment' }).click();
    await payAtCheckout(page);
    expect(orderOf(page)).toBe(second);
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
    await page.getByText('100 credits have been added to your account.').waitFor();
    await page.getByText('(€5.00 discount with TIMEBONUS25)').waitFor();
  }

  it('When a newcomer on a phone leaves the checkout of his welcome discount unpaid, then the order waits with Resume and Cancel, cancelling gives the discounted price back, and an order he resumes is paid', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    await journey(page);
    expect(problems.filter((p) => !RESERVED_CODE_ANSWER.test(p))).toEqual([]);
    await page.context().close();
  });

  it('When a newcomer on a desktop leaves the checkout of his welcome discount unpaid, then the order waits with Resume and Cancel, cancelling gives the discounted price back, and an order he resumes is paid', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, await newcomer(0), DESKTOP);
    await journey(page);
    expect(problems.filter((p) => !RESERVED_CODE_ANSWER.test(p))).toEqual([]);
    await page.context().close();
  });

  it('When JavaScript is off, then the unpaid order is cancelled and another one resumed with plain forms', async () => {
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill(await newcomer(1));
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);

    await page.goto(`${site.url}/credits`, loaded);
    await page.getByTestId('package-1000').click();
    await page.getByTestId('method-creditcard').click();
    await page.waitForURL(/\/credits\/\d+\/creditcard/, loaded);
    await page.getByTestId('pay-button').click();
    const first = await leaveCheckoutUnpaid(page, loaded);
    const cancelled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/transactions/${first}`));
    await page.getByTestId(`cancel-order-${first}`).click();
    expect((await cancelled).status()).toBe(303);
    await page.waitForURL(new RegExp(`/transactions/${first}\\?cancelled=${first}$`), loaded);
    await page.getByRole('heading', { name: 'Order cancelled' }).waitFor();
    await page.getByText('Your discount TIMEBONUS25 can be used again.').waitFor();
    await page.goto(`${site.url}/credits`, loaded);
    await page.getByTestId('discount-applied').filter({ hasText: 'TIMEBONUS25' }).waitFor();
    expect(await page.getByTestId('package-1000').textContent()).toContain('€104.99');

    await page.getByTestId('package-250').click();
    await page.getByTestId('method-paypal').click();
    await page.waitForURL(/\/credits\/\d+\/paypal/, loaded);
    await page.getByTestId('pay-button').click();
    const second = await leaveCheckoutUnpaid(page, loaded);
    await page.goto(`${site.url}/credits`, loaded);
    const resumed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/transactions/${second}`));
    await page.getByTestId(`open-order-${second}`).getByRole('button', { name: 'Resume payment' }).click();
    expect((await resumed).status()).toBe(303);
    await payAtCheckout(page, loaded);
    await expect
      .poll(
        async () => {
          await page.reload(loaded);
          return page.getByRole('heading', { name: 'Payment completed' }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await context.close();
  });
});
