import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss, { type AtRule, type Rule } from 'postcss';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeUnusedCss, siteMentions } from '../../../scripts/purge-css';
import { compileSheet, compileSheets } from '../../../tests/support/sass';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLIENT = join(ROOT, 'src', 'client');

/** Every class a stylesheet mentions, and the classes it styles on their own (a rule whose selector is just `.name`). */
function classesOf(css: string): { mentioned: Set<string>; own: Set<string> } {
  const mentioned = new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string));
  const own = new Set<string>();
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)) {
    for (const selector of (m[1] ?? '').split(',')) {
      const plain = /^\.(-?[_a-zA-Z][\w-]*)$/.exec(selector.trim());
      if (plain) own.add(plain[1] as string);
    }
  }
  return { mentioned, own };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The classes reactstrap components put on their elements (the ones this app uses). */
const REACTSTRAP_CLASSES: Record<string, string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Button: ['btn'],
  FormFeedback: ['invalid-feedback'],
  FormText: ['form-text'],
  Input: ['form-control'],
  Progress: ['progress', 'progress-bar'],
  Spinner: ['spinner-border'],
  Table: ['table'],
  Modal: ['modal', 'modal-dialog', 'modal-content'],
  Toast: ['toast'],
  Tooltip: ['tooltip'],
  Accordion: ['accordion'],
  Offcanvas: ['offcanvas'],
  Carousel: ['carousel'],
  Breadcrumb: ['breadcrumb'],
  Placeholder: ['placeholder'],
};

/** Class names written in className attributes and the base classes of the reactstrap components in use, by file. */
function usedClasses(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(CLIENT)) {
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    const literals: string[] = [];
    for (const m of text.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)) {
      if (m[1] !== undefined) literals.push(m[1]);
      else for (const s of (m[2] ?? '').matchAll(/(['"`])((?:(?!\1).)*)\1/g)) literals.push((s[2] ?? '').replace(/\$\{[^}]*\}/g, ' '));
    }
    // Default class names of small components (e.g. `className = 'btn btn-primary'`).
    for (const m of text.matchAll(/className = (['"])([^'"]*)\1/g)) literals.push(m[2] ?? '');
    for (const literal of literals) for (const token of literal.split(/\s+/).filter(Boolean)) if (!used.has(token)) used.set(token, where);
    const reactstrap = /import \{([^}]*)\} from 'reactstrap'/.exec(text);
    for (const name of reactstrap?.[1]?.split(',').map((s) => s.trim()) ?? []) {
      for (const cls of REACTSTRAP_CLASSES[name] ?? []) if (!used.has(cls)) used.set(cls, `${where} (reactstrap ${name})`);
    }
  }
  return used;
}

describe('the Sass build', () => {
  let ours: { mentioned: Set<string>; own: Set<string> };
  let purged: { mentioned: Set<string>; own: Set<string> };
  let bootstrap: { mentioned: Set<string>; own: Set<string> };

  let sheets: Map<string, string>;

  beforeAll(() => {
    // The entry's stylesheet and the sheets of the pages further in (sheets.ts): a class is styled when any of them
    // styles it (tests/e2e/landing-bundle.test.ts checks on the build that a sheet reaches every page rendering its classes).
    sheets = compileSheets();
    const css = [...sheets.values()].join('\n');
    ours = classesOf(css);
    // What the build ships: the same stylesheets without the rules of classes no source mentions (scripts/purge-css.ts).
    const mentions = siteMentions([join(ROOT, 'src'), join(ROOT, 'mock-backend')], CLIENT, join(ROOT, 'node_modules', 'reactstrap', 'esm'));
    purged = classesOf(
      [...sheets.values()]
        .map((sheet) => postcss([purgeUnusedCss({ mentions: () => mentions })]).process(sheet, { from: undefined }).css)
        .join('\n'),
    );
    bootstrap = classesOf(readFileSync(join(ROOT, 'node_modules', 'bootstrap', 'dist', 'css', 'bootstrap.css'), 'utf8'));
  }, 60_000);

  it('When the styles are split into sheets, then the shared configuration writes no CSS and no rule is in two sheets', () => {
    expect(compileSheet('src/client/styles/_config.scss').trim()).toBe('');
    const where = new Map<string, string>();
    const twice: string[] = [];
    for (const [sheet, css] of sheets) {
      postcss.parse(css).walkRules((rule: Rule) => {
        const context: string[] = [];
        for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent)
          context.unshift(`@${(parent as AtRule).name} ${(parent as AtRule).params}`);
        const key = `${context.join(' ')} ${rule.selector} { ${rule.nodes.map(String).join('; ')} }`;
        const first = where.get(key);
        if (first !== undefined && first !== sheet) twice.push(`${key} (${first}, ${sheet})`);
        where.set(key, sheet);
      });
    }
    expect(twice).toEqual([]);
  });

  it('When the client uses a Bootstrap class (directly or through a reactstrap component), then the compiled stylesheet styles it', () => {
    // A class Bootstrap styles on its own (`.btn-close { … }`) needs that rule; merely appearing in another
    // component's selector (`.alert-dismissible .btn-close`) draws nothing.
    const missing = [...usedClasses()]
      .filter(([cls]) => (bootstrap.own.has(cls) ? !ours.own.has(cls) : bootstrap.mentioned.has(cls) && !ours.mentioned.has(cls)))
      .map(([cls, where]) => `.${cls} (${where})`);
    expect(missing).toEqual([]);
  });

  it('When the unused Bootstrap rules are left out of the build, then every class the client uses keeps its styles', () => {
    const missing = [...usedClasses()]
      .filter(([cls]) => ours.own.has(cls) && !purged.own.has(cls))
      .map(([cls, where]) => `.${cls} (${where})`);
    expect(missing).toEqual([]);
    // (A class styled only together with others, `.nav-tabs .nav-item.show`, loses the rules whose other classes no
    // source mentions: those could not match anything.) …and the build is smaller for it: utilities and components nobody uses are gone.
    for (const unused of ['was-validated', 'list-group-horizontal-xxl', 'd-xxl-inline-grid', 'col-lg-7'])
      expect(purged.mentioned.has(unused), unused).toBe(false);
  });

  it('When the signup progress bar and the close button of a banner are drawn, then their Bootstrap styles are in the build', () => {
    for (const cls of ['progress', 'progress-bar', 'btn-close', 'table']) expect(ours.own.has(cls), cls).toBe(true);
  });
});
