import { beforeAll, describe, expect, it } from 'vitest';
import { compileSheet, compileSheets } from '../../../tests/support/sass';
import { BREAKPOINTS } from '../../shared/constants';

/** The declarations of every rule whose selector is exactly `selector`, together. */
function ruleOf(css: string, selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...css.matchAll(new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'gm'))].map((m) => m[1]).join('\n');
}

describe('theme, toasts and breakpoints', () => {
  // The entry's stylesheet (on every page: the theme, dark mode, breakpoints) and all of the site's sheets together.
  let css = '';
  let all = '';
  beforeAll(() => {
    css = compileSheet('src/client/styles/main.scss');
    all = [...compileSheets().values()].join('\n');
  }, 60_000);

  it('When the stylesheet is built, then primary is orange, secondary light blue, dark purple, and unread messages have their own colour', () => {
    // Bootstrap's custom properties on :root (and [data-bs-theme=light]).
    const root = css;
    expect(root).toMatch(/--bs-primary:\s*#cc4b0c/);
    expect(root).toMatch(/--bs-secondary:\s*#8ecae6/);
    expect(root).toMatch(/--bs-dark:\s*#2d1b45/);
    expect(root).toMatch(/--bs-unread:\s*#e0197d/);
    expect(ruleOf(css, '.text-bg-unread')).toMatch(/background-color:\s*RGBA\(var\(--bs-unread-rgb\)/);
  });

  it('When a toast is drawn, then it is at most 350 px wide and opaque (the surface colour, not a translucent white)', () => {
    // In the members' sheet: only a member's message toasts use Bootstrap's toasts.
    expect(ruleOf(all, '.toast')).toMatch(/--bs-toast-max-width:\s*350px/);
    expect(ruleOf(all, '.toast')).toMatch(/--bs-toast-bg:\s*var\(--app-surface\)/);
  });

  it('When the system asks for dark mode, then a media query (no script, no data attribute) turns the page and the shared surfaces dark', () => {
    const dark = [...css.matchAll(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{([^}]*)\}/g)].map((m) => m[1]).join('\n');
    expect(dark).toMatch(/color-scheme:\s*dark/);
    expect(dark).toMatch(/--bs-body-bg:\s*#16111d/);
    expect(dark).toMatch(/--bs-body-color:\s*#e9e4ef/);
    expect(dark).toMatch(/--app-surface:\s*#221b2c/);
    // No theme switched by a data attribute (a script would have to set it: a light flash first).
    expect(css).not.toMatch(/^\[data-bs-theme=dark\]\s*\{/m);
    // The brand colours stay the same in both schemes.
    expect(dark).not.toMatch(/--bs-primary:/);
  });

  it('When the layout responds to the width, then its breakpoints are 576, 768, 992 and 1200 px', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200 });
    for (const px of Object.values(BREAKPOINTS)) expect(css, `${px}px`).toContain(`@media (min-width: ${px}px)`);
    expect(ruleOf(css, ':root')).toMatch(/--bs-breakpoint-sm:\s*576px/);
    expect(ruleOf(css, ':root')).toMatch(/--bs-breakpoint-xl:\s*1200px/);
  });
});
