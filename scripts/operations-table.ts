/**
 * The README's table of the operations the embedded backend implements, area by area (the contract's tags), made from
 * EMBEDDED_OPERATIONS (src/shared/embedded-operations.ts, the list the backend's handlers are typed by) and
 * openapi.yaml: the operator's progress list comes from the code. `npx tsx scripts/operations-table.ts --write`
 * rewrites it between its markers; tests/unit/embedded-operations.test.ts fails when it is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { isEmbeddedOperation } from '../src/shared/embedded-operations';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START = '<!-- embedded-operations: made by scripts/operations-table.ts -->';
const END = '<!-- /embedded-operations -->';

interface ContractOperation {
  operationId: string;
  tags?: string[];
}

/** The table (markdown, markers included): per area, what the embedded backend implements and what it does not yet. */
export function operationsTable(contractText = readFileSync(`${ROOT}openapi.yaml`, 'utf8')): string {
  const contract = parseYaml(contractText) as { paths: Record<string, Record<string, ContractOperation>> };
  const areas = new Map<string, { done: string[]; open: string[] }>();
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || !op.operationId) continue;
      const area = op.tags?.[0] ?? 'other';
      const entry = areas.get(area) ?? { done: [], open: [] };
      (isEmbeddedOperation(op.operationId) ? entry.done : entry.open).push(`\`${op.operationId}\``);
      areas.set(area, entry);
    }
  }
  const rows = [...areas]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, { done, open }]) => {
      return `| ${area} | ${done.length} of ${done.length + open.length} | ${done.join(', ') || '—'} | ${open.join(', ') || '—'} |`;
    });
  return [START, '| Area | Implemented | Operations | Not yet |', '|---|---|---|---|', ...rows, END].join('\n');
}

/** The README with its table replaced by the current one. */
export function withTable(readme: string, table = operationsTable()): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, start)}${table}${readme.slice(end + END.length)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--write')) {
  const file = `${ROOT}README.md`;
  writeFileSync(file, withTable(readFileSync(file, 'utf8')));
}
