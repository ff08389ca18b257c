import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumAvailable = existsSync(CHROMIUM_PATH);
/** CI sets E2E_REQUIRED=1: then a missing Chromium is a failure, not a skip. */
const e2eRequired = process.env.E2E_REQUIRED === '1';
export const runE2e = chromiumAvailable || e2eRequired;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumAvailable) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => appReadyContext(await newContext(...args));
  return browser;
}

/**
 * A page's scripts load after its first paint (src/server/boot-script.ts), so the load event that `goto`, `reload`,
 * `goBack` and `waitForURL` wait for no longer means the page works: in every context of the suite they also wait until
 * an app page has hydrated (`<html data-hydrated>`, src/client/app/hydrate.tsx), unless told to wait for less
 * (`waitUntil: 'commit'` or `'domcontentloaded'`). Pages without the app's state (static files, error documents) do not
 * wait.
 */
const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'] as const;
const readyPages = new WeakSet<Page>();

function appReadyContext(context: BrowserContext): BrowserContext {
  context.on('page', appReadyPage);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => appReadyPage(await newPage());
  return context;
}

function appReadyPage(page: Page): Page {
  if (readyPages.has(page)) return page;
  readyPages.add(page);
  for (const name of NAVIGATIONS) {
    const navigate = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await navigate(...args);
      const options = args.find((a): a is { waitUntil?: string } => typeof a === 'object' && a !== null && 'waitUntil' in a);
      if (options?.waitUntil !== 'commit' && options?.waitUntil !== 'domcontentloaded') await hydrated(page);
      return result;
    };
  }
  return page;
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getElementById('__APP_STATE__') === null || document.documentElement.hasAttribute('data-hydrated'),
    undefined,
    { timeout: 15_000 },
  );
}
