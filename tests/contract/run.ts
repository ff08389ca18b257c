/**
 * The contract report for any backend: runs tests/contract/openapi.contract.test.ts against the
 * backend an operator names and prints one line per operation of openapi.yaml —
 *
 *   conforms          every answer the suite checked matches the contract
 *   differs           an answer breaks it (the first schema error is shown)
 *   not implemented   the backend answers 404/405/501 to the operation (nothing left to compare yet)
 *   not run           the suite never reached it (an earlier step of its test failed, e.g. no login for a role)
 *
 * so an operator sees what is left to migrate.
 *
 *   npx tsx tests/contract/run.ts https://legacy.example.com            # or …/api, or API_BASE_URL=…
 *   CONTRACT_AUTH_COOKIE=PHPSESSID CONTRACT_FREE_EMAIL=… CONTRACT_FREE_PASSWORD=… npx tsx tests/contract/run.ts …
 *   npx tsx tests/contract/run.ts --json …                              # the same as JSON
 *
 * Credentials and cookie name: see target.ts. Exit code 0 when nothing differs, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { RecordedAnswer } from './operation-record';
import { apiOrigin } from './target';

export type Verdict = 'conforms' | 'differs' | 'not implemented' | 'not run';

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  verdict: Verdict;
  detail?: string;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SUITE = 'tests/contract/openapi.contract.test.ts';
const NOT_IMPLEMENTED = new Set([404, 405, 501]);

interface Operation {
  operationId: string;
  method: string;
  path: string;
}

function contractOperations(): Operation[] {
  const spec = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
  const result: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && 'operationId' in op) result.push({ operationId: op.operationId, method: method.toUpperCase(), path: `/api${p}` });
    }
  }
  return result;
}

/** Does the backend have this operation at all? One bare call: no cookie, an empty JSON object as the body of a write. */
async function probe(base: string, op: Operation): Promise<number | undefined> {
  try {
    const write = !['GET', 'HEAD'].includes(op.method);
    const res = await fetch(`${base}${op.path}`, {
      method: op.method,
      headers: { 'request-type': 'client', ...(write ? { 'content-type': 'application/json' } : {}) },
      ...(write ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

/** The verdict of one operation from what the suite recorded (and a probe when it recorded nothing). */
export async function verdictOf(base: string, op: Operation, answers: RecordedAnswer[] | undefined): Promise<OperationResult> {
  const at = { operationId: op.operationId, method: op.method, path: op.path };
  if (answers && answers.length > 0) {
    if (answers.every((a) => NOT_IMPLEMENTED.has(a.status))) return { ...at, verdict: 'not implemented', detail: `answers ${answers[0]!.status}` };
    const wrong = answers.find((a) => a.error !== undefined);
    if (wrong) return { ...at, verdict: 'differs', detail: `${wrong.status}: ${wrong.error}` };
    return { ...at, verdict: 'conforms', detail: `${answers.length} answer(s): ${[...new Set(answers.map((a) => a.status))].join(', ')}` };
  }
  const status = await probe(base, op);
  if (status !== undefined && NOT_IMPLEMENTED.has(status)) return { ...at, verdict: 'not implemented', detail: `answers ${status}` };
  return { ...at, verdict: 'not run', detail: 'the suite did not reach it (an earlier step of its test failed; see the output above)' };
}

/** Runs the suite against `base` and returns one result per operation of openapi.yaml. */
export async function contractReport(base: string, options: { quiet?: boolean; env?: Record<string, string> } = {}): Promise<OperationResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-report-'));
  const file = path.join(dir, 'record.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', SUITE], {
        cwd: ROOT,
        env: { ...process.env, ...options.env, API_BASE_URL: base, CONTRACT_REPORT_FILE: file },
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', () => resolve());
    });
    let recorded: Record<string, RecordedAnswer[]> = {};
    try {
      recorded = (JSON.parse(readFileSync(file, 'utf8')) as { operations: Record<string, RecordedAnswer[]> }).operations;
    } catch {
      // The suite did not get as far as writing its record: every operation is probed.
    }
    return Promise.all(contractOperations().map((op) => verdictOf(base, op, recorded[op.operationId])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatReport(results: OperationResult[]): string {
  const width = Math.max(...results.map((r) => r.operationId.length));
  const lines = results.map((r) => `${r.verdict.padEnd(16)} ${r.operationId.padEnd(width)}  ${`${r.method} ${r.path}`.padEnd(34)} ${r.detail ?? ''}`.trimEnd());
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  lines.push(`${results.length} operations: ${count('conforms')} conform, ${count('differs')} differ, ${count('not implemented')} not implemented, ${count('not run')} not run`);
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const given = args.find((a) => !a.startsWith('--')) ?? process.env.API_BASE_URL;
  if (!given || !URL.canParse(given)) {
    process.stderr.write('usage: npx tsx tests/contract/run.ts [--json] <backend URL, e.g. https://legacy.example.com/api>\n');
    return 2;
  }
  const results = await contractReport(apiOrigin(given), { quiet: asJson });
  process.stdout.write(asJson ? `${JSON.stringify(results, null, 2)}\n` : `\nContract of openapi.yaml against ${apiOrigin(given)}:\n${formatReport(results)}`);
  return results.some((r) => r.verdict === 'differs') ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(2);
    },
  );
}
