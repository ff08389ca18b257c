import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL('../../bin/manmatch.mjs', import.meta.url));
/** A run starts tsx twice (the launcher, then the tool): seconds on a busy machine. */
const RUN_TIMEOUT_MS = 60_000;

/** Runs the operator's command as package.json's "bin" does (node, the launcher); answers its exit code and output. */
async function manmatch(args: string[], cwd = process.cwd()): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [LAUNCHER, ...args], { cwd, timeout: RUN_TIMEOUT_MS, killSignal: 'SIGKILL' });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const COMMANDS = [
  'site-admin',
  'migrate:import',
  'migrate:export',
  'contract:report',
  'shadow:report',
  'media:to-s3',
  'identity:keys',
  'backup',
  'restore',
];

describe('the operator command (npx manmatch)', () => {
  it(
    'When the operator asks for --help, then every operator tool is listed on a line of its own and the exit code is 0',
    async () => {
      const { code, stdout, stderr } = await manmatch(['--help']);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^usage: manmatch <command> \[arguments\]/);
      const listed = stdout.split('\n').filter((line) => /^ {2}\S/.test(line));
      expect(listed.map((line) => line.trim().split(/\s+/)[0])).toEqual(COMMANDS);
      for (const line of listed) expect(line.trim().split(/\s{2,}/)).toHaveLength(2);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'When a command does not exist, then the usage goes to stderr and the exit code is 2',
    async () => {
      const { code, stdout, stderr } = await manmatch(['migrate:everything', 'x']);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toContain('unknown command "migrate:everything"');
      expect(stderr).toContain('usage: manmatch <command> [arguments]');
      for (const name of COMMANDS) expect(stderr).toContain(`  ${name} `);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "When a tool's --help is asked for, then its usage, progress and exit codes are printed, the tool does not run, and the exit code is 0",
    async () => {
      const backup = await manmatch(['backup', '--help']);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/^usage: manmatch backup <backup directory>\n/);
      expect(backup.stdout).toContain('Progress: none while it copies');
      expect(backup.stdout).toContain('2 usage error, an invalid environment, or DATABASE_URL is set');
      expect(backup.stderr).toBe('');

      const importing = await manmatch(['migrate:import', './php-export', '--help']);
      expect(importing.code).toBe(0);
      expect(importing.stdout).toMatch(/^usage: manmatch migrate:import <dir> \[--dry-run\] \[--report <file>\]\n/);
      expect(importing.stdout).toContain('Progress: yes');

      // identity:keys would take "--help" for a key id: the help is printed instead of a key.
      const keys = await manmatch(['identity:keys', '--help']);
      expect(keys.code).toBe(0);
      expect(keys.stdout).toMatch(/^usage: manmatch identity:keys \[<key id>\]\n/);
      expect(keys.stdout).not.toContain('IDENTITY_SIGNING_KEY=');
    },
    RUN_TIMEOUT_MS * 3,
  );

  it(
    'When a tool runs, from any directory, then its output and its exit code 0 are the command’s',
    async () => {
      const { code, stdout } = await manmatch(['identity:keys', 'k-launcher'], tmpdir());
      expect(code).toBe(0);
      const signing = /^IDENTITY_SIGNING_KEY='(.+)'$/m.exec(stdout)?.[1];
      const verify = /^IDENTITY_VERIFY_KEYS='(.+)'$/m.exec(stdout)?.[1];
      expect(JSON.parse(signing ?? 'null')).toMatchObject({ kid: 'k-launcher', kty: 'OKP', d: expect.any(String) });
      expect(JSON.parse(verify ?? 'null')).toEqual({ keys: [expect.not.objectContaining({ d: expect.anything() })] });
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "When a tool refuses its arguments, then the command ends with the tool's own exit code and message",
    async () => {
      const badKeyId = await manmatch(['identity:keys', 'no spaces']);
      expect(badKeyId.code).toBe(2);
      expect(badKeyId.stderr).toContain('A key id is 1 to 64 letters');
      expect(badKeyId.stdout).toBe('');

      const noDirectory = await manmatch(['backup']);
      expect(noDirectory.code).toBe(2);
      expect(noDirectory.stderr).toContain('usage: npm run backup -- <backup directory>');

      // The script's strict option parsing stops Node with its own error: exit code 1, as the tool's help says.
      const unknownOption = await manmatch(['restore', './backup', '--data-dir', './new', '--force']);
      expect(unknownOption.code).toBe(1);
      expect(unknownOption.stderr).toContain('ERR_PARSE_ARGS_UNKNOWN_OPTION');
    },
    RUN_TIMEOUT_MS * 3,
  );
});
