import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The site runs on a PostgreSQL database (startSite's `database: 'postgres'`), so the test can age accounts and read
 * balances (no page does that); its address is set once the site has started.
 */
let siteDatabaseUrl = '';
const databaseUrl = () => siteDatabaseUrl;

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
         -- Not one the demo verified (a verified reporter weighs more) or whose selfie waits.
         AND NOT EXISTS (SELECT 1 FROM verification_requests v WHERE v.user_id = u2.id)
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
    site = await startSite({}, { database: 'postgres' });
    siteDatabaseUrl = site.databaseUrl ?? '';
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('When three members of a year report one profile as fake, scam or spam, then it stays in the search; reported as under 18 with enough weight, another leaves it at once, heads the moderators’ queue and comes back after a dismissal', async () => {
    const [scammer, minor] = await members(0, 2, '60 days');
    // A year old each: AGE_WEIGHT (0.5) per reporter, 1.5 together; this site hides before review from 1.5.
    const reporters = await members(2, 3, '365 days');
    if (!scammer || !minor || reporters.length !== 3) throw new Error('not enough seeded members');
    await db(`UPDATE sites SET safety_hide_weight = 1.5`);
    // The two are the most recently active, so they head the first page of everybody's search.
    for (const id of [scammer.id, minor.id]) {
      await db(`UPDATE profiles SET last_active_at = now() + interval '1 day' WHERE user_id = $1`, [id]);
      await db(`UPDATE users SET last_active_at = now() + interval '1 day' WHERE id = $1`, [id]);
    }

    const pages = [];
    for (const reporter of reporters) pages.push(await loggedInPage(browser, site.url, reporter.email, PHONE));
    const searcher = pages[0]!.page;
    const reportAs = async (page: Page, member: { id: number; name: string }, reason: string) => {
      await page.goto(`${site.url}/members/${member.id}`);
      await page.getByRole('button', { name: `More for ${member.name}` }).click();
      await page.getByRole('link', { name: `Report ${member.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Report ${member.name}` });
      await dialog.getByRole('radio', { name: reason }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      // The dialog runs the report page's action: the report page follows with the receipt.
      await page.getByTestId('report-receipt').waitFor();
    };

    // Fake, scam or spam never hides before review, whatever the reporters weigh: it waits for a moderator.
    for (const { page } of pages) await reportAs(page, scammer, 'Fake profile, scam or spam');
    expect(await inSearch(searcher, site.url, scammer.id)).toBe(true);

    for (const [i, { page }] of pages.entries()) {
      await reportAs(page, minor, 'Someone under 18');
      // Two reporters weigh 1.0: not enough.
      if (i < 2) expect(await inSearch(searcher, site.url, minor.id)).toBe(true);
    }
    await expect.poll(() => inSearch(searcher, site.url, minor.id)).toBe(false);
    expect(await inSearch(pages[2]!.page, site.url, minor.id)).toBe(false);
    expect(await inSearch(searcher, site.url, scammer.id)).toBe(true);
    // The hiding is the automation's statement, never a removal: his profile page still opens.
    await searcher.goto(`${site.url}/members/${minor.id}`);
    await searcher.getByRole('heading', { name: minor.name }).first().waitFor();

    // The moderator's queue: the hidden member first, then the scam case, each with its weight.
    const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', DESKTOP, '/moderation/reports');
    const cases = moderator.page.getByTestId('report-case');
    await cases.first().waitFor();
    expect(await cases.nth(0).getAttribute('aria-labelledby')).toBe(`case-${minor.id}`);
    expect(await cases.nth(1).getAttribute('aria-labelledby')).toBe(`case-${scammer.id}`);
    const card = moderator.page.getByRole('article', { name: minor.name });
    expect(await card.getByTestId('case-weight').textContent()).toBe('Hidden from search until reviewedWeight of the reports: 1.5');
    expect(await moderator.page.getByRole('article', { name: scammer.name }).getByTestId('case-weight').textContent()).toBe(
      'Weight of the reports: 1.5',
    );
    expect(await card.textContent()).toContain('3 open reports');

    // A moderator looks and finds no violation: the hiding ends with his decision.
    await card.getByLabel('Action').selectOption('dismiss');
    await card.getByLabel('Facts and circumstances (the member reads them)').fill('An adult: his age is checked.');
    await card.getByRole('button', { name: 'Decide' }).click();
    await expect
      .poll(() => moderator.page.getByTestId('queue-notice').textContent())
      .toContain(`The reports about ${minor.name} are decided.`);
    await expect.poll(() => inSearch(searcher, site.url, minor.id)).toBe(true);

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

    const { page, problems } = await loggedInPage(browser, site.url, newcomer.email, PHONE, `/members/${partner.id}/chat`);
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
