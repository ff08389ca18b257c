/**
 * Build-time facts about two libraries of the browser build that their published files leave to run time,
 * so the bundler can leave out code that can never run (client build only; the server runs the packages unchanged):
 *
 *   - react-router's production build keeps `X.displayName = "…"` assignments (React DevTools names) and calls
 *     `React.forwardRef` / `React.createContext` / `React.memo` at module level without a pure annotation, which
 *     keeps every component of the package alive whether the site uses it or not (Form, ScrollRestoration,
 *     HistoryRouter, the data-router and framework-mode parts). The names go and the calls are marked pure; what the
 *     site imports is bundled as before.
 *   - react-helmet-async 3 decides at run time, from React's version, between its React 19 path (real <title>/<meta>
 *     elements React hoists) and its legacy path (HelmetData, the DOM-diffing dispatcher, the server-side tag
 *     strings); the site runs React 19 only, so the decision is written in and the legacy path drops out.
 *
 * Each rewrite names how many times it must apply: a library update that changes the text fails the build instead of
 * silently bundling the whole library again.
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
    ],
  },
  {
    file: /node_modules\/react-helmet-async\/lib\/index\.esm\.js$/,
    rewrites: [
      { what: 'react-helmet-async React version', pattern: /^var isReact19 = major >= 19;$/m, replacement: '', atLeast: 1 },
      { what: 'react-helmet-async React version checks', pattern: /\bisReact19\b/g, replacement: 'true', atLeast: 3 },
      // Helmet's `helmetData` prop (server-side data for React 18) is only dropped from the props on React 19.
      { what: 'react-helmet-async helmetData check', pattern: /!\(helmetData instanceof HelmetData\)/g, replacement: 'true', atLeast: 1 },
      {
        what: 'react-helmet-async helmetData copy',
        pattern: /^ *helmetData = new HelmetData\(data\.context, true\);$/m,
        replacement: '',
        atLeast: 1,
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

/**
 * The Vite plugin (build only). A rule's file may be split in several modules (react-router's shared chunks), so the
 * counts add up over the build, and the build fails when a rewrite matched fewer times than it must.
 */
export function libraryTrim(rules: TrimRule[] = TRIM_RULES): Plugin {
  const applied = new Map<Rewrite, number>();
  return {
    name: 'library-trim',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      const result = trimLibrary(code, id, rules);
      if (!result) return null;
      for (const [rewrite, n] of result.counts) applied.set(rewrite, (applied.get(rewrite) ?? 0) + n);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error) return;
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
