import type { Page } from 'playwright-core';

// The rules of a phone's screen that the phone tests share (phone.test.ts, phone-languages.test.ts): the banner rule
// and the tab bar's.

/**
 * The banners the page shows (the language offer and the member's one prompt above the page, the push ask's sheet at
 * the bottom), with their heights: at most one at a time, each within a fifth of the screen's height.
 */
export const banners = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.language-offer, .prompt-slot, .push-alert-sheet')]
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height > 0)
      .map((el) => ({
        banner: `${[...el.classList].join('.')} "${el.textContent?.trim().slice(0, 40)}"`,
        height: el.getBoundingClientRect().height,
      })),
  );

/** What breaks the banner rule on the page as it is: more than one banner, or one taller than a fifth of the screen. */
export async function bannerProblems(page: Page): Promise<string[]> {
  const shown = await banners(page);
  const fifth = (page.viewportSize()?.height ?? 0) / 5;
  return [
    ...(shown.length > 1 ? [`${shown.length} banners: ${shown.map((b) => b.banner).join(', ')}`] : []),
    ...shown.filter((b) => b.height > fifth + 0.5).map((b) => `${b.banner} is ${Math.round(b.height)} px high (a fifth: ${fifth} px)`),
  ];
}

/**
 * The elements of `selector` that are not fully visible above the tab bar: on the screen, clear of the tab bar's box
 * (their boxes do not intersect it) and not covered by anything else at their centre (a sticky bar, a sheet).
 */
export const notClearOfTabBar = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const bar = document.querySelector('.app-tabs')?.getBoundingClientRect();
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
    if (!bar || found.length === 0) return [`${selector}: ${bar ? 'not on the page' : 'no tab bar'}`];
    return found.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.trim().slice(0, 30)}"`;
      if (box.top < 0 || box.bottom > window.innerHeight)
        return [`${name} is off the screen (${Math.round(box.top)}–${Math.round(box.bottom)})`];
      if (box.bottom > bar.top && box.top < bar.bottom)
        return [`${name} (${Math.round(box.top)}–${Math.round(box.bottom)}) meets the tab bar (${Math.round(bar.top)})`];
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit && (hit === el || el.contains(hit))
        ? []
        : [`${name} is covered by ${hit?.tagName.toLowerCase()}.${hit ? [...hit.classList].join('.') : ''}`];
    });
  }, selector);
