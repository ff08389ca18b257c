/**
 * The contract report for any backend: runs the contract suites of tests/contract against the backend an operator
 * names and prints one line per operation of openapi.yaml, so an operator sees what is left to migrate:
 *
 *   conforms          every answer the suites checked is one the contract documents for what was asked
 *   differs           an answer breaks it: the status, what was expected and the first difference are shown
 *   not implemented   the backend answers 404/405/501 to the operation (nothing left to compare yet)
 *   not run           the suites could not get there, and the line says why (no login for a role, or a step they
 *                     needed that did not happen)
 *
 * and, on the same line, what it did with bad input sent on purpose: `refused` (a documented 4xx every time),
 * `differs` (accepted, a server error, or a status the contract does not document), `not run` (with the reason), or
 * nothing when the operation takes no input.
 *
 * What is checked of every answer (answer-checks.ts): its status is one the operation documents (a 5xx it does not
 * document is a server error, never "not run"); its Content-Type is one the contract names; the headers the contract
 * promises are there (ETag on a 304, Retry-After on a 429 or 503); its body matches the schema, bounds included; and
 * the fields the contract does not name are listed (differences with `--strict`). The suites (each recording what it
 * saw, CONTRACT_REPORT_DIR):
 *
 *   answers     tests/contract/openapi.contract.test.ts: every operation as a member uses it, each GET's answer asked
 *               again with its ETag (If-None-Match → 304)
 *   statuses    tests/contract/statuses.contract.test.ts: a valid request of each operation, with a query parameter
 *               it does not have, under its rate limit; a body of a type it does not take and one over 64 KB (bad input)
 *   bad input   tests/contract/bad-input.contract.test.ts: each request broken on purpose (a wrong type, a required
 *               field left out, a value out of its bounds or not in its list, a NUL character, 2^31) and a seeded fuzz of
 *               boundary values in every field (FUZZ_SEED, FUZZ_VALUES_PER_FIELD)
 *
 *   npx tsx tests/contract/run.ts https://legacy.example.com            # or …/api, or API_BASE_URL=…
 *   CONTRACT_AUTH_COOKIE=PHPSESSID CONTRACT_FREE_EMAIL=… CONTRACT_FREE_PASSWORD=… npx tsx tests/contract/run.ts …
 *   npx tsx tests/contract/run.ts --json …                              # the same as JSON
 *   npx tsx tests/contract/run.ts --junit report.xml …                  # and JUnit XML for CI
 *   npx tsx tests/contract/run.ts --strict …                            # a field the contract does not name differs
 *   npx tsx tests/contract/run.ts --through-adapter …                   # a PHP service's answers as the site reads them
 *   npx tsx tests/contract/run.ts --embedded …                          # held to the embedded backend's list of operations
 *
 * `--through-adapter` reads every answer through the BFF's anti-corruption layer (src/bff/legacy-dialect.ts, which a
 * routing table's `dialect: specification` puts in front of a PHP service): the user bare or wrapped and PHP's own
 * error bodies become the contract's, so the report shows what the site gets from the service rather than what the
 * service says. Everything else passes as it came, and a request is sent once (the BFF's retries are left out).
 *
 * A difference is recorded and the suites go on with the answer they got, so one difference hides nothing; a missing
 * login stops only the steps that need one, and the report names the login for each operation it did not reach.
 * Credentials and cookie name: see target.ts. Exit status: 0 when every operation that the backend implements conforms
 * and refuses bad input and everything ran; 1 when anything differs or did not run; 2 for a wrong command line or a
 * report that could not be made.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parse } from 'js-yaml';
import { EMBEDDED_OPERATIONS } from '../../src/shared/embedded-operations';
import type { NotRun, RecordedAnswer, SuiteRecord } from './operation-record';
import { apiOrigin } from './target';

export type Verdict = 'conforms' | 'differs' | 'not implemented' | 'not run';
/** What an operation did with bad input on purpose; `none` when it takes no input (or is not implemented). */
export type BadInputVerdict = 'refused' | 'differs' | 'not run' | 'none';

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  verdict: Verdict;
  detail?: string;
  badInput: { verdict: BadInputVerdict; detail?: string };
  /** Fields its answers carried that the contract does not name (differences with `--strict`). */
  unnamed?: string[];
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOT_IMPLEMENTED = new Set([404, 405, 501]);

/** The suites the report runs, one after another (each its own run, so one's rate limits do not eat another's logins). */
export const SUITES = {
  answers: 'tests/contract/openapi.contract.test.ts',
  statuses: 'tests/contract/statuses.contract.test.ts',
  'bad input': 'tests/contract/bad-input.contract.test.ts',
} as const;
export type SuiteName = keyof typeof SUITES;

