import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransferSet } from '../../mock-backend/components/member-transfer/fixtures';

const run = promisify(execFile);
/** One script's longest run: then it is killed (a script left running would outlive the test and its folder). */
const SCRIPT_TIMEOUT_MS = 120_000;

/**
 * Runs an operator script with the backend's environment pointed at a data directory; answers its exit code and
 * output. Each run starts tsx and opens the embedded database (seconds), so the file runs four.
 */
async function script(name: string, args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' };
  try {
    // Node with tsx's loader in one process (the tsx command would start a second one, which a kill misses).
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      env,
      timeout: SCRIPT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'migrate-scripts-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('npm run migrate:import and migrate:export', () => {
  it(
    'When a directory with a bad line is checked, imported and exported, then the exit codes, the report and the files say so',
    async () => {
      const set = path.join(scratch, 'php');
      const data = path.join(scratch, 'data');
      await writeTransferSet(set, { members: 20 });
      await appendFile(path.join(set, 'likes.jsonl'), '{"liker": 100001, "liked": 555555, "created_at": "2024-01-01T00:00:00Z"}\n');
      const report = path.join(scratch, 'report.jsonl');

      const dry = await script('migrate-import', [set, '--dry-run', '--report', report], data);
      expect(dry.code).toBe(1);
      expect(dry.stdout).toContain('dry run (nothing written)');
      const refused = (await readFile(report, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(refused).toEqual([
        expect.objectContaining({ file: 'likes.jsonl', kind: 'likes', id: '100001→555555', reason: 'unknown_member' }),
      ]);

      const imported = await script('migrate-import', [set, '--report', report], data);
      expect(imported.code).toBe(1);
      expect(imported.stdout).toContain('members 20');
      expect(imported.stdout).toContain('the next signup here gets id 100021');

      const exported = path.join(scratch, 'back');
      const back = await script('migrate-export', ['--since', '2020-01-01T00:00:00Z', exported], data);
      expect(back.code).toBe(0);
      expect((await readdir(exported)).sort()).toEqual([
        'blocks.jsonl',
        'conversations.jsonl',
        'ledger.jsonl',
        'likes.jsonl',
        'manifest.json',
        'members.jsonl',
        'messages.jsonl',
      ]);
    },
    3 * SCRIPT_TIMEOUT_MS,
  );

  it(
    'When a dry run meets a ledger total over the integer range, then it ends with exit code 1 and the report lists the rows refused',
    async () => {
      const set = path.join(scratch, 'php-overflow');
      await writeTransferSet(set, { members: 3 });
      const rows = Array.from({ length: 216 }, (_, i) => ({
        id: 9_000_000 + i,
        member: 100_001,
        delta: 10_000_000,
        reason: 'promotion',
        created_at: '2025-01-01T00:00:00Z',
      }));
      await appendFile(path.join(set, 'ledger.jsonl'), rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
      const report = path.join(scratch, 'overflow-report.jsonl');

      const dry = await script('migrate-import', [set, '--dry-run', '--report', report], path.join(scratch, 'data-overflow'));

      expect(dry.code).toBe(1);
      expect(dry.stdout).toContain('dry run (nothing written)');
      const refused = (await readFile(report, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(refused.map((r) => [r.file, r.id, r.reason])).toEqual([
        ['ledger.jsonl', '9000214', 'balance_out_of_range'],
        ['ledger.jsonl', '9000215', 'balance_out_of_range'],
      ]);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
