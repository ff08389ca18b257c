import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The smallest phone the site is made for: a banner may take a fifth of its height at most. */
const SMALL_PHONE = { width: 320, height: 640 } as const;

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a mail header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/**
 * A phone's browser as the site meets it: headless Chromium names itself `HeadlessChrome`, which the site (rightly)
 * takes for a bot, and bots are offered nothing.
 */
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * A German phone: Chromium in de-DE whose requests say `Accept-Language: de`, on the site's English default host, with
 * or without JavaScript.
 */
async function germanPhone(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number }; colorScheme?: 'dark' } = {},
) {
  return browser.newContext({
    viewport: options.viewport ?? PHONE,
    locale: 'de-DE',
    userAgent: PHONE_BROWSER,
    extraHTTPHeaders: { 'Accept-Language': 'de' },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  });
}

const offer = (page: Page) => page.getByRole('region', { name: 'Sprachvorschlag' });

describe.skipIf(!runE2e)('the language offer of a first visit, and the language of his mails', () => {
  let site: RunningSite;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await site?.stop();
  });

  /** The subject and the HTML part's language of the newest mail to `to` (DATA_DIR/mail), once it is written. */
  async function mailTo(to: string): Promise<{ subject: string; lang: string | null }> {
    const dir = join(site.dataDir, 'mail');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
      for (const f of files) {
        const eml = await readFile(join(dir, f), 'utf8');
        const split = eml.search(/\r?\n\r?\n/);
        // Folded header lines are unfolded; the body's quoted-printable soft line breaks are joined.
        const headers = eml.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
        const body = eml.slice(split).replace(/=\r?\n/g, '');
        if (!/^To: (.*)$/m.exec(headers)?.[1]?.includes(to)) continue;
        const subject = decodeHeader(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
        const lang = /<html lang=3D"([a-z]{2})"/.exec(body)?.[1] ?? null;
        return { subject, lang };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('When a German phone opens the English site, then the first page is English and offers German in German; one tap switches, German stays on the next page, and the signup mails him in German', async () => {
    const context = await germanPhone(browser);
    contexts.push(context);
    const page = await context.newPage();
    // Errors and hydration warnings: the offer's own chunk comes after the entry, and the page must hydrate all the same.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });

    await page.goto(`${site.url}/`);
    // The site's own language on a first visit, as the specification says.
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await offer(page).waitFor();
    expect(await offer(page).getAttribute('lang')).toBe('de');
    expect(await offer(page).textContent()).toContain('Deutsch? Diese Seite auf Deutsch anzeigen');
    // Compact: within a fifth of the screen, in the banner area above the page.
    const box = await offer(page).boundingBox();
    expect(box?.height).toBeLessThanOrEqual(PHONE.height / 5);
    expect(await seriousViolations(page)).toEqual([]);

    await offer(page).getByRole('link', { name: 'Auf Deutsch' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await offer(page).count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('de');

    // The next page is German too, from the server on.
    await page.goto(`${site.url}/signup`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await offer(page).count()).toBe(0);

    const email = `deutsch${Date.now()}@example.test`;
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('erstes-passwort');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Foto später hinzufügen' }).click();
    await page.getByLabel('Profilname').fill('Deutscher');
    await page.getByLabel('Geburtsdatum').fill('1990-05-17');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Mein Konto erstellen' }).click();
    await page.locator('[data-testid=signup-push], [data-testid=signup-check-mail]').first().waitFor();
    if (await page.getByTestId('signup-push').isVisible()) await page.getByRole('button', { name: 'Jetzt nicht' }).click();
    await page.getByTestId('signup-check-mail').waitFor();

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für ManMatch');
    expect(mail.lang).toBe('de');
    // His account keeps the language of the page he signed up on.
    const me = await page.request.get(`${site.url}/api/user.php`);
    expect(((await me.json()) as { user: { language: string } }).user.language).toBe('de');
    expect(problems).toEqual([]);
  });

  it('When the German visitor taps "Nein, danke", then the offer closes in place and is not asked again, even without the language cookie', async () => {
    const context = await germanPhone(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${site.url}/pricing`);
    await offer(page).waitFor();
    // Keyboard: from the last link of the top bar, Tab reaches the offer's button, drawn with a visible focus ring.
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, ring: el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none') };
    });
    expect(focused).toEqual({ text: 'Auf Deutsch', ring: true });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => offer(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await context.cookies()).some((c) => c.name === 'dismissed_language_offer')).toBe(true);

    await page.reload();
    expect(await offer(page).count()).toBe(0);
    // Without a language cookie (never set, or gone) the dismissal alone keeps him from being asked again.
    await context.clearCookies({ name: 'locale' });
    await page.goto(`${site.url}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await offer(page).count()).toBe(0);
  });

  it('When a Dutch phone opens the Dutch site, then the page is Dutch and nothing is offered', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL', userAgent: PHONE_BROWSER });
    contexts.push(context);
    const page = await context.newPage();
    const port = new URL(site.url).port;
    await page.goto(`http://nl.localhost:${port}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    expect(await page.title()).toContain('Mannenmatch');
    expect(await page.locator('.language-offer').count()).toBe(0);
  });

  it('When a German phone without JavaScript answers the offer, then "Auf Deutsch" switches the page and "Nein, danke" keeps English for good', async () => {
    // Without scripts a page is ready once its HTML is there.
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    const switching = await germanPhone(browser, { javaScriptEnabled: false });
    contexts.push(switching);
    const page = await switching.newPage();
    await page.goto(`${site.url}/pricing?network=tj`, loaded);
    await offer(page).getByRole('link', { name: 'Auf Deutsch' }).click();
    await page.waitForURL(`${site.url}/pricing?network=tj`, loaded);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await offer(page).count()).toBe(0);

    const keeping = await germanPhone(browser, { javaScriptEnabled: false });
    contexts.push(keeping);
    const other = await keeping.newPage();
    await other.goto(`${site.url}/pricing`, loaded);
    await offer(other).getByRole('link', { name: 'Nein, danke' }).click();
    await other.waitForURL(`${site.url}/pricing`, loaded);
    expect(await other.locator('html').getAttribute('lang')).toBe('en');
    expect(await offer(other).count()).toBe(0);
    expect((await keeping.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
  });

  it('When the offer shows on a 320 × 640 phone and on a desktop, then it takes at most a fifth of the small screen, scrolls nothing sideways, and is one line on the desktop', async () => {
    for (const viewport of [SMALL_PHONE, DESKTOP]) {
      const context = await germanPhone(browser, { viewport });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await offer(page).waitFor();
      const box = await offer(page).boundingBox();
      expect(box?.height).toBeLessThanOrEqual(SMALL_PHONE.height / 5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      // The text and the buttons are centred in the bar: on one line they share their vertical middle.
      const middles = await offer(page)
        .locator('.prompt-text, a')
        .evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect()).map((box) => box.top + box.height / 2));
      if (viewport === DESKTOP) expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
      // The two buttons always share a row.
      const [accept, keep] = await offer(page)
        .locator('a')
        .evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
      expect(accept).toBe(keep);
    }
  });

  it('When the German visitor uses dark mode, then the offer has no serious accessibility problem there either', async () => {
    const context = await germanPhone(browser, { colorScheme: 'dark' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await offer(page).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