interface Operation {
  operationId: string;
  method: string;
  path: string;
  /** It takes query parameters or a body: something bad input can break. */
  takesInput: boolean;
}

function contractOperations(): Operation[] {
  const spec = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string; parameters?: { in?: string; $ref?: string }[]; requestBody?: unknown }>>;
    components: { parameters?: Record<string, { in?: string }> };
  };
  const result: Operation[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('operationId' in op)) continue;
      const query = (op.parameters ?? []).some((param) => {
        const resolved = param.$ref ? spec.components.parameters?.[param.$ref.split('/').pop() as string] : param;
        return resolved?.in === 'query';
      });
      result.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: `/api${p}`,
        takesInput: query || Boolean(op.requestBody),
      });
    }
  }
  return result;
}

/** Does the backend have this operation at all? One bare call: no cookie, an empty JSON object as the body of a write. */
async function probe(base: string, op: Pick<Operation, 'method' | 'path'>): Promise<number | undefined> {
  try {
    const write = !['GET', 'HEAD'].includes(op.method);
    const res = await fetch(`${base}${op.path}`, {
      method: op.method,
      headers: { 'request-type': 'client', ...(write ? { 'content-type': 'application/json' } : {}) },
      ...(write ? { body: '{}' } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return undefined;
  }
}

const statusesOf = (answers: RecordedAnswer[]) => [...new Set(answers.map((a) => a.status))].sort((a, b) => a - b).join(', ');
const reasonsFor = (notRun: readonly NotRun[], check: NotRun['check'], id: string) => [
  ...new Set(notRun.filter((n) => n.check === check && n.operations.includes(id)).map((n) => n.reason)),
];

/**
 * The verdict of one operation on the answers to requests the contract describes (and a probe when the suites
 * recorded none): the first difference, else conforms; "not run" names why.
 */
export async function verdictOf(
  base: string,
  op: Pick<Operation, 'operationId' | 'method' | 'path'>,
  recorded: RecordedAnswer[] | undefined,
  notRun: readonly NotRun[] = [],
): Promise<Omit<OperationResult, 'badInput'>> {
  const at = { operationId: op.operationId, method: op.method, path: op.path };
  const answers = (recorded ?? []).filter((a) => a.check === 'answer');
  const stopped = reasonsFor(notRun, 'answer', op.operationId);
  if (answers.length > 0) {
    if (answers.every((a) => NOT_IMPLEMENTED.has(a.status)))
      return { ...at, verdict: 'not implemented', detail: `answers ${answers[0]!.status}` };
    const wrong = answers.find((a) => a.error !== undefined);
    if (wrong) return { ...at, verdict: 'differs', detail: `${wrong.status}: ${wrong.error}` };
    const unnamed = [...new Set(answers.flatMap((a) => a.unnamed ?? []))];
    const notes = [
      ...(unnamed.length > 0 ? [`fields the contract does not name: ${unnamed.slice(0, 5).join(', ')} (a difference with --strict)`] : []),
      ...(stopped.length > 0 ? [`not every call ran: ${stopped.join('; ')}`] : []),
    ];
    return {
      ...at,
      verdict: 'conforms',
      detail: [`${answers.length} answer(s): ${statusesOf(answers)}`, ...notes].join('; '),
      ...(unnamed.length > 0 ? { unnamed } : {}),
    };
  }
  const status = await probe(base, op);
  // Tests stopped for a missing login: a 404 to a bare call cannot tell a missing operation from one that needs the
  // login (PHP backends answer 404 to both), so only 405 and 501 still say "not implemented".
  if (stopped.length > 0 && status !== 405 && status !== 501) {
    return { ...at, verdict: 'not run', detail: `${stopped.join('; ')}${status === undefined ? '' : ` (answers ${status} without it)`}` };
  }
  if (status !== undefined && NOT_IMPLEMENTED.has(status)) return { ...at, verdict: 'not implemented', detail: `answers ${status}` };
  return { ...at, verdict: 'not run', detail: 'no step of this run reached it' };
}

/** What the operation did with bad input on purpose: the first answer that was not a documented 4xx, else refused. */
export function badInputOf(
  op: Pick<Operation, 'operationId' | 'takesInput'>,
  verdict: Verdict,
  recorded: RecordedAnswer[] | undefined,
  notRun: readonly NotRun[],
  ran: boolean,
): OperationResult['badInput'] {
  if (verdict === 'not implemented') return { verdict: 'none', detail: 'not implemented' };
  const answers = (recorded ?? []).filter((a) => a.check === 'bad input');
  const stopped = reasonsFor(notRun, 'bad input', op.operationId);
  const wrong = answers.find((a) => a.error !== undefined);
  if (wrong) return { verdict: 'differs', detail: `${wrong.status}${wrong.request ? ` to ${wrong.request}` : ''}: ${wrong.error}` };
  if (answers.length > 0) {
    const partly = stopped.length > 0 ? `; not every request was sent: ${stopped.join('; ')}` : '';
    return { verdict: 'refused', detail: `${answers.length} refused: ${statusesOf(answers)}${partly}` };
  }
  if (stopped.length > 0) return { verdict: 'not run', detail: stopped.join('; ') };
  if (!op.takesInput) return { verdict: 'none', detail: 'it takes no input' };
  return { verdict: 'not run', detail: ran ? 'no bad input of this run reached it' : 'the bad-input suite did not run' };
}

export interface ReportOptions {
  quiet?: boolean;
  env?: Record<string, string>;
  /** Only the suites' tests whose names match (vitest's `-t`); the other operations are probed or not run. */
  testNamePattern?: string;
  /** Only these suites (default all three). */
  suites?: SuiteName[];
  /** A field the contract does not name is a difference (`--strict`). */
  strict?: boolean;
  /** Every answer read through the BFF's anti-corruption layer for a legacy backend (`--through-adapter`). */
  throughAdapter?: boolean;
  /**
   * The backend is this repository's embedded one (`--embedded`): an operation its list of implemented operations
   * (EMBEDDED_OPERATIONS) names that answers as not implemented is a difference.
   */
  embedded?: boolean;
}

/**
 * The results held to a list of implemented operations: one the list names but the backend answers as not implemented
 * (404, 405, 501) differs, with the list named; the others stay as they were.
 */
export function heldToList(results: OperationResult[], implemented: ReadonlySet<string>): OperationResult[] {
  return results.map((r) =>
    r.verdict === 'not implemented' && implemented.has(r.operationId)
      ? { ...r, verdict: 'differs', detail: `listed as implemented (EMBEDDED_OPERATIONS) but ${r.detail ?? 'not answered'}` }
      : r,
  );
}

/** Hop-by-hop and framing headers: the adapter's front sends a request on with its own. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/**
 * A local front for the backend at `base` that sends every request on through the anti-corruption layer the BFF puts
 * in front of a legacy backend, as the site reads it (one attempt each: the report checks answers, not retries).
 */
async function adapterFront(base: string): Promise<{ base: string; close(): Promise<void> }> {
  const [{ createBackend }, { legacyDialect }, { pino }] = await Promise.all([
    import('../../src/bff/backend'),
    import('../../src/bff/legacy-dialect'),
    import('pino'),
  ]);
  const logger = pino({ level: 'silent' });
  const inner = createBackend({ backendUrl: base, logger, retry: { retries: 0 }, breaker: false });
  const backend = legacyDialect(inner, logger);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: OutgoingHttpHeaders = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !NOT_FORWARDED.has(name)));
      const body = Buffer.concat(chunks);
      const aborted = new AbortController();
      res.on('close', () => aborted.abort());
      backend
        .send({
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers,
          body: body.length > 0 ? body : undefined,
          signal: aborted.signal,
          noRetry: true,
        })
        .then(({ response }) => {
          res.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(res);
          res.on('close', () => response.destroy());
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'backend_unavailable', message: 'The backend did not answer.' } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      inner.destroy();
    },
  };
}

