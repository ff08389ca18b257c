/**
 * What each operation answered during a contract run: for every call a suite checked, its status and the first
 * schema error (none when the answer conforms). Written to `CONTRACT_REPORT_FILE` when the suite ends, for the
 * per-operation report of tests/contract/run.ts.
 */
import { writeFileSync } from 'node:fs';

export interface RecordedAnswer {
  status: number;
  /** The first way the answer breaks the contract; absent when it conforms. */
  error?: string;
}

const answers = new Map<string, RecordedAnswer[]>();

export function recordAnswer(operationId: string, status: number, error?: string): void {
  const list = answers.get(operationId) ?? [];
  list.push(error === undefined ? { status } : { status, error });
  answers.set(operationId, list);
}

const notRunReasons: string[] = [];

/** Why some tests did not run (a missing login): the report names it for every operation it did not reach. */
export function noteNotRun(reason: string): void {
  notRunReasons.push(reason);
}

export function writeRecord(base: string): void {
  const file = process.env.CONTRACT_REPORT_FILE;
  if (!file) return;
  writeFileSync(file, JSON.stringify({ base, operations: Object.fromEntries(answers), notRun: notRunReasons }, null, 2));
}
