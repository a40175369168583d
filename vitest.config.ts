import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests of the packages, web tests in jsdom, and the server
// integration suite, which runs against a real database (SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set) and a real SMTP server on loopback.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/web/vite/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'threads',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Rendering whole pages in jsdom on two shared cores can pass 5 s under load.
          testTimeout: 15_000,
          pool: 'threads',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