function runSuite(file: string, env: NodeJS.ProcessEnv, options: ReportOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const only = options.testNamePattern ? ['-t', options.testNamePattern] : [];
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'backend', file, ...only],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

/** Runs the suites against `given` (either form, `…/api` or not) and returns one result per operation of openapi.yaml. */
export async function contractReport(given: string, options: ReportOptions = {}): Promise<OperationResult[]> {
  // The probes add `/api/<name>.php` themselves, as the suites do.
  const front = options.throughAdapter ? await adapterFront(apiOrigin(given)) : undefined;
  const base = front?.base ?? apiOrigin(given);
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-report-'));
  try {
    const env = {
      ...process.env,
      ...options.env,
      API_BASE_URL: base,
      CONTRACT_REPORT_DIR: dir,
      CONTRACT_STRICT: options.strict ? '1' : '0',
    };
    const suites = options.suites ?? (Object.keys(SUITES) as SuiteName[]);
    for (const suite of suites) await runSuite(SUITES[suite], env, options);
    const recorded: Record<string, RecordedAnswer[]> = {};
    const notRun: NotRun[] = [];
    const ran = new Set<string>();
    for (const suite of suites) {
      const file = path.join(dir, `${suite}.json`);
      // A suite that did not get as far as writing its record: its operations are probed or not run.
      if (!existsSync(file)) continue;
      const record = JSON.parse(readFileSync(file, 'utf8')) as SuiteRecord;
      ran.add(record.suite);
      for (const [id, answers] of Object.entries(record.operations)) recorded[id] = [...(recorded[id] ?? []), ...answers];
      notRun.push(...record.notRun);
    }
    const results = await Promise.all(
      contractOperations().map(async (op) => {
        const result = await verdictOf(base, op, recorded[op.operationId], notRun);
        return { ...result, badInput: badInputOf(op, result.verdict, recorded[op.operationId], notRun, ran.has('bad input')) };
      }),
    );
    return options.embedded ? heldToList(results, new Set<string>(EMBEDDED_OPERATIONS)) : results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await front?.close();
  }
}

