import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The site runs on its own PostgreSQL database, so the test can age accounts and read balances (no page does that). */
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `e2e_safety_automation_${process.pid}`;
const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
const db = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  admin(databaseUrl(), async (c) => (await c.query<T>(text, values)).rows);

/**
 * Ordinary seeded members of the demo site (visible, not fictional, not a demo login), `count` from `offset`, who log
 * in with the demo password and read the site in English; `signup` is how long ago each signed up (a confirmed address
 * is `active`).
 */
async function members(offset: number, count: number, signup: string): Promise<{ id: number; email: string; name: string }[]> {
  return db<{ id: number; email: string; name: string }>(
    `UPDATE users u SET status = 'active', language = 'en', signup_date = now() - $3::interval,
            password_hash = (SELECT password_hash FROM users WHERE email = 'free@demo.test')
     FROM profiles p
     WHERE p.user_id = u.id AND u.id IN (
       SELECT u2.id FROM users u2 JOIN profiles p2 ON p2.user_id = u2.id
       WHERE u2.site_id = (SELECT site_id FROM users WHERE email = 'free@demo.test') AND u2.email NOT LIKE '%@demo.test'
         AND u2.role = 'member' AND NOT p2.fictional AND NOT p2.invisible AND p2.status = 'active' AND u2.deleted_at IS NULL
       ORDER BY u2.id OFFSET $1 LIMIT $2)
     RETURNING u.id, u.email, p.name`,
    [offset, count, signup],
  );
}

/** Whether the member's card is in the first page of the search (the most recently active first). */
async function inSearch(page: Page, siteUrl: string, memberId: number): Promise<boolean> {
  await page.goto(`${siteUrl}/members`);
  await page.locator('a.member-card').first().waitFor();
  return (await page.locator(`a.member-card[href="/members/${memberId}"]`).count()) > 0;
}

describe.skipIf(!runE2e)('the careful automation in the browser', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    await admin(ADMIN_URL, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await c.query(`CREATE DATABASE ${DATABASE}`);
    });
    site = await startSite({ DATABASE_URL: databaseUrl() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await admin(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)).catch(() => undefined);
  });

  it('When three trusted members report a profile as fake, scam or spam, then it leaves the search until a moderator decides about him, and comes back after a dismissal', async () => {
    const [target] = await members(0, 1, '60 days');
    const reporters = await members(1, 3, '60 days');
    if (!target || reporters.length !== 3) throw new Error('not enough seeded members');
    // The member is the most recently active, so he heads the first page of everybody's search.
    await db(`UPDATE profiles SET last_active_at = now() + interval '1 day' WHERE user_id = $1`, [target.id]);
    await db(`UPDATE users SET last_active_at = now() + interval '1 day' WHERE id = $1`, [target.id]);

    const pages = [];
    for (const reporter of reporters) pages.push(await loggedInPage(browser, site.url, reporter.email, PHONE));
    const searcher = pages[0]!.page;
    expect(await inSearch(searcher, site.url, target.id)).toBe(true);

    for (const [i, { page }] of pages.entries()) {
      await page.goto(`${site.url}/members/${target.id}`);
      await page.getByRole('button', { name: `More for ${target.name}` }).click();
      await page.getByRole('link', { name: `Report ${target.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${target.name}` });
      await dialog.getByRole('radio', { name: 'Fake profile, scam or spam' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      // The dialog runs the report page's action: the report page follows with the receipt.
      await page.getByTestId('report-receipt').waitFor();
      // Two reports are not enough: one or two people can hold a grudge.
      if (i < 2) expect(await inSearch(searcher, site.url, target.id)).toBe(true);
    }
    await expect.poll(() => inSearch(searcher, site.url, target.id)).toBe(false);
    expect(await inSearch(pages[2]!.page, site.url, target.id)).toBe(false);
    // The hiding is the automation's statement, never a removal: his profile page still opens.
    await searcher.goto(`${site.url}/members/${target.id}`);
    await searcher.getByRole('heading', { name: target.name }).first().waitFor();

    // A moderator looks and finds no violation: the hiding ends with his decision.
    const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', DESKTOP);
    await moderator.page.goto(`${site.url}/moderation/reports`);
    const card = moderator.page.getByRole('article', { name: target.name });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 open reports');
    await card.getByLabel('Action').selectOption('dismiss');
    await card.getByLabel('Facts and circumstances (the member reads them)').fill('The profile is genuine.');
    await card.getByRole('button', { name: 'Decide' }).click();
    await expect
      .poll(() => moderator.page.getByTestId('queue-notice').textContent())
      .toContain(`The reports about ${target.name} are decided.`);
    await expect.poll(() => inSearch(searcher, site.url, target.id)).toBe(true);

    for (const { problems } of pages) expect(problems).toEqual([]);
    expect(moderator.problems).toEqual([]);
  }, 300_000);

  it('When an account a few hours old starts a conversation with a link, then the message is refused with the reason on the page and his credits stay as they were', async () => {
    const [newcomer] = await members(10, 1, '3 hours');
    const [partner] = await members(11, 1, '60 days');
    if (!newcomer || !partner) throw new Error('not enough seeded members');
    await db(`UPDATE users SET credits = 50 WHERE id = $1`, [newcomer.id]);
    const books = async () =>
      (
        await db<{ credits: number; ledger: number; messages: number }>(
          `SELECT u.credits, (SELECT count(*)::int FROM credit_ledger WHERE user_id = u.id) AS ledger,
                  (SELECT count(*)::int FROM messages WHERE sender_id = u.id) AS messages
           FROM users u WHERE u.id = $1`,
          [newcomer.id],
        )
      )[0];
    const before = await books();

    const { page, problems } = await loggedInPage(browser, site.url, newcomer.email, PHONE);
    await page.goto(`${site.url}/members/${partner.id}/chat`);
    await page.getByLabel(`Your message to ${partner.name}`).fill('Nice profile! Write me on www.example-chat.com instead');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('New accounts cannot share links or phone numbers in their first hours.', { exact: false }).waitFor();
    expect(await page.getByText('from 24 hours after signing up you can', { exact: false }).count()).toBeGreaterThan(0);
    expect(page.url()).toMatch(new RegExp(`/members/${partner.id}/chat$`));
    // His text stays in the composer to edit; nothing was stored or charged.
    expect(await page.getByLabel(`Your message to ${partner.name}`).inputValue()).toContain('www.example-chat.com');
    expect(await books()).toEqual(before);
    // The refusal answered 422 on purpose; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
  }, 200_000);
});
