/**
 * The operator's command: each operator tool of the repository as a subcommand of one command (package.json "bin",
 * bin/manmatch.mjs), so `npx manmatch --help` lists them after `npm ci`:
 *
 *   npx manmatch --help                      every command, one line each
 *   npx manmatch <command> --help            one command's usage, environment, progress and exit codes
 *   npx manmatch <command> [arguments]       runs it
 *
 * A command runs its script unchanged in a child process (Node with tsx's loader), with the caller's working
 * directory, environment and terminal, and the arguments as given; its exit code is this command's, and a signal that
 * ended it ends this command the same way. The npm scripts (`npm run backup -- …`) stay the same tools under their
 * old names. `--help` (or `-h`) anywhere before a `--` shows the table's usage and runs nothing: none of the scripts
 * has a help option, and two would act on it (identity:keys would take it as a key id, media:to-s3 ignores its
 * arguments and copies).
 *
 * Exit code: the command's (each command's help says which); 0 for help; 2 for a missing or unknown command.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

interface Tool {
  /** The script it runs, from the repository's root. */
  script: string;
  /** The same tool as an npm script, when it has one. */
  npm?: string;
  /** One line for the list of commands. */
  summary: string;
  /** Its command line after `manmatch`. */
  usage: string;
  /** The environment it reads. */
  environment: string;
  /** What it prints while it runs. */
  progress: string;
  /** Each exit code with what it means, as the script has them. */
  exitCodes: string[];
}

/** The exit code of an unknown option where the script reads its options with node:util's strict parseArgs. */
const UNKNOWN_OPTION = '1 also for an unknown option (Node stops with ERR_PARSE_ARGS_UNKNOWN_OPTION before the tool starts)';

const TOOLS: Record<string, Tool> = {
  'site-admin': {
    script: 'scripts/site-admin.ts',
    summary: "Make a member of a site an admin of its moderators' console, or an admin a member again (--withdraw)",
    usage: 'site-admin <e-mail address> [--site <host>] [--withdraw]',
    environment: "the backend's (DATABASE_URL or DATA_DIR); migrations run first; without --site, the default site",
    progress: 'one line when done',
    exitCodes: [
      '0 done, or nothing to do',
      '1 no active member of the site has that address, or the site is unknown',
      '2 usage error, or the change failed',
      UNKNOWN_OPTION,
    ],
  },
  'migrate:import': {
    script: 'scripts/migrate-import.ts',
    npm: 'migrate:import',
    summary: 'Import members and their history from a directory of the transfer format (docs/import-format/README.md)',
    usage: 'migrate:import <dir> [--dry-run] [--report <file>]',
    environment:
      "the backend's (DATABASE_URL or DATA_DIR; S3_BUCKET for photos); refused records go to --report (default ./import-report.jsonl)",
    progress: 'yes: counts per kind and records per second on stderr every 3 s, a summary on stdout at the end',
    exitCodes: [
      '0 every record imported',
      '1 some records refused (listed in the report)',
      '2 usage error, or the directory could not be read (or the run failed)',
      UNKNOWN_OPTION,
    ],
  },
  'migrate:export': {
    script: 'scripts/migrate-export.ts',
    npm: 'migrate:export',
    summary: 'Write what members did on this backend since a time, in the transfer format (for a move back to PHP)',
    usage: 'migrate:export --since <ISO time> <dir>',
    environment: "the backend's (DATABASE_URL or DATA_DIR); migrations run first; the manifest is written last",
    progress: 'none while it runs; one summary line at the end',
    exitCodes: ['0 written', '2 usage error, or the export could not be written', UNKNOWN_OPTION],
  },
  'contract:report': {
    script: 'tests/contract/run.ts',
    npm: 'contract:report',
    summary: 'The contract report of any backend: one line per operation of openapi.yaml',
    usage: 'contract:report [--json] [--junit FILE] [--strict] [--through-adapter] [--embedded] <backend URL>',
    environment: 'API_BASE_URL when no URL is given; logins and cookie name: CONTRACT_* (tests/contract/target.ts)',
    progress: "yes: the contract suites' output as each runs (none with --json), then the report",
    exitCodes: [
      '0 every operation the backend implements conforms and refuses bad input, and everything ran',
      '1 anything differs or did not run',
      '2 usage error (an unknown option too), or the report could not be made',
    ],
  },
  'shadow:report': {
    script: 'scripts/shadow-report.ts',
    npm: 'shadow:report',
    summary: 'The shadow-read report of one or more BFFs, merged',
    usage: 'shadow:report [--json] <BFF URL>…',
    environment: 'OPERATOR_TOKEN (required); other options than --json are ignored',
    progress: 'none; the report when every BFF answered',
    exitCodes: [
      '0 no operation shows a difference',
      '1 one does',
      '2 usage error (no URL, or no OPERATOR_TOKEN), or a BFF could not be asked',
    ],
  },
  'media:to-s3': {
    script: 'scripts/media-to-s3.ts',
    npm: 'media:to-s3',
    summary: 'Copy DATA_DIR/media into the S3 bucket, skipping what is there (may run again)',
    usage: 'media:to-s3',
    environment: "the backend's: DATA_DIR, S3_BUCKET, S3_ENDPOINT or AWS_REGION, the key pair; arguments are ignored",
    progress: 'yes: "<n> copied…" on stdout every 500 files, a summary at the end',
    exitCodes: ['0 copied (or everything was there)', '1 the environment is invalid, S3_BUCKET is not set, or a copy failed'],
  },
  'identity:keys': {
    script: 'scripts/identity-keys.ts',
    npm: 'identity:keys',
    summary: "A new key pair for the identity bridge: prints IDENTITY_SIGNING_KEY (BFFs') and IDENTITY_VERIFY_KEYS (backends')",
    usage: 'identity:keys [<key id>]',
    environment: 'none; writes nothing (the private key is printed once, kept nowhere); the key id defaults to k<today>',
    progress: 'none',
    exitCodes: ['0 printed', '2 the key id is not 1 to 64 letters, digits, ".", "_" and "-"'],
  },
  backup: {
    script: 'scripts/backup.ts',
    npm: 'backup',
    summary: 'Back up a stopped embedded site (PGlite database and DATA_DIR/media) into a new directory',
    usage: 'backup <backup directory>',
    environment: "the backend's (DATA_DIR; with S3_BUCKET the photos stay in the bucket); PostgreSQL: pg_dump (docs/operations.md)",
    progress: 'none while it copies; one summary line at the end',
    exitCodes: [
      '0 the backup is complete',
      '1 refused (the site runs, the target is not empty, no database) or failed',
      '2 usage error, an invalid environment, or DATABASE_URL is set',
      UNKNOWN_OPTION,
    ],
  },
  restore: {
    script: 'scripts/restore.ts',
    npm: 'restore',
    summary: 'Restore a backup into a new, empty DATA_DIR, every file checked against its manifest',
    usage: 'restore <backup directory> --data-dir <new, empty DATA_DIR>',
    environment: 'none (the target is --data-dir)',
    progress: 'none while it copies; one summary line at the end',
    exitCodes: [
      '0 restored',
      '1 refused (not a finished backup, DATA_DIR not empty) or failed (a damaged file)',
      '2 usage error',
      UNKNOWN_OPTION,
    ],
  },
};

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** tsx's loader by its full address, so a command run from another directory finds it too. */
const TSX = import.meta.resolve('tsx');
const width = Math.max(...Object.keys(TOOLS).map((name) => name.length));

