import { defineConfig } from 'vitest/config';
import SuiteOrder from './tests/support/suite-order';

const backendSuites = ['mock-backend/**/*.test.ts', 'tests/contract/**/*.test.ts'];

// One runner for everything:
// - `unit`: unit, component, backend-integration (supertest on PGlite), BFF and contract tests;
// - `postgres`: the backend and contract suites again on PostgreSQL, only when TEST_DATABASE_URL is set (CI sets it);
// - `instances`: two backends and two BFFs on one PostgreSQL (also only with TEST_DATABASE_URL);
// - `e2e`: Debian's Chromium driven by playwright-core against a freshly started server (needs `npm run build`).
// All projects are one group of workers (Vitest would run a project without file parallelism after all the others,
// one file at a time): the browser and two-instance files mostly wait — for a page, a pop-up, a cron minute — and
// their waits now overlap with the other files' work. tests/support/suite-order.ts spreads them through the queue so
// about one runs at a time; each starts its own site, database and browser, so two never share anything.
// TEST_WORKERS sets the number of workers (default 3 on this two-core machine kind: one more than the cores, since
// the heavy files leave a core idle while they wait).
const workers = Number(process.env.TEST_WORKERS) || 3;

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
          include: ['src/**/*.test.{ts,tsx}', ...backendSuites, 'tests/bff/**/*.test.ts', 'tests/unit/**/*.test.ts'],
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
                include: backendSuites,
                env: { TEST_DB_DRIVER: 'postgres' },
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
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
