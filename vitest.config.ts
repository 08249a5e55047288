import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/backoffice/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One migrated database of each kind per run, which the test apps start from.
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
