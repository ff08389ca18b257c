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

/** A short text for the first Ajv error: `/user/credits must be integer`. */
export function firstSchemaError(
  errors: readonly { instancePath?: string; message?: string; params?: unknown }[] | null | undefined,
): string | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  const extra =
    first.params && typeof first.params === 'object'
      ? Object.values(first.params as Record<string, unknown>).filter((v) => typeof v === 'string')[0]
      : undefined;
  return `${first.instancePath || '(body)'} ${first.message ?? 'does not match'}${extra && !String(first.message).includes(String(extra)) ? ` (${extra})` : ''}`;
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
