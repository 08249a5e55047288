import { defineConfig } from 'vitest/config';
import { PGLITE_SMOKE_FILES } from './apps/server/test/pglite-smoke.ts';

// Three projects, run together in one vitest process on two workers:
//
// - `server`: the server's suites and the shared package, without per-file isolation. Each
//   worker imports the server's module graph once and runs file after file in it, instead of a
//   fresh process importing it again for every file: the suite takes about two fifths less time
//   (770 s against 444 s on one machine, docs/decisions.md "Unit and API tests without per-file
//   isolation"). Nothing in these files may leave state behind: each builds its own app over its
//   own database and closes it, and a test that sets environment variables puts them back.
// - `web`: the two web apps' unit tests (`*.test.ts`), which stub `window` (vi.stubGlobal) and
//   fake timers, so each file keeps its own process.
// - `pglite-smoke` (only with TEST_DATABASE_URL, when the server's suites run on PostgreSQL): the
//   files apps/server/test/pglite-smoke.ts names, again on the embedded PGlite.
// - `components`: the two web apps' and the UI package's component tests (`*.test.tsx`), Testing
//   Library on jsdom, next to the component they render (docs/testing.md).
//
// `npm run test:coverage` runs the same projects with v8 coverage (scripts/coverage.mjs).
//
// PostgreSQL need not flush its log to disk before it answers a commit: every suite's database is
// thrown away at the end of its run, and a lost commit would need PostgreSQL itself to crash (the
// crash suites kill the server's processes, not PostgreSQL). On this machine's disk a flushed commit
// costs about 4 ms; thousands of them were a large part of the server suites' time. The workers, the
// processes they start and the global setup inherit it; pg sends it because the server passes no
// startup options of its own (apps/server/src/db/database.ts sets JIT off per connection instead).
// docs/testing.md.
process.env.PGOPTIONS ??= '-c synchronous_commit=off';
// A server a test starts in its own process on a new database installs the demo operator under
// DEMO_JURISDICTION (db/seed-jurisdiction.ts), BR by default. The suites register players by
// username and test the licence by switching it themselves, so their servers start under the
// generic licence, as the browser suite's do (playwright.config.ts). Without the permissive demo's
// rewards programmes and demo operators (DEMO_REWARDS): the suites start from a demo with every
// programme off and no operator, and switch on what they test.
process.env.DEMO_JURISDICTION ??= 'permissive';
process.env.DEMO_REWARDS ??= 'off';

const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: [
        'apps/server/src/**',
        'apps/web/src/**',
        'apps/backoffice/src/**',
        'packages/shared/src/**',
        'packages/ui/src/**',
      ],
      exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', '**/migrations/**', '**/locales/**/*.json'],
      // json: every branch and line per file (coverage-final.json), to find which branches two runs differ on.
      reporter: ['json-summary', 'text-summary', 'json'],
      reportsDirectory: '.tmp/coverage',
    },
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'apps/vendor-sandbox/src/**/*.test.ts',
          ],
          isolate: false,
          // One migrated database of each kind per run, which the test apps start from.
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'pglite-smoke',
                include: PGLITE_SMOKE_FILES,
                // Its own processes, so its database choice cannot leak into the server project's.
                isolate: true,
                env: { WPS_TEST_DATABASE: 'pglite' },
                globalSetup: ['apps/server/test/global-setup.ts'],
              },
            },
          ]
        : []),
      {
        test: {
          ...shared,
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts', 'apps/backoffice/src/**/*.test.ts'],
          isolate: true,
        },
      },
      {
        test: {
          ...shared,
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx', 'apps/backoffice/src/**/*.test.tsx', 'packages/ui/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/ui/test/component-setup.ts'],
          // Like the server project, one module graph per worker instead of one per file: on this
          // machine 98 s against 279 s for the same 31 files (53 against 140 CPU-seconds), the
          // difference being React, i18n and the apps' modules imported again for every file. Each
          // file renders into a document cleaned after every test (the setup file) and puts back
          // what it stubbed (unstubGlobals).
          isolate: false,
          unstubGlobals: true,
        },
      },
    ],
  },
});
