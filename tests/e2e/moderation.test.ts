import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, loggedInPage, ownPhotosCount, PHONE, tab } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('photo moderation in the browser', () => {
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

  const loggedIn = (email: string, viewport: { width: number; height: number } = PHONE) => loggedInPage(browser, site.url, email, viewport);

  /** Whether the page shows an image whose (signed) URL names the stored file `name`. */
  const showsPhoto = (page: Page, name: string) => page.locator(`img[src*="${name}"]`).count();

  it('When a member uploads a photo and a moderator approves it on /moderation, then a third member sees it on the profile', async () => {
    // The member uploads a photo on /profile: it is pending, shown to him only.
    const member = await loggedIn('free@demo.test', { width: 1280, height: 900 });
    const memberId = await member.page.evaluate(
      async () => ((await (await fetch('/api/user.php')).json()) as { user: { id: number } }).user.id,
    );
    await member.page.goto(`${site.url}/profile`);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5a3' } })
      .jpeg()
      .toBuffer();
    const before = await member.page.locator('.own-photos li').count();
    await member.page.locator('input[type="file"]').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo });
    await ownPhotosCount(member.page, before + 1);
    await expect.poll(() => member.page.getByText('Being checked').count()).toBe(1);
    const src = (await member.page.locator('.own-photos li img').last().getAttribute('src')) ?? '';
    const stored = /\/([0-9a-f]{32})-(?:full|thumb)\.jpg$/.exec(src)?.[1];
    expect(stored).toBeDefined();
    // The page does not exist for him (404, no link in his menu).
    const refused = await member.page.goto(`${site.url}/moderation`);
    expect(refused?.status()).toBe(404);
    await expect.poll(() => member.page.getByRole('heading', { level: 1, name: 'This page could not be found' }).count()).toBe(1);
    expect(await member.page.getByRole('link', { name: 'Photo moderation' }).count()).toBe(0);

    // A third member does not see it yet.
    const viewer = await loggedIn('premium@demo.test', { width: 1280, height: 900 });
    await viewer.page.goto(`${site.url}/members/${memberId}`);
    await expect.poll(() => viewer.page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await showsPhoto(viewer.page, stored as string)).toBe(0);

    // The moderator reaches /moderation through the "me" tab and approves it.
    const moderator = await loggedIn('moderator@demo.test');
    await tab(moderator.page, 'Me').click();
    await moderator.page.getByRole('link', { name: 'Photo moderation' }).click();
    await moderator.page.waitForURL(/\/moderation$/);
    await expect.poll(() => moderator.page.getByRole('heading', { level: 1, name: 'Photo moderation' }).count()).toBe(1);
    const card = moderator.page.locator('.moderation-grid li', { has: moderator.page.locator(`img[src*="${stored}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    // The decision runs the page's action in the page (a fetcher of the photo's form): no page post.
    const pagePosts: string[] = [];
    moderator.page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await moderator.page.locator('html[data-hydrated]').waitFor();
    await card.getByRole('button', { name: 'Approve the photo of Free Floris' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => moderator.page.getByText('The photo of Free Floris is approved.').count()).toBe(1);
    expect(pagePosts).toEqual([]);

    // Now the third member sees it on the member's profile.
    await viewer.page.reload();
    await expect.poll(() => showsPhoto(viewer.page, stored as string)).toBeGreaterThan(0);

    expect(moderator.problems).toEqual([]);
    expect(viewer.problems).toEqual([]);
    // The refused /moderation answered 404 on purpose; nothing else may fail.
    expect(member.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });

  it('When JavaScript is off, then a moderator decides a reported member’s case and dismisses a notice on /moderation/reports; a missing field comes back with its message', async () => {
    // A member reports another, and a visitor sends a notice whose URL names nobody (as their forms would).
    const reported = await loggedIn('free@demo.test');
    const target = await reported.page.evaluate(
      async () => ((await (await fetch('/api/user.php')).json()) as { user: { id: number; profile: { name: string } } }).user,
    );
    const reporter = await loggedIn('premium@demo.test');
    const filed = await reporter.page.evaluate(async (id) => {
      const res = await fetch('/api/report.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ target: { kind: 'profile', id }, reason: 'other', details: 'Rude profile.' }),
      });
      return res.status;
    }, target.id);
    expect(filed).toBe(201);
    const reference = await reporter.page.evaluate(async () => {
      const res = await fetch('/api/notice.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'A visitor',
          email: 'visitor@example.test',
          content_url: 'https://example.test/nowhere',
          explanation: 'Illegal goods are offered somewhere.',
          good_faith: true,
        }),
      });
      return ((await res.json()) as { reference: string }).reference;
    });

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill('moderator@demo.test');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);
    await page.goto(`${site.url}/moderation/reports`, loaded);
    const card = page.getByRole('article', { name: target.profile.name });
    await card.waitFor();

    // Without facts the page comes back (no JSON, no 500) with the form's message.
    const refused = page.waitForResponse((r) => r.url().endsWith('/moderation/reports') && r.request().method() === 'POST');
    await card.getByRole('button', { name: 'Decide' }).click();
    expect((await refused).status()).toBe(200);
    await expect.poll(() => card.getByRole('alert').textContent()).toContain('Please describe the facts and circumstances.');

    // Every field shows without JavaScript; the action takes those of the chosen action.
    await card.getByLabel('Action').selectOption('warn');
    await card.getByLabel('Rule of the terms').selectOption('harassment_hate');
    await card.getByLabel('Facts and circumstances (the member reads them)').fill('A rude profile text.');
    await card.getByRole('button', { name: 'Decide' }).click();
    await page.waitForURL(/\/moderation\/reports\?decided=/, loaded);
    expect(await page.getByTestId('queue-notice').textContent()).toContain(`The reports about ${target.profile.name} are decided.`);
    expect(await page.getByRole('article', { name: target.profile.name }).count()).toBe(0);

    // The notice that names nobody: dismissed with its button.
    const notice = page.getByTestId('queued-notice').filter({ hasText: reference });
    await notice.getByRole('button', { name: 'Dismiss: no violation' }).click();
    await page.waitForURL(/\/moderation\/reports\?notice=dismissed/, loaded);
    expect(await page.getByTestId('queue-notice').textContent()).toContain(`Notice ${reference} was dismissed.`);
    await context.close();

    // The member got the statement of reasons.
    const statements = await reported.page.evaluate(
      async () => ((await (await fetch('/api/statements.php')).json()) as { statements: { action: string; facts: string }[] }).statements,
    );
    expect(statements[0]).toMatchObject({ action: 'warn', facts: 'A rude profile text.' });
    expect(reporter.problems).toEqual([]);
    expect(reported.problems).toEqual([]);
  }, 200_000);

  it('When an admin makes a member a moderator on /moderation/team — without JavaScript, on a phone — then the member moderates at once; when the admin withdraws it with the keyboard, then his next page is a 404', async () => {
    const member = await loggedIn('premium@demo.test');
    expect((await member.page.goto(`${site.url}/moderation`))?.status()).toBe(404);

    // Without JavaScript: an unknown address comes back with its message and what was typed; the member's is granted.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const noJs = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await noJs.goto(`${site.url}/login`, loaded);
    await noJs.getByLabel(/e-?mail/i).fill('admin@demo.test');
    await noJs.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await noJs.getByRole('button', { name: /log ?in/i }).click();
    await noJs.waitForURL(/\/members/, loaded);
    await noJs.goto(`${site.url}/moderation/team`, loaded);
    const field = noJs.getByLabel('Member id or e-mail address');
    await field.fill('nobody-here@example.test');
    const refused = noJs.waitForResponse((r) => r.url().endsWith('/moderation/team') && r.request().method() === 'POST');
    await field.press('Enter');
    expect((await refused).status()).toBe(200);
    await expect
      .poll(() => noJs.getByRole('alert').textContent())
      .toContain('No active member of this site has that id or e-mail address.');
    expect(await noJs.getByLabel('Member id or e-mail address').inputValue()).toBe('nobody-here@example.test');
    await noJs.getByLabel('Member id or e-mail address').fill('premium@demo.test');
    await noJs.getByRole('button', { name: 'Make moderator' }).click();
    await noJs.waitForURL(/\/moderation\/team\?granted=/, loaded);
    expect(await noJs.getByTestId('team-notice').textContent()).toContain('Premium Pieter is a moderator now.');
    await context.close();

    // His session as it was: the console is his from his next page.
    await member.page.goto(`${site.url}/moderation`);
    await expect.poll(() => member.page.getByRole('heading', { level: 1, name: 'Photo moderation' }).count()).toBe(1);
    // He is no admin: no team tab, and its page does not exist for him.
    expect(await member.page.getByRole('link', { name: 'Team', exact: true }).count()).toBe(0);

    // With JavaScript, on a phone: the admin reaches the team through the console's tabs and sees the grant and the audit.
    const admin = await loggedIn('admin@demo.test');
    await tab(admin.page, 'Me').click();
    await admin.page.getByRole('link', { name: 'Photo moderation' }).click();
    await admin.page.waitForURL(/\/moderation$/);
    await admin.page.getByRole('link', { name: 'Team', exact: true }).click();
    await admin.page.waitForURL(/\/moderation\/team$/);
    const card = admin.page.getByRole('article', { name: 'Premium Pieter' });
    await expect.poll(() => card.textContent()).toContain('given by Admin Arend');
    expect(await admin.page.getByTestId('role-change').first().textContent()).toMatch(
      /Premium Pieter: from member to moderator · by Admin Arend$/,
    );
    expect(await seriousViolations(admin.page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await admin.page.locator('html[data-hydrated]').waitFor();
    const withdraw = card.getByRole('button', { name: 'Withdraw the moderator role' });
    await withdraw.focus();
    await admin.page.keyboard.press('Enter');
    await expect.poll(() => admin.page.getByTestId('team-notice').textContent()).toContain('Premium Pieter is no longer a moderator.');
    await expect.poll(() => card.count()).toBe(0);

    // Withdrawn: his next page of the console is a 404.
    expect((await member.page.goto(`${site.url}/moderation/reports`))?.status()).toBe(404);
    expect((await member.page.goto(`${site.url}/moderation/team`))?.status()).toBe(404);

    expect(admin.problems).toEqual([]);
    // The refused console pages answered 404 on purpose; nothing else may fail.
    expect(member.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  }, 200_000);

  it('When a moderator reported a member himself, then the queue shows him the case as not his to decide, without a decision form, and a second moderator decides it', async () => {
    const moderator = await loggedIn('moderator@demo.test', { width: 1280, height: 900 });
    // A seeded member, none of the demo logins (the second moderator must be free to decide about him).
    const target = await moderator.page.evaluate(async () => {
      const demo = ['Free Floris', 'Premium Pieter', 'Moderator Mats', 'Moderator Morten', 'Admin Arend'];
      const list = (await (await fetch('/api/members.php?limit=10')).json()) as { profiles: { id: number; name: string }[] };
      return list.profiles.find((p) => !demo.includes(p.name)) as { id: number; name: string };
    });
    const filed = await moderator.page.evaluate(async (id) => {
      const res = await fetch('/api/report.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ target: { kind: 'profile', id }, reason: 'fake_scam_spam', details: 'Copies another profile.' }),
      });
      return res.status;
    }, target.id);
    expect(filed).toBe(201);
    await moderator.page.goto(`${site.url}/moderation/reports`);
    const own = moderator.page.getByRole('article', { name: target.name });
    await own.waitFor();
    expect(await own.getByTestId('case-not-yours').textContent()).toContain(
      'Not yours to decide. You reported this member yourself (a report or notice in this case): another moderator decides it.',
    );
    expect(await own.getByRole('button', { name: 'Decide' }).count()).toBe(0);
    // The backend refuses it too, in his language.
    const refused = await moderator.page.evaluate(async (id) => {
      const res = await fetch('/api/report-decision.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ member: id, reports: [], action: 'warn', rule: 'other', facts: 'Mine.' }),
      });
      return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
    }, target.id);
    expect(refused).toEqual({ status: 403, code: 'own_report' });

    const second = await loggedIn('moderator2@demo.test');
    await second.page.goto(`${site.url}/moderation/reports`);
    const card = second.page.getByRole('article', { name: target.name });
    await card.waitFor();
    expect(await card.getByTestId('case-not-yours').count()).toBe(0);
    await card.getByLabel('Action').selectOption('warn');
    await card.getByLabel('Facts and circumstances (the member reads them)').fill('The profile copies another member’s photos.');
    await card.getByRole('button', { name: 'Decide' }).click();
    await expect
      .poll(() => second.page.getByTestId('queue-notice').textContent())
      .toContain(`The reports about ${target.name} are decided.`);
    // The refused decision answered 403 on purpose; nothing else may fail.
    expect(moderator.problems.filter((p) => !p.includes('status of 403'))).toEqual([]);
    expect(second.problems).toEqual([]);
  }, 200_000);
});
