/**
 * The contract report for any backend: runs tests/contract/openapi.contract.test.ts against the
 * backend an operator names and prints one line per operation of openapi.yaml —
 *
 *   conforms          every answer the suite checked matches the contract
 *   differs           an answer breaks it (the first schema error is shown)
 *   not implemented   the backend answers 404/405/501 to the operation (nothing left to compare yet)
 *   not run           the suite never reached it (an earlier step of its test failed, e.g. no login for a role)
 *
 * so an operator sees what is left to migrate. An answer the contract documents is a verdict like any other: the
 * page-hidden beacon declined with 503 (which its description allows) conforms.
 *
 *   npx tsx tests/contract/run.ts https://legacy.example.com            # or …/api, or API_BASE_URL=…
 *   CONTRACT_AUTH_COOKIE=PHPSESSID CONTRACT_FREE_EMAIL=… CONTRACT_FREE_PASSWORD=… npx tsx tests/contract/run.ts …
 *   npx tsx tests/contract/run.ts --json …                              # the same as JSON
 *
 *   npx tsx tests/contract/run.ts --junit report.xml …                  # and JUnit XML for CI
 *
 * A difference is recorded and the suite goes on with the answer it got, so one difference hides nothing; a missing
 * login stops only the tests that need one, and the report names the login for each operation it did not reach.
 * Credentials and cookie name: see target.ts. Exit code 0 when nothing differs and everything ran, 1 otherwise.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parse } from 'js-yaml';
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
  const spec = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const result: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op && typeof op === 'object' && 'operationId' in op)
        result.push({ operationId: op.operationId, method: method.toUpperCase(), path: `/api${p}` });
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
export async function verdictOf(
  base: string,
  op: Operation,
  answers: RecordedAnswer[] | undefined,
  notRun: readonly string[] = [],
): Promise<OperationResult> {
  const at = { operationId: op.operationId, method: op.method, path: op.path };
  if (answers && answers.length > 0) {
    if (answers.every((a) => NOT_IMPLEMENTED.has(a.status)))
      return { ...at, verdict: 'not implemented', detail: `answers ${answers[0]!.status}` };
    const wrong = answers.find((a) => a.error !== undefined);
    if (wrong) return { ...at, verdict: 'differs', detail: `${wrong.status}: ${wrong.error}` };
    return { ...at, verdict: 'conforms', detail: `${answers.length} answer(s): ${[...new Set(answers.map((a) => a.status))].join(', ')}` };
  }
  const status = await probe(base, op);
  // Tests stopped for a missing login: a 404 to a bare call cannot tell a missing operation from one that needs the
  // login (PHP backends answer 404 to both), so only 405 and 501 still say "not implemented".
  if (notRun.length > 0 && status !== 405 && status !== 501) {
    return { ...at, verdict: 'not run', detail: `${notRun.join('; ')}${status === undefined ? '' : ` (answers ${status} without it)`}` };
  }
  if (status !== undefined && NOT_IMPLEMENTED.has(status)) return { ...at, verdict: 'not implemented', detail: `answers ${status}` };
  return { ...at, verdict: 'not run', detail: 'the suite did not reach it (an earlier step of its test failed; see the output above)' };
}

/** Runs the suite against `given` (either form, `…/api` or not) and returns one result per operation of openapi.yaml. */
export async function contractReport(
  given: string,
  options: {
    quiet?: boolean;
    env?: Record<string, string>;
    /** Only the suite's tests whose names match (vitest's `-t`); the other operations are probed or not run. */
    testNamePattern?: string;
  } = {},
): Promise<OperationResult[]> {
  // The probes add `/api/<name>.php` themselves, as the suite does.
  const base = apiOrigin(given);
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-report-'));
  const file = path.join(dir, 'record.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const only = options.testNamePattern ? ['-t', options.testNamePattern] : [];
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'backend', SUITE, ...only],
        {
          cwd: ROOT,
          env: { ...process.env, ...options.env, API_BASE_URL: base, CONTRACT_REPORT_FILE: file },
          stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
        },
      );
      child.once('error', reject);
      child.once('exit', () => resolve());
    });
    let recorded: Record<string, RecordedAnswer[]> = {};
    let notRun: string[] = [];
    try {
      const record = JSON.parse(readFileSync(file, 'utf8')) as { operations: Record<string, RecordedAnswer[]>; notRun?: string[] };
      recorded = record.operations;
      notRun = record.notRun ?? [];
    } catch {
      // The suite did not get as far as writing its record: every operation is probed.
    }
    return Promise.all(contractOperations().map((op) => verdictOf(base, op, recorded[op.operationId], notRun)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatReport(results: OperationResult[]): string {
  const width = Math.max(...results.map((r) => r.operationId.length));
  const lines = results.map((r) =>
    `${r.verdict.padEnd(16)} ${r.operationId.padEnd(width)}  ${`${r.method} ${r.path}`.padEnd(34)} ${r.detail ?? ''}`.trimEnd(),
  );
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  lines.push(
    `${results.length} operations: ${count('conforms')} conform, ${count('differs')} differ, ${count('not implemented')} not implemented, ${count('not run')} not run`,
  );
  return `${lines.join('\n')}\n`;
}

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The report as JUnit XML for CI: one test case per operation; differs is a failure, not run an error, not implemented skipped. */
export function junitReport(results: OperationResult[], name: string): string {
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  const cases = results.map((r) => {
    const head = `  <testcase classname="contract" name="${xml(`${r.operationId} (${r.method} ${r.path})`)}">`;
    const detail = xml(r.detail ?? '');
    if (r.verdict === 'differs') return `${head}<failure message="${detail}"/></testcase>`;
    if (r.verdict === 'not run') return `${head}<error message="${detail}"/></testcase>`;
    if (r.verdict === 'not implemented') return `${head}<skipped message="${detail}"/></testcase>`;
    return `${head}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xml(name)}" tests="${results.length}" failures="${count('differs')}" errors="${count('not run')}" skipped="${count('not implemented')}">\n${cases.join('\n')}\n</testsuite>\n`;
}

/** 0 when nothing differs and nothing failed to run; 1 otherwise. */
export function exitCodeOf(results: OperationResult[]): number {
  return results.some((r) => r.verdict === 'differs' || r.verdict === 'not run') ? 1 : 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const junitAt = args.indexOf('--junit');
  const junitFile = junitAt >= 0 ? args[junitAt + 1] : undefined;
  const given = args.find((a, i) => !a.startsWith('--') && (junitAt < 0 || i !== junitAt + 1)) ?? process.env.API_BASE_URL;
  if (!given || !URL.canParse(given) || (junitAt >= 0 && !junitFile)) {
    process.stderr.write(
      'usage: npx tsx tests/contract/run.ts [--json] [--junit FILE] <backend URL, e.g. https://legacy.example.com/api>\n',
    );
    return 2;
  }
  const results = await contractReport(apiOrigin(given), { quiet: asJson });
  process.stdout.write(
    asJson ? `${JSON.stringify(results, null, 2)}\n` : `\nContract of openapi.yaml against ${apiOrigin(given)}:\n${formatReport(results)}`,
  );
  if (junitFile) writeFileSync(junitFile, junitReport(results, `contract of openapi.yaml against ${apiOrigin(given)}`));
  return exitCodeOf(results);
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
