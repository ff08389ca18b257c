import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, ownPhotosCount, PHONE, tab } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * Verified members on a 390 px phone, as the members and a moderator see it: a member asks and gets a pose, takes a
 * selfie with the camera button and uses it; the moderator approves it in the console; another member sees the badge on the card,
 * the profile and the chat header and finds him with "Verified"; a refusal reaches its member with its statement; and
 * a new main photo takes the badge away, saying why.
 */
describe.skipIf(!runE2e)('verified members in the browser', () => {
  let site: RunningSite;
  let browser: Browser;
  let freeId = 0;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const loggedIn = (email: string) => loggedInPage(browser, site.url, email, PHONE);
  const selfie = (colour: string) =>
    sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const idOf = (page: Page) =>
    page.evaluate(async () => ((await (await fetch('/api/user.php')).json()) as { user: { id: number } }).user.id);

  /**
   * Takes the selfie as a member does once the page has hydrated: "Take your selfie" opens the camera (the picker
   * here), the picture shows beside the pose, and "Use this photo" sends it.
   */
  async function takeAndUse(page: Page, colour: string): Promise<void> {
    const field = page.locator('input[type="file"][name="photo"]');
    expect(await field.getAttribute('capture')).toBe('user');
    expect(await field.getAttribute('accept')).toBe('image/*');
    await page.locator('html[data-hydrated]').waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Take your selfie' }).click()]);
    await chooser.setFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await selfie(colour) });
    await page.getByRole('img', { name: 'The selfie you chose' }).waitFor();
    await page.getByRole('button', { name: 'Use this photo' }).click();
    await page.getByText('Your selfie was sent. A moderator will compare it with your photos soon').waitFor();
  }

  /** On /verification: asks for a pose and sends a selfie through the camera button. */
  async function askAndSend(page: Page, colour: string): Promise<void> {
    await page.goto(`${site.url}/verification`);
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.getByRole('heading', { name: 'Your pose' }).waitFor();
    await takeAndUse(page, colour);
  }

  it('When a member asks on his phone, he gets a drawn pose and sends a selfie, and the moderator approves it in the console, then another member sees the badge on the card, the profile and the chat header and finds him with "Verified", and his own open page shows it without a reload', async () => {
    const member = await loggedIn('free@demo.test');
    freeId = await idOf(member.page);
    await tab(member.page, 'Me').click();
    await member.page.getByRole('link', { name: 'Edit my profile and photos' }).click();
    await member.page.waitForURL(/\/profile$/);
    const summary = member.page.getByTestId('verification-summary');
    await summary.getByRole('link', { name: 'Get verified' }).click();
    await member.page.waitForURL(/\/verification$/);
    await member.page.getByRole('heading', { level: 1, name: 'Verify your profile' }).waitFor();
    expect(await member.page.getByText('Your selfie is never shown to other members').count()).toBe(1);
    await member.page.getByRole('button', { name: 'Start verification' }).click();
    await member.page.getByRole('heading', { name: 'Your pose' }).waitFor();
    // The pose is drawn inline, its instruction its text alternative and written beside it.
    const drawing = member.page.locator('svg.pose-drawing[role="img"]');
    const instruction = (await drawing.getAttribute('aria-label')) ?? '';
    expect(instruction).toMatch(/face|head/);
    expect(await member.page.locator('.pose-text', { hasText: instruction }).count()).toBe(1);
    await takeAndUse(member.page, '#c96');
    expect(await member.page.getByRole('img', { name: 'Your selfie' }).count()).toBe(1);
    expect(await member.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The moderator finds it in the console beside the pose and the approved photos, and approves it.
    const moderator = await loggedIn('moderator@demo.test');
    await moderator.page.goto(`${site.url}/moderation`);
    await moderator.page.getByRole('link', { name: 'Verifications' }).click();
    await moderator.page.waitForURL(/\/moderation\/verifications$/);
    const item = moderator.page.getByTestId('verification-item').filter({ hasText: 'Free Floris' });
    await item.waitFor();
    expect(await item.getByRole('img', { name: 'Selfie of Free Floris' }).count()).toBe(1);
    expect(await item.getByRole('img', { name: 'Approved photo 1 of Free Floris' }).count()).toBe(1);
    expect(await item.getByRole('img', { name: instruction }).count()).toBe(1);
    await item.getByRole('button', { name: 'Approve' }).click();
    await moderator.page.getByText('Approved: Free Floris is verified.').waitFor();
    await expect.poll(() => item.count()).toBe(0);

    // He reads that he is verified on the page he kept open, without a reload: the decision comes on his event stream.
    await member.page.getByText('Your profile is verified.').waitFor();

    // Another member: the card, "Verified" among the quick filters, the profile and the chat header.
    const other = await loggedIn('premium@demo.test');
    await other.page.goto(`${site.url}/members`);
    const chips = other.page.getByRole('group', { name: 'Quick filters' });
    await chips.getByRole('button', { name: 'Verified' }).click();
    await other.page.waitForURL(/verified=true/);
    await expect.poll(() => chips.getByRole('button', { name: 'Verified' }).getAttribute('aria-pressed')).toBe('true');
    const card = other.page.locator(`a.member-card[href="/members/${freeId}"]`);
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'Verified' }).count()).toBe(1);
    const cards = other.page.locator('a.member-card');
    const badges = await cards.evaluateAll((links) => links.map((a) => a.querySelector('.verified-badge') !== null));
    expect(badges.length).toBeGreaterThan(1);
    expect(badges.every(Boolean)).toBe(true);

    await card.click();
    await other.page.waitForURL(new RegExp(`/members/${freeId}$`));
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).textContent()).toContain('Verified');

    await other.page.goto(`${site.url}/members/${freeId}/chat`);
    const header = other.page.locator('.chat-header');
    await header.getByRole('link', { name: 'Free Floris' }).waitFor();
    expect(await header.getByRole('img', { name: 'Verified' }).count()).toBe(1);

    expect(member.problems).toEqual([]);
    expect(moderator.problems).toEqual([]);
    expect(other.problems).toEqual([]);
    for (const page of [member.page, moderator.page, other.page]) await page.context().close();
  });

  it('When the moderator refuses a selfie with a reason, then the member reads the statement of reasons on his phone and may try again with a new pose', async () => {
    const member = await loggedIn('premium@demo.test');
    await askAndSend(member.page, '#69c');
    const moderator = await loggedIn('moderator@demo.test');
    await moderator.page.goto(`${site.url}/moderation/verifications`);
    const item = moderator.page.getByTestId('verification-item').filter({ hasText: 'Premium Pieter' });
    // A refusal without its reason comes back asking for one, and nothing is decided.
    await item.getByRole('button', { name: 'Refuse' }).click();
    await moderator.page.getByText('Choose the reason for the refusal.').waitFor();
    await item.getByLabel('Reason, when you refuse').selectOption({ label: 'Photo of a photo' });
    await item.getByRole('button', { name: 'Refuse' }).click();
    await moderator.page.getByText('Refused: Premium Pieter has been sent the statement of reasons.').waitFor();

    await member.page.reload();
    await member.page.getByRole('heading', { name: 'Your selfie was not approved' }).waitFor();
    expect(await member.page.getByText('Statement of reasons: a moderator did not approve your selfie').count()).toBe(1);
    expect(await member.page.getByText('The selfie is a photo of a photo or of a screen, not one taken now.').count()).toBe(1);
    expect(await member.page.getByText('A person took this decision; no automated means were used.').count()).toBe(1);
    await member.page.getByRole('button', { name: 'Try again with a new pose' }).click();
    await member.page.getByRole('heading', { name: 'Your pose' }).waitFor();
    expect(member.problems).toEqual([]);
    expect(moderator.problems).toEqual([]);
    for (const page of [member.page, moderator.page]) await page.context().close();
  });

  it('When the verified member makes a new photo his main photo, then his badge goes, he is told why, and other members no longer see it', async () => {
    const member = await loggedIn('free@demo.test');
    await member.page.goto(`${site.url}/profile`);
    await member.page.locator('html[data-hydrated]').waitFor();
    const before = await member.page.locator('.own-photos li').count();
    await member.page
      .locator('input[type="file"][name="photo"]')
      .setInputFiles({ name: 'new-main.jpg', mimeType: 'image/jpeg', buffer: await selfie('#3a6') });
    await ownPhotosCount(member.page, before + 1);
    await member.page.locator('.own-photos li').last().getByRole('button', { name: 'Make main photo' }).click();
    const summary = member.page.getByTestId('verification-summary');
    await expect
      .poll(() => summary.textContent())
      .toContain('Your verified badge was removed because your main photo is one a moderator has not matched with your selfie.');

    const other = await loggedIn('premium@demo.test');
    await other.page.goto(`${site.url}/members/${freeId}`);
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await other.page.getByRole('heading', { level: 1 }).textContent()).not.toContain('Verified');
    await other.page.goto(`${site.url}/members?verified=true`);
    await other.page.locator('a.member-card').first().waitFor();
    expect(await other.page.locator(`a.member-card[href="/members/${freeId}"]`).count()).toBe(0);
    expect(member.problems).toEqual([]);
    expect(other.problems).toEqual([]);
    for (const page of [member.page, other.page]) await page.context().close();
  });

  it('When a photo is approved in the photo queue while his selfie waits and he makes it his main photo, then the console shows only the photos he had, the approval does not verify the new one, and he has no badge and is told why', async () => {
    // The premium member's second try (the refusal above let him start one): his selfie in its pose.
    const member = await loggedIn('premium@demo.test');
    const memberId = await idOf(member.page);
    await member.page.goto(`${site.url}/verification`);
    await member.page.getByRole('heading', { name: 'Your pose' }).waitFor();
    await takeAndUse(member.page, '#96c');

    // While it waits he adds a photo, and a moderator approves it in the ordinary photo queue.
    await member.page.goto(`${site.url}/profile`);
    await member.page.locator('html[data-hydrated]').waitFor();
    const before = await member.page.locator('.own-photos li').count();
    await member.page
      .locator('input[type="file"][name="photo"]')
      .setInputFiles({ name: 'later.jpg', mimeType: 'image/jpeg', buffer: await selfie('#c69') });
    await ownPhotosCount(member.page, before + 1);
    const src = (await member.page.locator('.own-photos li img').last().getAttribute('src')) ?? '';
    const stored = /\/([0-9a-f]{32})-(?:full|thumb)\.jpg$/.exec(src)?.[1] as string;
    expect(stored).toMatch(/^[0-9a-f]{32}$/);
    const moderator = await loggedIn('moderator@demo.test');
    await moderator.page.goto(`${site.url}/moderation`);
    await moderator.page.locator('html[data-hydrated]').waitFor();
    const card = moderator.page.locator('.moderation-grid li', { has: moderator.page.locator(`img[src*="${stored}"]`) });
    await card.getByRole('button', { name: 'Approve the photo of Premium Pieter' }).click();
    await expect.poll(() => moderator.page.getByText('The photo of Premium Pieter is approved.').count()).toBe(1);

    // The console shows his selfie beside the photos he had when he sent it, not the one approved since.
    await moderator.page.goto(`${site.url}/moderation/verifications`);
    const item = moderator.page.getByTestId('verification-item').filter({ hasText: 'Premium Pieter' });
    await item.waitFor();
    expect(await item.getByText('His approved photos when he sent the selfie: only these are verified').count()).toBe(1);
    expect(await item.getByRole('img', { name: /^Approved photo \d+ of Premium Pieter$/ }).count()).toBeGreaterThan(0);
    expect(await item.locator(`img[src*="${stored}"]`).count()).toBe(0);
    await item.getByRole('button', { name: 'Approve' }).click();
    await moderator.page.getByText('Approved: Premium Pieter is verified.').waitFor();

    // He makes the photo approved later his main photo: no badge, and his profile says why.
    await member.page.reload();
    await member.page.locator('html[data-hydrated]').waitFor();
    await member.page
      .locator('.own-photos li', { has: member.page.locator(`img[src*="${stored}"]`) })
      .getByRole('button', { name: 'Make main photo' })
      .click();
    await expect
      .poll(() => member.page.getByTestId('verification-summary').textContent())
      .toContain('Your verified badge was removed because your main photo is one a moderator has not matched with your selfie.');
    const other = await loggedIn('free@demo.test');
    await other.page.goto(`${site.url}/members/${memberId}`);
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await other.page.getByRole('heading', { level: 1 }).textContent()).not.toContain('Verified');
    expect(member.problems).toEqual([]);
    expect(moderator.problems).toEqual([]);
    expect(other.problems).toEqual([]);
    for (const page of [member.page, moderator.page, other.page]) await page.context().close();
  });
});
