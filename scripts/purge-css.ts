/**
 * The site's stylesheet without the Bootstrap rules nothing uses (a PostCSS plugin, build only). The Sass
 * entry imports whole Bootstrap partials and the utility API, which style hundreds of classes the site never puts on
 * an element; this drops every selector naming a class that no source file of the site mentions, before the CSS file
 * is hashed (so its name still follows its content).
 *
 * Deliberately generous (a class is kept when in doubt):
 *   - the "mentions" are every word-like token of every source file under src/ and mock-backend/ (class names in
 *     strings, templates, HTML of backend pages…), not only className attributes;
 *   - a class made of a known prefix and a mentioned word is kept (`btn-${color}`, `alert-${kind}`, reactstrap's
 *     `color="danger"` → `btn-danger`, `text-bg-${variant}`…), as is any class starting with a prefix written in a
 *     source as a string ending in `-` (`'payment-method-'`);
 *   - rules without a class (element selectors, :root, keyframes) are kept as they are.
 * `src/client/styles/purge-css.test.ts` checks that every class the client uses keeps its styles.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginCreator, Rule } from 'postcss';

/** Component prefixes whose suffix comes from a prop or a variable (reactstrap colours, variants). */
const COMPOSED_PREFIXES = [
  'btn-',
  'btn-outline-',
  'alert-',
  'bg-',
  'text-',
  'text-bg-',
  'border-',
  'link-',
  'spinner-border-',
  'spinner-grow-',
  'badge-',
  'list-group-item-',
  'table-',
  'bg-gradient-',
];

const SOURCE = /\.(?:tsx?|jsx?|html|json|md|scss)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export interface Mentions {
  tokens: Set<string>;
  /** Strings of the sources that end in `-`: prefixes of class names completed at run time. */
  prefixes: string[];
}

/** The reactstrap component files the given sources import (their components add classes of their own). */
export function reactstrapFiles(roots: string[], reactstrapDir: string): string[] {
  const names = new Set<string>(['Fade', 'utils']);
  for (const file of roots.flatMap((r) => files(r))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'reactstrap'/g)) {
      for (const name of (m[1] ?? '').split(',')) if (name.trim()) names.add(name.trim().replace(/^type\s+/, ''));
    }
  }
  return [...names].map((n) => path.join(reactstrapDir, `${n}.js`)).filter((f) => existsSync(f));
}

/** Every word-like token of the given source trees and files. */
export function collectMentions(roots: string[], extraFiles: string[] = []): Mentions {
  const tokens = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of [...roots.flatMap((r) => files(r)), ...extraFiles]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/[A-Za-z0-9_-]+/g)) tokens.add(m[0]);
    for (const m of text.matchAll(/['"`]([a-z][a-z0-9-]*-)(?:['"`]|\$\{)/g)) prefixes.add(m[1] as string);
  }
  return { tokens, prefixes: [...prefixes] };
}

/**
 * The mentions of the site's build: its sources plus the reactstrap components the client imports. reactstrap's Label
 * (and Col) write `col-${breakpoint}-${size}` only for column props (`<Label sm={2}>`); where no source passes one,
 * the `col-` prefix of reactstrap's code is not counted, so the grid's unused breakpoint columns stay out.
 */
export function siteMentions(roots: string[], clientDir: string, reactstrapDir: string): Mentions {
  const mentions = collectMentions(roots, reactstrapFiles([clientDir], reactstrapDir));
  const columnProps = /<(?:Label|Col)\b[^>]*\s(?:xs|sm|md|lg|xl|xxl)=/;
  if (!files(clientDir).some((file) => columnProps.test(readFileSync(file, 'utf8')))) {
    const own = collectMentions(roots);
    mentions.prefixes = mentions.prefixes.filter((prefix) => prefix !== 'col-' || own.prefixes.includes(prefix));
  }
  return mentions;
}

export function isMentioned(cls: string, mentions: Mentions): boolean {
  if (mentions.tokens.has(cls)) return true;
  for (const prefix of COMPOSED_PREFIXES) if (cls.startsWith(prefix) && mentions.tokens.has(cls.slice(prefix.length))) return true;
  return mentions.prefixes.some((prefix) => cls.startsWith(prefix));
}

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Whether a selector can match anything: every class it names is mentioned somewhere. */
export function selectorInUse(selector: string, mentions: Mentions): boolean {
  // Escaped classes (`.g-col-\31 0`, `.w-\[10\]`) are left alone.
  if (selector.includes('\\')) return true;
  for (const m of selector.matchAll(CLASS)) if (!isMentioned(m[1] as string, mentions)) return false;
  return true;
}

export const purgeUnusedCss: PluginCreator<{ mentions: () => Mentions }> = (options) => {
  const mentionsOf = options?.mentions;
  if (!mentionsOf) throw new Error('purgeUnusedCss needs the mentions');
  return {
    postcssPlugin: 'purge-unused-css',
    Once(root) {
      const mentions = mentionsOf();
      root.walkRules((rule: Rule) => {
        // Keyframe steps (from, to, 50%) are not selectors.
        if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
        const kept = rule.selectors.filter((s) => selectorInUse(s, mentions));
        if (kept.length === 0) rule.remove();
        else if (kept.length !== rule.selectors.length) rule.selectors = kept;
      });
      // Media queries and supports blocks left empty.
      root.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0 && !/keyframes$/i.test(atRule.name)) atRule.remove();
      });
    },
  };
};
purgeUnusedCss.postcss = true;
