import { defineConfig } from 'vitest/config';

const backendSuites = ['mock-backend/**/*.test.ts', 'tests/contract/**/*.test.ts'];

// One runner for everything:
// - `unit`: unit, component, backend-integration (supertest on PGlite), BFF and contract tests;
// - `postgres`: the backend and contract suites again on PostgreSQL, only when TEST_DATABASE_URL is set (CI sets it);
// - `instances`: two backends and two BFFs on one PostgreSQL (also only with TEST_DATABASE_URL);
// - `e2e`: Debian's Chromium driven by playwright-core against a freshly started server (needs `npm run build`).
// Two workers (the machine kind has two cores): the browser files and the two-instance files run one at a time,
// each beside the other projects' files, which run two at a time.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', ...backendSuites, 'tests/bff/**/*.test.ts', 'tests/unit/**/*.test.ts'],
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
                fileParallelism: false,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
