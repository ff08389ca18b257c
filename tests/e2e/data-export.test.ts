import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzip } from '../../mock-backend/test/zip';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE, watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('download my data and the transparency report in the browser', () => {
  let site: RunningSite;
  let browser: Browser;
  let mailedLink = '';

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('When a member asks for his data on a phone, then it is prepared, the link downloads a zip, and he may ask again only tomorrow', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/settings');
    const section = page.getByRole('region', { name: 'Download my data' });
    // The request runs the settings page's route action through the router: no page is posted.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await section.getByRole('button', { name: 'Download my data' }).click();
    // The job builds it in the background; the section shows the link once it is ready (it asks again while pending).
    const link = section.getByRole('link', { name: 'Download your data (zip)' });
    await expect.poll(() => link.count(), { timeout: 60_000, interval: 500 }).toBe(1);
    expect(await section.getByText(/You can ask again from/).count()).toBe(1);
    expect(pagePosts).toEqual([]);
    expect(await section.getByRole('button', { name: 'Download my data' }).count()).toBe(0);
    // The link is mailed to him too: it opens the download page, not the backend's answer.
    const mailed = async () => {
      const dir = join(site.dataDir, 'mail');
      for (const name of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
        const eml = (await readFile(join(dir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const link = /\/data-export\/download\?key=[0-9a-f]{32}/.exec(eml)?.[0];
        if (eml.includes('To: premium@demo.test') && link) return link;
      }
      return null;
    };
    await expect.poll(mailed, { timeout: 30_000, interval: 250 }).not.toBeNull();
    mailedLink = (await mailed()) as string;
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const file = await readFile((await download.path()) as string);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    // His messages and his photo files are in it.
    const files = await unzip(file);
    const conversations = JSON.parse(files.get('conversations.json')!.toString('utf8')) as { messages: unknown[] }[];
    expect(conversations.some((c) => c.messages.length > 0)).toBe(true);
    expect([...files.keys()].some((name) => /^photos\/\d+\.\w+$/.test(name))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('When a logged-out visitor opens the mailed link, then the login page comes first and, once he logs in, the zip downloads', async () => {
    const { page } = await watchedPage(browser, { viewport: PHONE });
    await page.goto(`${site.url}${mailedLink}`);
    await page.waitForURL(/\/login\?return=/);
    await page.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await page.getByLabel(/password/i).fill('demo-password');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /log ?in/i }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect((await readFile((await download.path()) as string)).subarray(0, 2).toString()).toBe('PK');
  });

  it('When a moderator opens /moderation/transparency, then the counts show and the statements download as JSON; a member gets 404', async () => {
    const { page } = await loggedInPage(browser, site.url, 'moderator@demo.test', DESKTOP, '/moderation/transparency');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Transparency report' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('table', { name: 'Reports by reason' }).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('transparency-download').click()]);
    const body = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as { statements: unknown[] };
    expect(Array.isArray(body.statements)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const member = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    expect((await member.page.goto(`${site.url}/moderation/transparency`))?.status()).toBe(404);
  });
});
