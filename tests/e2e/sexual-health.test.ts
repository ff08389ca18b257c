import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * Sexual health on a 390 px phone: a member consents on a screen of its own, fills in his details for his matches, his
 * match (reading the site in German) sees them on his profile and a member who is no match does not; withdrawn, they
 * are gone for the match too. Few page loads: one member page each after the login, the rest in the page.
 */

async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

const idOf = async (page: Page): Promise<number> => ((await api(page, 'GET', '/user.php')).body as { user: { id: number } }).user.id;
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.skipIf(!runE2e)('sexual health in the browser', () => {
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

  it('When a member consents and fills in his details for his matches, then his match sees them in German and a non-match does not; withdrawn, they are gone', async () => {
    const owner = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const match = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const other = await loggedInPage(browser, site.url, 'moderator@demo.test', PHONE);
    const [ownerId, matchId, otherId] = [await idOf(owner.page), await idOf(match.page), await idOf(other.page)];
    // A match made here, and no like either way with the other member.
    expect((await api(owner.page, 'POST', '/like.php', { profile_id: matchId })).status).toBe(200);
    expect((await api(match.page, 'POST', '/like.php', { profile_id: ownerId })).status).toBe(200);
    await api(owner.page, 'DELETE', '/like.php', { profile_id: otherId });
    await api(other.page, 'DELETE', '/like.php', { profile_id: ownerId });

    // From his own profile to the consent screen: nothing of the form before he agrees.
    const page = owner.page;
    await page.goto(`${site.url}/profile`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByTestId('sexual-health-card').getByRole('link', { name: 'Sexual health settings' }).click();
    await page.waitForURL(/\/sexual-health$/);
    await page.getByRole('heading', { name: 'Before you start: your consent' }).waitFor();
    expect(await page.getByLabel('HIV status').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('I agree that the site stores my sexual health details as described above.').check();
    await page.getByRole('button', { name: 'Agree and continue' }).click();

    await page.getByLabel('HIV status').selectOption('negative');
    await page.getByLabel('On PrEP').selectOption('yes');
    await page.getByLabel('Last test').fill('2026-03-14');
    await page.getByRole('radio', { name: 'My matches (we liked each other)' }).check();
    await page.getByLabel('Remind me to test').selectOption('3_months');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your sexual health details have been saved.').waitFor();

    // The match reads the site in German: the details on the owner's profile, the date by Intl.
    await match.page.goto(`${site.url}/locale/de?return=${encodeURIComponent(`/members/${ownerId}`)}`);
    const facts = match.page.getByTestId('sexual-health-facts');
    await facts.getByRole('heading', { name: 'Sexuelle Gesundheit' }).waitFor();
    expect(await facts.textContent()).toContain('HIV-negativ');
    expect(await facts.textContent()).toContain('14.03.2026');
    expect(await fitsWidth(match.page)).toBe(true);

    // No match: the profile without them.
    await other.page.goto(`${site.url}/members/${ownerId}`);
    await other.page.locator('html[data-hydrated]').waitFor();
    expect(await other.page.getByTestId('sexual-health-facts').count()).toBe(0);

    // Withdrawn after a confirmation: everything is deleted and the consent screen is back.
    await page.getByRole('link', { name: 'Withdraw consent and delete' }).click();
    await page.getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Yes, withdraw and delete' }).click();
    await page.getByText('Your consent is withdrawn and your sexual health details have been deleted.').waitFor();
    expect(await page.getByLabel('I agree that the site stores my sexual health details as described above.').isChecked()).toBe(false);
    const profile = (await api(match.page, 'GET', `/profile.php?id=${ownerId}`)).body as { profile: Record<string, unknown> };
    expect(profile.profile).not.toHaveProperty('sexual_health');

    for (const { problems } of [owner, match, other]) expect(problems).toEqual([]);
  });
});
