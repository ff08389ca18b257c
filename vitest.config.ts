import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import SuiteOrder from './tests/support/suite-order';

const unitSuites = ['src/**/*.test.{ts,tsx}', 'tests/bff/**/*.test.ts', 'tests/unit/**/*.test.ts'];
const unitFiles = unitSuites.flatMap((pattern) => globSync(pattern)).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
// Files that replace a global (the window's location, fetch's FormData, …) or mock a module: each needs a process of
// its own. A VM context's window cannot take another realm's objects or a redefined location.
const replacesGlobals = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|Object\.defineProperty\((window|globalThis),/;
const isolatedSuites = unitFiles.filter(({ text }) => replacesGlobals.test(text)).map(({ file }) => file);
// The other component tests: their first line asks for jsdom.
const domSuites = unitFiles
  .filter(({ text }) => !replacesGlobals.test(text) && text.startsWith('// @vitest-environment jsdom'))
  .map(({ file }) => file);

const backendSuites = ['mock-backend/**/*.test.ts', 'tests/contract/**/*.test.ts'];
// BFF tests that run a backend test context in-process, so they want the backend project's migrated template.
const withBackend = [
  'tests/bff/stream-resume.test.ts',
  'tests/bff/member-cache-control.test.ts',
  'tests/bff/client-package.test.ts',
  'tests/bff/traces.test.ts',
];

// One runner for everything:
// - `unit`: unit, BFF and script tests (Node);
// - `dom`: the component tests (jsdom), each file in a fresh VM context of a shared worker (`vmForks`);
// - `isolated`: the tests that replace a global or mock a module (mostly component tests), a process per file;
// - `backend`: the backend's integration tests (supertest on PGlite) and the contract suites against it;
// - `postgres`: the backend and contract suites again on PostgreSQL, only when TEST_DATABASE_URL is set (CI sets it);
// - `instances`: two backends and two BFFs on one PostgreSQL (also only with TEST_DATABASE_URL);
// - `e2e`: Debian's Chromium driven by playwright-core against a freshly started server (needs `npm run build`).
// The backend projects, `unit` and `e2e` run without per-file isolation (`isolate: false`): a worker process runs file
// after file and loads the backend, its dependencies and PGlite's WebAssembly (or playwright-core) once, where a fresh
// process per file loaded them again for every file (docs/benchmarks.md has the figures). It holds because a backend
// test keeps its state in what createTestContext builds and closes (app, database, jobs), a browser test in the site and
// browser it starts and stops, never in a module, and a unit test in what it makes.
// `dom` keeps files apart without a process each: a file runs in a fresh VM context (its own window, storage, URL and
// app modules) inside a worker that has loaded the libraries once. Without isolation they failed by order (one jsdom
// window, and the page-lifetime state in the app's modules, shared). Vitest goes on in the same process only when
// the next file in the queue is of the same project, so tests/support/suite-order.ts queues each project's files
// together: the backend files first, then the two-instance and browser files, then the short client files.
// All projects are one group of workers (Vitest would run a project without file parallelism after all the others,
// one file at a time), so the two-instance file that waits for two cron minutes waits beside the backend files' work,
// and three browser files at a time overlap each other's waits (a pop-up's delay, a settling payment). Each starts its
// own site, database and browser, so two never share anything.
// TEST_WORKERS sets the number of workers (default 3 on this two-core machine kind: one more than the cores, since
// the heavy files leave a core idle while they wait).
// At least two: given one worker, Vitest hands a VM-pool worker all of its files at once, and `dom`'s files would
// share one context.
const workers = Math.max(2, Number(process.env.TEST_WORKERS) || 3);

export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: SuiteOrder },
    reporters: ['default', './tests/support/slowest-files.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: unitSuites,
          exclude: [...configDefaults.exclude, ...withBackend, ...domSuites, ...isolatedSuites],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          pool: 'vmForks',
          include: domSuites,
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'isolated',
          environment: 'node',
          include: isolatedSuites,
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: [...backendSuites, ...withBackend],
          isolate: false,
          globalSetup: ['mock-backend/test/template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                environment: 'node',
                isolate: false,
                include: backendSuites,
                // The operator's report tool is tested once: what it checks is the answers, not the database behind.
                exclude: [...configDefaults.exclude, 'tests/contract/report-verdicts.test.ts'],
                env: { TEST_DB_DRIVER: 'postgres' },
                // One migrated database per run; each test context's database is a copy of it.
                globalSetup: ['mock-backend/test/pg-template-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              // Two backends and two BFFs as separate processes on one fresh PostgreSQL database.
              test: {
                name: 'instances',
                environment: 'node',
                include: ['tests/instances/**/*.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 240_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // A worker runs browser file after browser file in one process (playwright-core loaded once): each file
          // starts and stops its own site and browser and keeps nothing in a module.
          isolate: false,
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits up to 10 s, not Vitest's one second: a browser's upload, save or live event waits for the
          // site, which on a slow machine of this kind under the suite's load takes longer than a second (three
          // browser tests failed so on one). A poll returns as soon as it holds, so only a failure waits longer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
