/**
 * Build-time facts about a library of the browser build that their published files leave to run time,
 * so the bundler can leave out code that can never run (client build only; the server runs the packages unchanged):
 *
 *   - react-router's production build keeps `X.displayName = "…"` assignments (React DevTools names) and calls
 *     `React.forwardRef` / `React.createContext` / `React.memo` at module level without a pure annotation, which
 *     keeps every component of the package alive whether the site uses it or not (Form, ScrollRestoration,
 *     HistoryRouter, the data-router and framework-mode parts). The names go and the calls are marked pure; what the
 *     site imports is bundled as before. The browser router's options the site never passes (instrumentations, lazy
 *     route discovery) and the RSC router's error handling are written out as absent, so their code drops out too.
 *
 * Each rewrite names how many times it must apply: a library update that changes the text fails the build instead of
 * silently bundling the whole library again.
 *
 * This rewrites another package's published files (private code: nothing of it is the library's API), so it has a
 * switch back: `LIBRARY_TRIM=off` builds with react-router as published (docs/operations.md, "Private paths of
 * libraries"). The landing page's JavaScript then no longer fits its 118 KB budget (tests/e2e/landing-bundle.test.ts).
 */
import type { Plugin } from 'vite';

export interface Rewrite {
  /** What the rewrite is for (build error messages). */
  what: string;
  pattern: RegExp;
  replacement: string;
  /** At least this many matches per file the rule applies to. */
  atLeast: number;
}

export interface TrimRule {
  /** Module ids (absolute file paths) the rule applies to. */
  file: RegExp;
  rewrites: Rewrite[];
}

export const TRIM_RULES: TrimRule[] = [
  {
    file: /node_modules\/react-router\/dist\/production\/chunk-[\w-]+\.mjs$/,
    rewrites: [
      {
        what: 'react-router displayName assignments',
        pattern: /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm,
        replacement: '',
        atLeast: 1,
      },
      {
        what: 'react-router module-level React calls',
        pattern: /\b(React\d*)\.(forwardRef|createContext|memo)\(/g,
        replacement: '/* @__PURE__ */ $1.$2(',
        atLeast: 1,
      },
      // The site passes the browser router neither `instrumentations` nor `patchRoutesOnNavigation` (routes.tsx is the
      // whole table, hydrate.tsx) and never renders inside an RSC router: those branches can never run in the browser.
      {
        what: 'react-router router instrumentations',
        pattern: /\bif \(init\.instrumentations\) \{/g,
        replacement: 'if (false) {',
        atLeast: 2,
      },
      {
        what: 'react-router lazy route discovery',
        pattern: /\binit\.patchRoutesOnNavigation\b/g,
        replacement: 'undefined',
        atLeast: 5,
      },
      {
        what: 'react-router RSC error boundary',
        pattern: /\bthis\.context(?= &&|\))/g,
        replacement: 'false',
        atLeast: 2,
      },
    ],
  },
];

const global = (pattern: RegExp) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);

/**
 * Applies the rules to one module's code: the new code (null when no rule concerns the module) and how often each
 * rewrite matched. Rewrites keep the lines where they are (a removed assignment leaves an empty line), so the source
 * map of the module stays right to the line.
 */
export function trimLibrary(
  code: string,
  id: string,
  rules: TrimRule[] = TRIM_RULES,
): { code: string; counts: Map<Rewrite, number> } | null {
  const normalized = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const rule = rules.find((r) => r.file.test(normalized));
  if (!rule) return null;
  const counts = new Map<Rewrite, number>();
  let out = code;
  for (const rewrite of rule.rewrites) {
    counts.set(rewrite, out.match(global(rewrite.pattern))?.length ?? 0);
    out = out.replace(global(rewrite.pattern), rewrite.replacement);
  }
  return { code: out, counts };
}

/** LIBRARY_TRIM: `off` leaves the libraries as published; unset or `on` trims them. Anything else is refused. */
export function libraryTrimWanted(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`LIBRARY_TRIM must be on or off, not ${JSON.stringify(value)}`);
}

/**
 * The Vite plugin (build only). A rule's file may be split in several modules (react-router's shared chunks), so the
 * counts add up over the build, and the build fails when a rewrite matched fewer times than it must. With `trim`
 * false (LIBRARY_TRIM=off) it changes no module and counts nothing.
 */
export function libraryTrim({ trim = true, rules = TRIM_RULES }: { trim?: boolean; rules?: TrimRule[] } = {}): Plugin {
  const applied = new Map<Rewrite, number>();
  return {
    name: 'library-trim',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      if (!trim) return null;
      const result = trimLibrary(code, id, rules);
      if (!result) return null;
      for (const [rewrite, n] of result.counts) applied.set(rewrite, (applied.get(rewrite) ?? 0) + n);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error || !trim) return;
      for (const rule of rules) {
        for (const rewrite of rule.rewrites) {
          const n = applied.get(rewrite) ?? 0;
          if (n < rewrite.atLeast) {
            this.error(
              `library-trim: "${rewrite.what}" matched ${n} times, at least ${rewrite.atLeast} expected: the library changed (scripts/library-trim.ts)`,
            );
          }
        }
      }
    },
  };
}