export function formatReport(results: OperationResult[]): string {
  const width = Math.max(...results.map((r) => r.operationId.length));
  const lines = results.map((r) => {
    const bad =
      r.badInput.verdict === 'none' ? '' : ` | bad input ${r.badInput.verdict}${r.badInput.detail ? `: ${r.badInput.detail}` : ''}`;
    return `${r.verdict.padEnd(16)} ${r.operationId.padEnd(width)}  ${`${r.method} ${r.path}`.padEnd(34)} ${r.detail ?? ''}${bad}`.trimEnd();
  });
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  const bad = (v: BadInputVerdict) => results.filter((r) => r.badInput.verdict === v).length;
  lines.push(
    `${results.length} operations: ${count('conforms')} conform, ${count('differs')} differ, ${count('not implemented')} not implemented, ${count('not run')} not run`,
    `bad input: ${bad('refused')} refuse it, ${bad('differs')} differ, ${bad('not run')} not run, ${bad('none')} take none or are not implemented`,
  );
  return `${lines.join('\n')}\n`;
}

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The report as JUnit XML for CI: one test case per operation for its answers (differs a failure, not run an error,
 * not implemented skipped) and one for its bad input when it takes any (differs a failure, not run an error).
 */
export function junitReport(results: OperationResult[], name: string): string {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  const testCase = (caseName: string, verdict: Verdict | BadInputVerdict, detail: string | undefined) => {
    const head = `  <testcase classname="contract" name="${xml(caseName)}">`;
    const message = xml(detail ?? '');
    if (verdict === 'differs') {
      failures += 1;
      return `${head}<failure message="${message}"/></testcase>`;
    }
    if (verdict === 'not run') {
      errors += 1;
      return `${head}<error message="${message}"/></testcase>`;
    }
    if (verdict === 'not implemented') {
      skipped += 1;
      return `${head}<skipped message="${message}"/></testcase>`;
    }
    return `${head}</testcase>`;
  };
  for (const r of results) {
    cases.push(testCase(`${r.operationId} (${r.method} ${r.path})`, r.verdict, r.detail));
    if (r.badInput.verdict !== 'none')
      cases.push(testCase(`${r.operationId} bad input (${r.method} ${r.path})`, r.badInput.verdict, r.badInput.detail));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${cases.join('\n')}\n</testsuite>\n`;
}

/** 0 when nothing differs and nothing failed to run (answers and bad input alike); 1 otherwise. */
export function exitCodeOf(results: OperationResult[]): number {
  const bad = (v: string) => v === 'differs' || v === 'not run';
  return results.some((r) => bad(r.verdict) || bad(r.badInput.verdict)) ? 1 : 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const strict = args.includes('--strict');
  const throughAdapter = args.includes('--through-adapter');
  const embedded = args.includes('--embedded');
  const junitAt = args.indexOf('--junit');
  const junitFile = junitAt >= 0 ? args[junitAt + 1] : undefined;
  const given = args.find((a, i) => !a.startsWith('--') && (junitAt < 0 || i !== junitAt + 1)) ?? process.env.API_BASE_URL;
  const unknown = args.filter(
    (a) => a.startsWith('--') && !['--json', '--strict', '--junit', '--through-adapter', '--embedded'].includes(a),
  );
  if (!given || !URL.canParse(given) || (junitAt >= 0 && !junitFile) || unknown.length > 0) {
    process.stderr.write(
      'usage: npx tsx tests/contract/run.ts [--json] [--junit FILE] [--strict] [--through-adapter] [--embedded] <backend URL, e.g. https://legacy.example.com/api>\n',
    );
    return 2;
  }
  const results = await contractReport(apiOrigin(given), { quiet: asJson, strict, throughAdapter, embedded });
  const against = `${apiOrigin(given)}${throughAdapter ? ' through the anti-corruption layer' : ''}`;
  process.stdout.write(
    asJson ? `${JSON.stringify(results, null, 2)}\n` : `\nContract of openapi.yaml against ${against}:\n${formatReport(results)}`,
  );
  if (junitFile) writeFileSync(junitFile, junitReport(results, `contract of openapi.yaml against ${against}`));
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
