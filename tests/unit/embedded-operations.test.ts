import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load as parseYaml } from 'js-yaml';
import { operationsTable, withTable } from '../../scripts/operations-table';
import { EMBEDDED_OPERATIONS, isEmbeddedOperation } from '../../src/shared/embedded-operations';

const contractText = readFileSync('openapi.yaml', 'utf8');
const contractIds = Object.values((parseYaml(contractText) as { paths: Record<string, Record<string, { operationId?: string }>> }).paths)
  .flatMap((item) => Object.values(item))
  .map((op) => op.operationId)
  .filter((id): id is string => typeof id === 'string');

describe('the embedded backend’s list of implemented operations', () => {
  it('When the list is read, then it names operations of openapi.yaml only, each once', () => {
    expect(new Set(EMBEDDED_OPERATIONS).size).toBe(EMBEDDED_OPERATIONS.length);
    for (const id of EMBEDDED_OPERATIONS) expect(contractIds).toContain(id);
    expect(isEmbeddedOperation('getInterests')).toBe(true);
    expect(isEmbeddedOperation('getFuture')).toBe(false);
  });

  it('When the README is read, then its operation table is the one made from the list (npx tsx scripts/operations-table.ts --write)', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(withTable(readme)).toBe(readme);
  });

  it('When an operation of the contract is not in the list, then the table shows it under "Not yet" of its area', () => {
    const later = contractText.replace('paths:\n', 'paths:\n  /future.php:\n    get:\n      operationId: getFuture\n      tags: [site]\n');
    const table = operationsTable(later);
    const site = table.split('\n').find((line) => line.startsWith('| site |'));
    expect(site).toMatch(/^\| site \| 6 of 7 \| .* \| `getFuture` \|$/);
  });
});
