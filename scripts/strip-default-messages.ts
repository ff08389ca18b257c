import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Leaves the English `defaultMessage` of every message descriptor out of the browser's build. The browser always has
 * its language's compiled catalogue (English included), and the catalogue check (scripts/i18n-check.ts) fails the
 * suite when any catalogue lacks a message of the code, so the default text is never shown there; it only cost bytes
 * (about 1 KB gzip of every page's entry). Only descriptors whose `id` is a string literal lose it: those are the ones
 * `formatjs extract` finds, so their ids are in the catalogues. The server's build, the tests and the dev server keep
 * the defaults (a missing translation still reads as English there).
 *
 * Runs after the JSX transform, where `<FormattedMessage id="a" defaultMessage="b" />` and
 * `intl.formatMessage({ id: 'a', defaultMessage: 'b' })` are both an object literal with the two properties.
 */
export function stripDefaultMessages(): Plugin {
  return {
    name: 'strip-default-messages',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\/src\/client\/.+\.tsx?$/.test(id) || !code.includes('defaultMessage')) return null;
      const out = new MagicString(code);
      let changed = false;
      walk(this.parse(code) as unknown as Node, (node) => {
        if (node.type !== 'ObjectExpression') return;
        const properties = node.properties as Node[];
        const literalId = properties.some((p) => keyName(p) === 'id' && isStringLiteral(p.value as Node));
        if (!literalId) return;
        properties.forEach((property, index) => {
          if (keyName(property) !== 'defaultMessage') return;
          const next = properties[index + 1];
          const previous = properties[index - 1];
          // The property and one comma beside it: the one after it, or before it when it is the last.
          if (next) out.remove(property.start, next.start);
          else if (previous) out.remove(previous.end, property.end);
          else out.remove(property.start, property.end);
          changed = true;
        });
      });
      return changed ? { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) } : null;
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const isStringLiteral = (node: Node | undefined): boolean =>
  node !== undefined &&
  ((node.type === 'Literal' && typeof node.value === 'string') ||
    (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0));

/** The name of a plain `key: value` property (`id`, `'id'`), else null (spread, computed key, method). */
function keyName(node: Node): string | null {
  if (node.type !== 'Property' || node.computed || node.kind !== 'init') return null;
  const key = node.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : null;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}
