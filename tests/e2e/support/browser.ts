import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (apt-get install chromium-headless-shell) when
 * the machine has it, else the full browser (apt-get install chromium). The full browser's headless mode is the whole
 * browser without a screen: every window it opens for a test (one per browser context) also starts renderers for its
 * own toolbar and tab strip, which the shell does not have — the same pages for less CPU. The shell has no push
 * service, so a test of Web Push asks for the full browser. CHROMIUM_PATH names another binary for both.
 */
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const chromiumAvailable = existsSync(FULL_BROWSER);
/** CI sets E2E_REQUIRED=1: then a missing Chromium is a failure, not a skip. */
const e2eRequired = process.env.E2E_REQUIRED === '1';
export const runE2e = chromiumAvailable || e2eRequired;

/**
 * Starts Chromium for a test file: the headless shell when installed, or the full browser (`full`, or no shell).
 *
 * Its contexts keep the site's service worker out unless the file asks for it (`serviceWorkers`), as the files that
 * test the worker do (the app shell offline, the outbox, push): a member's every page registers it, and its install
 * downloads the build's shell once more into a cache of its own — in each of the suite's few hundred fresh contexts,
 * for pages whose tests are not about it. A context may still choose for itself.
 */
export async function launchBrowser(options: { full?: boolean; serviceWorkers?: boolean } = {}): Promise<Browser> {
  if (!chromiumAvailable) throw new Error(`Chromium not found at ${FULL_BROWSER}: apt-get install -y chromium chromium-headless-shell`);
  const browser = await chromium.launch({
    executablePath: !options.full && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER,
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
  const serviceWorkers = options.serviceWorkers ? 'allow' : 'block';
  browser.newContext = async (contextOptions?: Parameters<Browser['newContext']>[0]) =>
    appReadyContext(await newContext({ serviceWorkers, ...contextOptions }));
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