function overview(): string {
  return [
    'usage: manmatch <command> [arguments]',
    '       manmatch <command> --help',
    '',
    "The operator's tools of this site. Each runs with this directory and this environment (the backend's where it",
    'opens the database); `manmatch <command> --help` shows its arguments, environment, progress and exit codes.',
    '',
    'Commands:',
    ...Object.entries(TOOLS).map(([name, tool]) => `  ${name.padEnd(width)}  ${tool.summary}`),
    '',
    "Exit code: the command's; 2 for a missing or unknown command.",
    '',
  ].join('\n');
}

function usageOf(tool: Tool): string {
  return [
    `usage: manmatch ${tool.usage}`,
    '',
    tool.summary,
    `Environment: ${tool.environment}`,
    `Progress: ${tool.progress}`,
    'Exit codes:',
    ...tool.exitCodes.map((line) => `  ${line}`),
    `Runs: ${tool.script}${tool.npm ? ` (also \`npm run ${tool.npm} -- …\`)` : ''}`,
    '',
  ].join('\n');
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** Runs a tool's script with the caller's terminal; resolves when it ended, with its exit code or its signal. */
function run(tool: Tool, args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, ['--import', TSX, `${ROOT}${tool.script}`, ...args], { stdio: 'inherit' });
  // A signal sent to this process is the tool's: it decides how to stop, and this process waits for it.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve({ code, signal });
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (isHelp(name) || (name === 'help' && rest.length === 0)) {
    process.stdout.write(overview());
    return 0;
  }
  const asked = name === 'help' ? rest[0] : name;
  const tool = asked !== undefined && Object.hasOwn(TOOLS, asked) ? TOOLS[asked] : undefined;
  if (!tool || !asked) {
    process.stderr.write(`${name === undefined ? '' : `manmatch: unknown command "${asked}"\n\n`}${overview()}`);
    return 2;
  }
  const ownArgs = rest.indexOf('--') < 0 ? rest : rest.slice(0, rest.indexOf('--'));
  if (name === 'help' || ownArgs.some(isHelp)) {
    process.stdout.write(usageOf(tool));
    return 0;
  }
  const { code, signal } = await run(tool, rest);
  if (signal) {
    // Ended by a signal: end the same way, so the caller's shell sees what the tool's would have shown.
    process.kill(process.pid, signal);
    return 128 + (constants.signals[signal] ?? 0);
  }
  return code ?? 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`manmatch: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
