import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE, tab } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * A newcomer's first week in trust and safety and verification, on a 390 px phone and on a desktop: /verification
 * without an approved photo says what he needs before any start; the selfie is taken with a button, previewed beside
 * the pose and used (the plain multipart post without JavaScript too); a report's receipt leads to the "me" page's
 * Safety entry by the same word; a decided-about member sees a notice on his pages leading to the statement until he
 * has opened it; and the moderator who decides his appeal sees the member, the decision, the content and the reports.
 * The site runs on PostgreSQL, so the test can set a member's photos as the story needs them.
 */
let databaseUrl = '';

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const idOf = async (email: string) => (await query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id as number;

/** A JSON call of the site's API from the page, as its own scripts make it (same origin, the member's session). */
const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );

const selfie = (colour: string) =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const ROUNDS = [
  { name: 'phone', viewport: PHONE, member: 'free@demo.test', other: 'premium@demo.test', memberName: 'Free Floris' },
  { name: 'desktop', viewport: DESKTOP, member: 'premium@demo.test', other: 'free@demo.test', memberName: 'Premium Pieter' },
] as const;

describe.skipIf(!runE2e)('a newcomer’s first week: verification, reports and decisions', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({}, { database: 'postgres' });
    databaseUrl = site.databaseUrl ?? '';
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each(ROUNDS)(
    'When a member without an approved photo opens /verification on a $name, then he sees what he needs and the way to it (his photo that waits, or adding one) and no Start until a photo is approved',
    async ({ viewport, member, name }) => {
      const memberId = await idOf(member);
      // On the phone his photo waits for a moderator; on the desktop he has none (a moderator rejected it).
      await query(`UPDATE photos SET status = $2 WHERE user_id = $1`, [memberId, name === 'phone' ? 'pending' : 'rejected']);
      const { page, problems } = await loggedInPage(browser, site.url, member, viewport, '/verification');
      const needs = page.getByTestId('verification-needs-photo');
      await needs.waitFor();
      expect(await page.getByRole('button', { name: 'Start verification' }).count()).toBe(0);
      if (name === 'phone') {
        expect(await needs.getByRole('heading', { name: 'Your photo is waiting for a moderator' }).count()).toBe(1);
        const waiting = needs.getByRole('img', { name: 'Your photo 1, waiting for a moderator' });
        await expect.poll(() => waiting.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        expect(await needs.getByRole('link', { name: 'Go to my photos' }).getAttribute('href')).toBe('/profile');
      } else {
        expect(await needs.getByRole('heading', { name: 'First add a photo of yourself' }).count()).toBe(1);
        await needs.getByRole('link', { name: 'Add a photo' }).click();
        await page.waitForURL(/\/profile$/);
        await page.getByRole('heading', { name: 'My photos' }).waitFor();
        await page.goBack();
        await needs.waitFor();
      }
      expect(await noOverflow(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // A moderator approves his photo: he may start.
      await query(`UPDATE photos SET status = 'approved' WHERE user_id = $1`, [memberId]);
      await page.reload();
      await page.getByRole('button', { name: 'Start verification' }).waitFor();
      expect(await needs.count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each(ROUNDS)(
    'When he takes his selfie on a $name, then a button opens the camera, the picture shows beside the pose with "Use this photo" and "Take another", what happens next is said, and using it sends it',
    async ({ viewport, member }) => {
      const { page, problems } = await loggedInPage(browser, site.url, member, viewport, '/verification');
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByRole('button', { name: 'Start verification' }).click();
      await page.getByRole('heading', { name: 'Your pose' }).waitFor();
      expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
      const field = page.locator('input[type="file"][name="photo"]');
      expect(await field.getAttribute('capture')).toBe('user');
      expect(await field.getAttribute('accept')).toBe('image/*');

      // The button opens the picker (the front camera on a phone); the chosen picture is shown beside the pose.
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Take your selfie' }).click(),
      ]);
      await chooser.setFiles({ name: 'first.jpg', mimeType: 'image/jpeg', buffer: await selfie('#963') });
      const preview = page.getByTestId('selfie-preview');
      const chosen = preview.getByRole('img', { name: 'The selfie you chose' });
      await expect.poll(() => chosen.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await preview.locator('svg.pose-drawing').count()).toBe(1);
      const use = page.getByRole('button', { name: 'Use this photo' });
      await expect.poll(() => use.evaluate((button) => button === document.activeElement)).toBe(true);
      // The pose and the picture side by side, also on the phone.
      const [pose, picture] = await preview.locator('figure').evaluateAll((figures) => figures.map((f) => f.getBoundingClientRect().top));
      expect(Math.abs((pose as number) - (picture as number))).toBeLessThan(2);
      expect(await noOverflow(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // "Take another" opens the picker again; the new picture replaces the first.
      const first = await chosen.getAttribute('src');
      const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Take another' }).click()]);
      await again.setFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await selfie('#369') });
      await expect.poll(() => chosen.getAttribute('src')).not.toBe(first);

      await use.click();
      await page.getByText('Your selfie was sent. A moderator will compare it with your photos soon').waitFor();
      expect(await page.getByRole('img', { name: 'Your selfie' }).count()).toBe(1);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('When JavaScript is off on a phone, then the selfie is the plain labelled file field of a multipart form, and sending it works', async () => {
    const { page: withJs } = await loggedInPage(browser, site.url, 'admin@demo.test', PHONE);
    const storageState = await withJs.context().storageState();
    await withJs.context().close();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US', storageState });
    const page = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/verification`, loaded);
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.getByRole('heading', { name: 'Your pose' }).waitFor();
    const field = page.getByLabel('Your selfie, taken now');
    expect(await field.getAttribute('capture')).toBe('user');
    expect(await field.getAttribute('accept')).toBe('image/*');
    expect(await page.locator('form[enctype="multipart/form-data"][action="/verification"]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(1);
    await field.setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await selfie('#6a3') });
    const sent = page.waitForResponse((r) => r.url().endsWith('/verification') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send selfie' }).click();
    expect((await sent).status()).toBe(303);
    await page.getByText('Your selfie was sent. A moderator will compare it with your photos soon').waitFor();
    await context.close();
  });

  it.each(ROUNDS)(
    'When he reports a member on a $name, then the receipt points to the "me" page’s Safety entry by the same word and leads to his reports there',
    async ({ viewport, member, name }) => {
      const { page, problems } = await loggedInPage(browser, site.url, member, viewport);
      const [target] = await query<{ id: number; name: string }>(
        `SELECT u.id, p.name FROM users u JOIN profiles p ON p.user_id = u.id
         WHERE u.email LIKE 'member%@seed.invalid' AND u.site_id = (SELECT site_id FROM users WHERE email = $1)
           AND p.status = 'active' AND NOT p.invisible AND NOT p.fictional ORDER BY u.id OFFSET $2 LIMIT 1`,
        [member, name === 'phone' ? 3 : 4],
      );
      await page.goto(`${site.url}/members/${target?.id}/report`);
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByRole('radio', { name: 'Fake profile, scam or spam' }).check();
      await page.getByRole('button', { name: 'Send report' }).click();
      const receipt = page.getByTestId('report-receipt');
      await receipt.waitFor();
      const reference = /R-\d{6}/.exec((await receipt.textContent()) ?? '')?.[0] as string;
      expect(reference).toMatch(/^R-\d{6}$/);
      expect(await receipt.textContent()).toContain('You will find the outcome in your account, under Safety.');
      expect(await seriousViolations(page)).toEqual([]);

      // The "me" page lists that very entry (the phone's "me" tab; the page itself on a desktop).
      if (name === 'phone') await tab(page, 'Me').click();
      else await page.goto(`${site.url}/me`);
      await page.waitForURL(/\/me$/);
      const entry = page.getByTestId('me-safety');
      expect(await page.getByTestId('me-safety-name').textContent()).toBe('Safety');
      expect(await entry.textContent()).toContain('Your reports, decisions about you and your appeals');
      await page.goBack();
      await receipt.waitFor();

      // The receipt's link leads there.
      await receipt.getByRole('link', { name: 'Safety' }).click();
      await page.waitForURL(/\/safety$/);
      await expect.poll(() => page.getByTestId('my-reports').textContent()).toContain(reference);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each(ROUNDS)(
    'When a moderator decides about a reported member on a $name, then the member’s open page shows the notice at once, it leads to the statement, and once he has read it the notice is gone for good',
    async ({ viewport, member, other, name }) => {
      const memberId = await idOf(member);
      const reporter = await loggedInPage(browser, site.url, other, viewport);
      const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', viewport);
      const decided = await loggedInPage(browser, site.url, member, viewport);
      await decided.page.locator('html[data-hydrated]').waitFor();
      expect(await decided.page.getByTestId('statement-notice').count()).toBe(0);

      // The phone's member is warned after a report of his profile; the desktop's loses a reported photo.
      const [photo] = await query<{ id: number }>(`SELECT id FROM photos WHERE user_id = $1 AND status = 'approved' ORDER BY id LIMIT 1`, [
        memberId,
      ]);
      const target = name === 'phone' ? { kind: 'profile', id: memberId } : { kind: 'photo', id: photo?.id };
      const details = name === 'phone' ? 'His profile text insults older men.' : 'This photo is not him, it is a model.';
      const filed = await api(reporter.page, 'POST', '/api/report.php', { target, reason: 'fake_scam_spam', details });
      expect(filed.status).toBe(201);
      const facts = name === 'phone' ? 'Insulting words in the profile text.' : 'A photo of somebody else.';
      const decision = await api(moderator.page, 'POST', '/api/report-decision.php', {
        member: memberId,
        reports: [filed.body.id],
        rule: 'fake_scam_spam',
        facts,
        ...(name === 'phone' ? { action: 'warn' } : { action: 'remove_content', content: { kind: 'photo', id: photo?.id } }),
      });
      expect(decision.status).toBe(201);

      // His open page hears it on the live channel: the notice, in the banners' slot, in his language.
      const notice = decided.page.getByTestId('statement-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        name === 'phone' ? 'A moderator has given you a warning.' : 'A moderator has removed something you posted.',
      );
      expect(await seriousViolations(decided.page)).toEqual([]);
      // His next page shows it too, until he opens the statement.
      await decided.page.goto(`${site.url}/likes`);
      await notice.waitFor();
      await notice.getByRole('link', { name: 'Read the statement of reasons' }).click();
      await decided.page.waitForURL(new RegExp(`/safety/statements/${String(decision.body.decision)}$`));
      await expect.poll(() => decided.page.getByTestId('statement-facts').textContent()).toContain(facts);
      expect(await decided.page.getByTestId('statement-action').textContent()).toContain(name === 'phone' ? 'Warning' : 'Remove content');

      // Read: no notice on his next pages, nor after a reload (the marker is the server's).
      await decided.page.goto(`${site.url}/members`);
      await decided.page.locator('html[data-hydrated]').waitFor();
      expect(await notice.count()).toBe(0);
      await decided.page.reload();
      await decided.page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await notice.count()).toBe(0);
      const [row] = await query<{ read_at: Date | null }>('SELECT read_at FROM safety_decisions WHERE id = $1', [decision.body.decision]);
      expect(row?.read_at).toBeInstanceOf(Date);
      for (const watched of [reporter, moderator, decided]) {
        expect(watched.problems).toEqual([]);
        await watched.page.context().close();
      }
    },
  );

  it.each(ROUNDS)(
    'When he appeals on a $name, then the moderator who decides it sees his name, the decision with its statement, the content concerned, the original report and the appeal — no bare id',
    async ({ viewport, member, memberName, name }) => {
      const memberId = await idOf(member);
      const [decision] = await query<{ id: number; facts: string }>(
        `SELECT id, facts FROM safety_decisions WHERE member_id = $1 AND action <> 'dismiss' ORDER BY id DESC LIMIT 1`,
        [memberId],
      );
      const appellant = await loggedInPage(browser, site.url, member, viewport, `/safety/statements/${decision?.id}`);
      const appealText = name === 'phone' ? 'My profile text was a joke among friends.' : 'That photo is me, taken last summer.';
      await appellant.page.getByLabel('Why should we change the decision?').fill(appealText);
      await appellant.page.getByRole('button', { name: 'Send appeal' }).click();
      await expect.poll(() => appellant.page.getByTestId('appeal-status').textContent()).toContain('Your appeal is being reviewed');

      // The demo's second moderator decides the appeals of the first one's decisions.
      const { page, problems } = await loggedInPage(browser, site.url, 'moderator2@demo.test', viewport, '/moderation/appeals');
      const card = page.getByTestId('queued-appeal').filter({ hasText: appealText });
      await card.waitFor();
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toContain(memberName);
      expect(await card.getByRole('link', { name: memberName }).getAttribute('href')).toBe(`/members/${memberId}`);
      expect(await card.textContent()).not.toMatch(new RegExp(`#${memberId}\\b`));
      const stated = card.getByTestId('appeal-decision');
      expect(await stated.textContent()).toContain(name === 'phone' ? 'Warning' : 'Remove content');
      expect(await stated.textContent()).toContain('Fake profile, scam or spam');
      expect(await stated.textContent()).toContain('Scams and/or fraud · Inauthentic accounts');
      expect(await card.getByTestId('appeal-facts').textContent()).toContain(decision?.facts);
      const content = card.getByTestId('appeal-content');
      if (name === 'phone') {
        const [about] = await query<{ about: string }>('SELECT about FROM profiles WHERE user_id = $1', [memberId]);
        expect(await content.getByTestId('appeal-content-text').textContent()).toContain(about?.about);
      } else {
        // The removed photo, through the moderators' private URL.
        const removed = content.getByRole('img', { name: `Photo of ${memberName} (removed)` });
        await expect.poll(() => removed.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      const reports = card.getByTestId('appeal-reports');
      expect(await reports.getByRole('heading').textContent()).toBe('The original report');
      expect(await reports.textContent()).toContain(
        name === 'phone' ? 'His profile text insults older men.' : 'This photo is not him, it is a model.',
      );
      expect(await reports.textContent()).toMatch(/Weight \d/);
      expect(await card.getByTestId('appeal-text').textContent()).toBe(appealText);
      await card.getByLabel('Explanation for the member').waitFor();
      expect(await noOverflow(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      expect(appellant.problems).toEqual([]);
      for (const p of [page, appellant.page]) await p.context().close();
    },
  );
});
