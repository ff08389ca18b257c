import { defineConfig } from 'vitest/config';

// One runner for everything. `unit` holds unit, component, backend-integration (supertest on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set), BFF and contract tests; `e2e` drives Debian's Chromium with
// playwright-core against a freshly started server (requires `npm run build` first; `npm test` does it).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'mock-backend/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/bff/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
