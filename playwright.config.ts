import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { databaseEnv } from './scripts/e2e-databases.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/** Debian's Chromium; a browser is never downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser suites drive Debian's headless shell of that Chromium (package chromium-headless-shell,
 * the same build without the desktop browser around it; the one Playwright itself runs headless)
 * when it is installed: the same pages cost a sixth less CPU (docs/decisions.md). Without it they
 * drive the full Chromium. CHROMIUM_PATH, when set, is used as given.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const SUITE_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // E2E_WORKERS: a developer may try another count; two suit this two-core machine (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a test that fails is run once more in a fresh worker, and the report lists it as flaky
  // when the second run passes (docs/decisions.md, "Browser tests: one retry on CI"). Locally a
  // failure is final, so a developer sees it at once.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    // Pages ask for reduced motion, which the apps honour (animations end at once, the slider stays):
    // a spinner or shimmer left running redraws every frame for as long as its page is open, which
    // cost about an eighth of a spec's CPU. The tests of motion itself ask for it back (emulateMedia).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: SUITE_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh database on every run, also when Playwright is started directly rather than through scripts/e2e.mjs:
    // a data directory left by an earlier run would carry its players, limits and settings into this one.
    // scripts/e2e.mjs makes the migrated and seeded template to start from: a PostgreSQL database with
    // E2E_DATABASE_URL, else a PGlite data directory (E2E_TEMPLATE_DIR; scripts/e2e-databases.mjs).
    command: `node scripts/e2e-databases.mjs fresh "${DATA_DIR}" && node apps/server/dist/server.js`,
    url: `http://127.0.0.1:${PORT}/wps/system/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ...databaseEnv(DATA_DIR),
      ...(process.env.E2E_TEMPLATE_DIR ? { E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR } : {}),
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14',
      // Each suite writes the content it checks; the demo operator's banners and pages would be in its way.
      DEMO_CONTENT: 'off',
      // The suites' generic site: a server that creates its database (no template) would install
      // the demo under BR, the default (db/seed-jurisdiction.ts); each suite sets up its own licence.
      DEMO_JURISDICTION: 'permissive',
      // Nor its rewards programmes and demo operators (DEMO_REWARDS): each suite switches on what it tests.
      DEMO_REWARDS: 'off',
      // Crash's betting window, shorter than a player's 6 s, so its journey waits less.
      CRASH_BETTING_MS: '4000',
      // A developer may serve a web build of their own (WEB_DIST) while another build runs.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
