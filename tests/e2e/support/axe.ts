import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it is now, once its CSS animations and transitions
 * have finished: a button caught halfway through its focus transition, or a dialog fading in, would be measured with
 * colours it never keeps (a contrast "violation" only a slow machine sees).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 })
    .catch(() => {
      // An endless animation (a spinner) never finishes; axe then measures the page as it is.
    });
  // Legacy mode runs axe.run() in the page itself: the default runs each frame's part and then finishes in a blank page
  // of its own, with axe's 550 KB source evaluated once more there (the site's pages have no frames). Only the
  // violations' nodes are collected (`resultTypes`): the passes and the incomplete ones are what this never reads.
  // Together about half of each check's time (1.5–2.6 s → 0.7–0.9 s a page on a quiet machine), the same violations.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
