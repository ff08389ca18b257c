import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE, watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The site runs on a PostgreSQL database (startSite's `database: 'postgres'`), so the test can count the statements of
 * reasons the export must hold; its address is set once the site has started.
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

const me = (page: Page) =>
  page.evaluate(async () => {
    const body = (await (await fetch('/api/user.php')).json()) as { user: { id: number; profile: { name: string } } };
    return { id: body.user.id, name: body.user.profile.name };
  });

/**
 * Chooses a reason in the open report dialog and sends it: its form runs the report page's route action, and the
 * report page follows with the receipt. Answers the receipt's reference.
 */
async function report(page: Page, reason: string): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  return receiptOf(page);
}

/** The reference on the report page's receipt, once it shows. */
async function receiptOf(page: Page): Promise<string> {
  const receipt = page.getByTestId('report-receipt');
  await receipt.waitFor();
  const reference = /R-\d{6}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(reference).toBeDefined();
  return reference as string;
}

describe.skipIf(!runE2e)('trust and safety in the browser', () => {
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

  it('When a member reports another from his profile and a message, a moderator suspends him, he appeals and a second moderator reverses it, then he can log in again', async () => {
    // Premium starts a chat with Free; Free answers with the message that gets reported.
    const reporter = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const reported = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const target = await me(reported.page);
    const reporterMe = await me(reporter.page);
    await reporter.page.goto(`${site.url}/members/${target.id}`);
    await reporter.page.getByTestId('profile-chat').click();
    await reporter.page.waitForURL(/\/members\/\d+\/chat$/);
    await reporter.page.getByLabel(`Your message to ${target.name}`).fill('Hello there');
    await reporter.page.getByRole('button', { name: 'Send', exact: true }).click();
    await reporter.page.waitForURL(/\/chats\/\d+$/);
    const conversationUrl = reporter.page.url();
    await reported.page.goto(`${site.url}/members/${reporterMe.id}/chat`);
    await reported.page.getByLabel(`Your message to ${reporterMe.name}`).fill('You are worthless and everyone hates you');
    await reported.page.getByRole('button', { name: 'Send', exact: true }).click();

    // From the profile's "…" menu (phone): the receipt; a repeat shows the same one.
    await reporter.page.goto(`${site.url}/members/${target.id}`);
    await reporter.page.getByRole('button', { name: `More for ${target.name}` }).click();
    await reporter.page.getByRole('link', { name: `Report ${target.name}` }).click();
    await reporter.page.getByRole('dialog', { name: `Report ${target.name}` }).waitFor();
    expect(await seriousViolations(reporter.page)).toEqual([]);
    const profileReference = await report(reporter.page, 'Fake profile, scam or spam');
    await reporter.page.getByRole('link', { name: `Back to ${target.name}` }).click();
    await reporter.page.waitForURL(new RegExp(`/members/${target.id}$`));
    await reporter.page.getByRole('button', { name: `More for ${target.name}` }).click();
    await reporter.page.getByRole('link', { name: `Report ${target.name}` }).click();
    expect(await report(reporter.page, 'Fake profile, scam or spam')).toBe(profileReference);

    // From the message's menu in the conversation.
    await reporter.page.goto(conversationUrl);
    await reporter.page.getByText('You are worthless and everyone hates you').waitFor();
    await reporter.page.getByRole('button', { name: `More for this message from ${target.name}` }).click();
    await reporter.page.getByRole('link', { name: 'Report this message' }).click();
    const messageReference = await report(reporter.page, 'Harassment or hate');
    expect(messageReference).not.toBe(profileReference);

    // The moderator sees both reports with their context and suspends the member for 7 days.
    const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', DESKTOP, '/moderation');
    await moderator.page.getByRole('link', { name: 'Reports' }).click();
    await moderator.page.waitForURL(/\/moderation\/reports$/);
    const card = moderator.page.getByRole('article', { name: target.name });
    await card.waitFor();
    expect(await card.textContent()).toContain('2 open reports');
    expect(await card.getByTestId('reported-message').textContent()).toContain('You are worthless and everyone hates you');
    expect(await card.getByRole('list', { name: 'The conversation around the message' }).textContent()).toContain('Hello there');
    expect(await seriousViolations(moderator.page)).toEqual([]);
    await card.getByLabel('Action').selectOption('suspend');
    await card.getByLabel('Number of days (1–365)').fill('7');
    await card.getByLabel('Rule of the terms').selectOption('harassment_hate');
    // The category for the EU transparency database, and its specification from that category's keywords only.
    await card.getByLabel('Category (EU transparency database)').selectOption('STATEMENT_CATEGORY_CYBER_VIOLENCE');
    const specification = card.getByLabel('Specification (optional)');
    expect(await specification.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
      '',
      'KEYWORD_CYBER_BULLYING_INTIMIDATION',
      'KEYWORD_CYBER_HARASSMENT',
      'KEYWORD_CYBER_INCITEMENT',
      'KEYWORD_CYBER_STALKING',
      'KEYWORD_NON_CONSENSUAL_IMAGE_SHARING',
      'KEYWORD_NON_CONSENSUAL_MATERIAL_DEEPFAKE',
      'KEYWORD_OTHER',
    ]);
    await specification.selectOption({ label: 'Cyber harassment' });
    await card.getByLabel('Facts and circumstances (the member reads them)').fill('Insulted another member in a chat.');
    // The decision runs the queue page's route action through the router: no page is posted.
    const decisionPosts: string[] = [];
    moderator.page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) decisionPosts.push(r.url());
    });
    await card.getByRole('button', { name: 'Decide' }).click();
    await expect
      .poll(() => moderator.page.getByTestId('queue-notice').textContent())
      .toContain(`The reports about ${target.name} are decided.`);
    await expect.poll(() => card.count()).toBe(0);
    expect(decisionPosts).toEqual([]);

    // The statement of reasons is mailed to him, with the link that reads it without a session.
    const statementMail = async () => {
      const dir = join(site.dataDir, 'mail');
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
        const eml = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (eml.includes('To: free@demo.test') && eml.includes('Subject: A decision about your account')) return eml;
      }
      return '';
    };
    await expect.poll(statementMail, { timeout: 30_000, interval: 250 }).toMatch(/\/safety\/statements\/\d+\?token=[0-9a-f]{32}/);
    expect(await statementMail()).toContain('Insulted another member in a chat.');

    // The suspended member is told so when he logs in, with the end date and the statement, and appeals.
    const suspended = await watchedPage(browser, { viewport: PHONE });
    await suspended.page.goto(`${site.url}/login`);
    await suspended.page.getByLabel(/e-?mail/i).fill('free@demo.test');
    await suspended.page.getByLabel(/password/i).fill('demo-password');
    await suspended.page.getByRole('button', { name: /log ?in/i }).click();
    const notice = suspended.page.getByTestId('login-suspended');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your account is suspended until');
    await notice.getByRole('link', { name: 'Read the statement of reasons and appeal' }).click();
    await suspended.page.waitForURL(/\/safety\/statements\/\d+\?token=/);
    await suspended.page.getByRole('heading', { level: 1, name: 'Statement of reasons' }).waitFor();
    expect(await suspended.page.getByTestId('statement-action').textContent()).toContain('Suspension');
    expect(await suspended.page.getByTestId('statement-facts').textContent()).toContain('Insulted another member in a chat.');
    expect(await suspended.page.getByTestId('statement').textContent()).toContain('Following a report by another person');
    expect(await seriousViolations(suspended.page)).toEqual([]);
    // Without a session he can still take his data home: his refused login's token stands in for it.
    const stillYours = suspended.page.getByTestId('still-yours');
    await stillYours.getByRole('button', { name: 'Download my data' }).click();
    const archive = stillYours.getByRole('link', { name: 'Download your data (zip)' });
    await expect.poll(() => archive.count(), { timeout: 60_000, interval: 500 }).toBe(1);
    const [download] = await Promise.all([suspended.page.waitForEvent('download'), archive.click()]);
    expect((await readFile((await download.path()) as string)).subarray(0, 2).toString()).toBe('PK');
    await suspended.page.getByLabel('Why should we change the decision?').fill('It was a joke between friends.');
    // The appeal runs the statement page's route action through the router: no page is posted.
    const pagePosts: string[] = [];
    suspended.page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await suspended.page.getByRole('button', { name: 'Send appeal' }).click();
    await expect
      .poll(() => suspended.page.getByTestId('appeal-status').textContent())
      .toContain('Your appeal is being reviewed by another moderator.');
    expect(pagePosts).toEqual([]);

    // The moderator who decided may not decide the appeal; a second moderator reverses it.
    await moderator.page.goto(`${site.url}/moderation/appeals`);
    await moderator.page.getByTestId('appeal-own').waitFor();
    // The demo's second moderator decides it.
    const second = await loggedInPage(browser, site.url, 'moderator2@demo.test', PHONE, '/moderation/appeals');
    const appeal = second.page.getByTestId('queued-appeal').filter({ hasText: 'It was a joke between friends.' });
    await appeal.getByLabel('Explanation for the member').fill('On review the messages were not harassment.');
    await appeal.getByRole('button', { name: 'Reverse the decision' }).click();
    await expect.poll(() => second.page.getByTestId('appeal-notice').textContent()).toContain('The decision is reversed');
    expect(second.problems).toEqual([]);

    // The statement now says it was reversed, and he logs in again.
    await suspended.page.reload();
    await suspended.page.getByTestId('statement-reversed').waitFor();
    await suspended.page.goto(`${site.url}/login`);
    await suspended.page.getByLabel(/e-?mail/i).fill('free@demo.test');
    await suspended.page.getByLabel(/password/i).fill('demo-password');
    await suspended.page.getByRole('button', { name: /log ?in/i }).click();
    await suspended.page.waitForURL(/\/members/);

    // The reporter sees his reports and their outcome under Safety.
    await reporter.page.goto(`${site.url}/safety`);
    const mine = reporter.page.getByTestId('my-reports');
    await mine.waitFor();
    expect(await mine.textContent()).toContain(profileReference);
    expect(await mine.textContent()).toContain(messageReference);

    // The transparency export holds one record per statement of reasons (the suspension), without personal data.
    await moderator.page.goto(`${site.url}/moderation/transparency`);
    const [exported] = await Promise.all([
      moderator.page.waitForEvent('download'),
      moderator.page.getByTestId('transparency-download').click(),
    ]);
    const json = await readFile((await exported.path()) as string, 'utf8');
    const statements = await admin(databaseUrl(), async (c) =>
      Number((await c.query("SELECT count(*) AS n FROM safety_decisions WHERE action <> 'dismiss'")).rows[0].n),
    );
    expect((JSON.parse(json) as { statements: unknown[] }).statements).toHaveLength(statements);
    expect(statements).toBeGreaterThan(0);
    // The suspension is filed under the category and specification the moderator chose.
    expect((JSON.parse(json) as { statements: Record<string, unknown>[] }).statements).toContainEqual(
      expect.objectContaining({
        decision_account: 'DECISION_ACCOUNT_SUSPENDED',
        category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
        category_specification: ['KEYWORD_CYBER_HARASSMENT'],
      }),
    );
    expect(json).not.toContain('free@demo.test');
    expect(json).not.toContain('Insulted another member in a chat.');

    expect(reporter.problems).toEqual([]);
    expect(moderator.problems).toEqual([]);
    // The refused login answered 423 on purpose; nothing else may fail.
    expect(suspended.problems.filter((p) => !p.includes('status of 423'))).toEqual([]);
  }, 400_000);

  it('When a member reports a photo from the gallery and a member from the grid card’s menu, then both are filed — with JavaScript through the dialog, without it through the report page', async () => {
    // A seeded member with an approved photo, whom the reporters can see.
    const { id: memberId, name } = await admin(databaseUrl(), async (c) => {
      const { rows } = await c.query(
        `SELECT u.id, p.name FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE u.role = 'member' AND u.status = 'active' AND u.email NOT LIKE '%@demo.test' AND NOT p.fictional
           AND NOT p.invisible AND u.suspended_until IS NULL AND u.site_id = (SELECT id FROM sites WHERE is_default)
           AND EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = u.id AND ph.status = 'approved')
         ORDER BY u.id DESC LIMIT 1`,
      );
      return rows[0] as { id: number; name: string };
    });
    const reportsOf = (kind: string, targetId: number) =>
      admin(databaseUrl(), async (c) =>
        Number(
          (await c.query('SELECT count(*) AS n FROM safety_reports WHERE target_kind = $1 AND target_id = $2', [kind, targetId])).rows[0].n,
        ),
      );

    // Without JavaScript: the photo's report link is the report page of that photo, whose form the BFF's action files.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const noJs = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await noJs.goto(`${site.url}/login`, loaded);
    await noJs.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await noJs.getByLabel(/password/i).fill('demo-password');
    await noJs.getByRole('button', { name: /log ?in/i }).click();
    await noJs.waitForURL(/\/members/, loaded);
    await noJs.goto(`${site.url}/members/${memberId}`, loaded);
    const photoLink = noJs.getByRole('link', { name: `Report photo 1 of ${name}` });
    const photo = Number(/\?photo=(\d+)$/.exec((await photoLink.getAttribute('href')) ?? '')?.[1]);
    expect(photo).toBeGreaterThan(0);
    await photoLink.click();
    await noJs.waitForURL(new RegExp(`/members/${memberId}/report\\?photo=${photo}$`), loaded);
    await noJs.getByRole('heading', { level: 1, name: `Report a photo of ${name}` }).waitFor();
    await noJs.getByRole('radio', { name: 'Unwanted sexual content' }).check();
    await noJs.getByRole('button', { name: 'Send report' }).click();
    await noJs.waitForURL(/sent=R-\d{6}/, loaded);
    const photoReference = await receiptOf(noJs);
    expect(await reportsOf('photo', photo)).toBe(1);

    // With JavaScript the same link opens the dialog; a repeat is answered with the same receipt.
    const reporter = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, `/members/${memberId}`);
    await reporter.page.getByRole('link', { name: `Report photo 1 of ${name}` }).click();
    await reporter.page.getByRole('dialog', { name: `Report a photo of ${name}` }).waitFor();
    expect(await seriousViolations(reporter.page)).toEqual([]);
    expect(await report(reporter.page, 'Unwanted sexual content')).toBe(photoReference);
    expect(await reportsOf('photo', photo)).toBe(1);

    // The member grid: each card's "…" menu reports its member. Without JavaScript its item is a link to the report page.
    await noJs.goto(`${site.url}/members`, loaded);
    const noJsCard = noJs.locator('.member-card-menu').first();
    const cardName = ((await noJsCard.locator('summary').getAttribute('aria-label')) ?? '').replace(/^More for /, '');
    await noJsCard.locator('summary').click();
    const cardItem = noJsCard.getByRole('link', { name: `Report ${cardName}` });
    expect(await cardItem.getAttribute('href')).toMatch(/^\/members\/\d+\/report$/);
    await context.close();

    // With JavaScript it opens the dialog; the report page follows with the receipt.
    const friend = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP, '/members');
    const menu = friend.page.locator('.member-card-menu').first();
    await menu.waitFor();
    const gridName = ((await menu.locator('summary').getAttribute('aria-label')) ?? '').replace(/^More for /, '');
    const gridMember = Number(/\/members\/(\d+)\/report$/.exec((await menu.locator('a.menu-item').getAttribute('href')) ?? '')?.[1]);
    await menu.locator('summary').click();
    await menu.getByRole('link', { name: `Report ${gridName}` }).click();
    await friend.page.getByRole('dialog', { name: `Report ${gridName}` }).waitFor();
    await report(friend.page, 'Fake profile, scam or spam');
    await friend.page.waitForURL(new RegExp(`/members/${gridMember}/report\\?sent=R-\\d{6}$`));
    expect(await reportsOf('profile', gridMember)).toBeGreaterThan(0);

    expect(reporter.problems).toEqual([]);
    expect(friend.problems).toEqual([]);
  }, 200_000);
});
