/**
 * What each operation answered during a contract run, for the operator's report (tests/contract/run.ts). Making the
 * report (`CONTRACT_REPORT_DIR` set), a suite records every answer it checks — its status, the first way it breaks the
 * contract and the fields the contract does not name — instead of failing at the first difference, notes what it could
 * not run and why, and writes its record to `<dir>/<suite>.json` when it ends.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** `answer`: a request the contract describes (its answer must be one the contract documents); `bad input`: one it does not take (a documented 4xx). */
export type CheckKind = 'answer' | 'bad input';

export interface RecordedAnswer {
  check: CheckKind;
  status: number;
  /** The first way the answer breaks the contract (or, for a bad input, the rule it breaks); absent when it conforms. */
  error?: string;
  /** JSON pointers of fields the contract does not name (a difference only in strict mode, then also in `error`). */
  unnamed?: string[];
  /** What was sent, for a bad input (`body.age = -1, below its minimum 18`). */
  request?: string;
}

export interface NotRun {
  check: CheckKind;
  /** The operations it concerns (all of a test that stopped, or those a missing login keeps out of reach). */
  operations: string[];
  reason: string;
}

export interface SuiteRecord {
  suite: string;
  operations: Record<string, RecordedAnswer[]>;
  notRun: NotRun[];
}

/** Making the operator's report: record and go on, instead of failing at the first difference. */
export const reporting = Boolean(process.env.CONTRACT_REPORT_DIR);

/**
 * Fields the contract does not name are differences: the report's `--strict` (CONTRACT_STRICT=1), and always against
 * the in-process backend, which names only the contract's fields.
 */
export const strictFields = process.env.CONTRACT_STRICT === '1' || !process.env.API_BASE_URL?.trim();

const answers = new Map<string, RecordedAnswer[]>();
const notRun: NotRun[] = [];

export function recordAnswer(operationId: string, answer: RecordedAnswer): void {
  const list = answers.get(operationId) ?? [];
  list.push(answer);
  answers.set(operationId, list);
}

/** Why some operations were not reached (a missing login, a test stopped by an answer it needed): the report names it. */
export function noteNotRun(check: CheckKind, operations: string[], reason: string): void {
  notRun.push({ check, operations, reason });
}

/** Writes the suite's record (when making the report) and starts a new one: a worker may run the next suite file. */
export function writeRecord(suite: string): void {
  const dir = process.env.CONTRACT_REPORT_DIR;
  const record: SuiteRecord = { suite, operations: Object.fromEntries(answers), notRun: [...notRun] };
  answers.clear();
  notRun.length = 0;
  if (dir) writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify(record, null, 2));
}
