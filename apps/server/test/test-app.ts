import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, inject } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import type { ReadDb } from '../src/db/read-handle';
import { runMigrations } from '../src/db/migrate';
import { seedDemoOperator } from '../src/db/seed';
import { buildApp, type App } from '../src/app';
import { createPostgresDatabase, scratchPrefix, type ScratchPostgres } from './scratch-postgres';

export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * The database a database suite runs on: PostgreSQL, the production database, when
 * TEST_DATABASE_URL is set (CI sets it), else the embedded PGlite. The `pglite-smoke` vitest
 * project runs the files named in `pglite-smoke.ts` once more with WPS_TEST_DATABASE=pglite, so
 * the embedded default keeps a proof that it works without every suite running twice
 * (docs/testing.md, "Both databases").
 */
export function databaseTargets(): DatabaseTarget[] {
  const forced = process.env.WPS_TEST_DATABASE;
  if (forced === 'pglite' || forced === 'postgres') return [forced];
  return process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
}

/** Run a suite on the run's database target (databaseTargets), named after it. */
export function describeEachDatabase(name: string, fn: (target: DatabaseTarget) => void): void {
  for (const target of databaseTargets()) {
    describe(`${name} [${target}]`, () => fn(target));
  }
}

/** Run a suite only on PostgreSQL (concurrency needs real connections); skipped without TEST_DATABASE_URL. */
export const describePostgres =
  process.env.TEST_DATABASE_URL && process.env.WPS_TEST_DATABASE !== 'pglite' ? describe : describe.skip;

/**
 * What the run's global setup made (global-setup.ts): a migrated PGlite dump, a migrated
 * PostgreSQL template and a migrated server data directory. Empty outside a vitest run (the benchmarks use these helpers too), and then
 * databases are migrated from nothing.
 */
export function provided(key: 'pgliteTemplate' | 'postgresTemplate' | 'serverDataDir'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Create a uniquely named PostgreSQL database and return its URL and a dropper: empty, or with
 * `migrated`, a copy of the run's migrated template when there is one (the caller still runs the
 * migrations, which then have nothing to do).
 */
export async function createScratchPostgres(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = opts.migrated ? provided('postgresTemplate') : '';
  if (!template) return createPostgresDatabase({});
  const scratch = await takeReserved(template);
  return {
    url: scratch.url,
    // Dropped in the background, like the copy made ahead: the run's global teardown drops
    // whatever a worker that ended first left behind (every copy is named after the template).
    drop: async () => {
      pendingDrops.add(scratch.drop().catch(() => undefined));
    },
  };
}

/**
 * Copies of the migrated template made one ahead, per worker. Copying a database (CREATE DATABASE
 * … TEMPLATE) and dropping it each take about two seconds of PostgreSQL writing and syncing, idle
 * time for the test waiting on them; a test app is made for almost every suite, so the next copy
 * is made while the current suite runs, and a copy is dropped without the suite waiting.
 */
const reserved = new Map<string, Promise<ScratchPostgres>>();
const pendingDrops = new Set<Promise<unknown>>();

function copyOf(template: string): Promise<ScratchPostgres> {
  const copy = createPostgresDatabase({ template, prefix: scratchPrefix(template) });
  copy.catch(() => undefined); // a failure is seen by the suite that takes it
  return copy;
}

async function takeReserved(template: string): Promise<ScratchPostgres> {
  const next = reserved.get(template) ?? copyOf(template);
  reserved.set(
    template,
    // The next copy starts once this one is made or has failed: once, not again when it fails itself.
    next.then(
      () => copyOf(template),
      () => copyOf(template),
    ),
  );
  return next;
}

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /**
   * Register extra test-only routes before `ready()`, e.g. fixtures under /lgw/ or /lotto/ to show
   * that plugins applying to declared paths (the access gate) cover routes added later.
   */
  extraRoutes?: (app: App) => void | Promise<void>;
  /** The app's calendar clock (AppContext.calendarClock), for tests that count "today". */
  calendarClock?: () => number;
  /** The routed reads' handle over the test's database (db/read-handle.ts); by default the app opens it from its config. */
  readDb?: (database: DatabaseHandle) => ReadDb;
};

/** Open a fresh, migrated and seeded database of the given kind and build the app over it. */
export async function createTestApp(
  target: DatabaseTarget = 'pglite',
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const scratch = target === 'postgres' ? await createScratchPostgres({ migrated: true }) : undefined;
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/wps-test-${crypto.randomBytes(6).toString('hex')}`;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir }),
    databaseUrl: scratch?.url,
    webDist: undefined,
    // Hashing cost is measured in bench/; tests keep scrypt cheap so suites stay fast.
    scryptLogN: 10,
    ...overrides,
  };
  const pgliteTemplate = target === 'pglite' ? provided('pgliteTemplate') : '';
  const loadDataDir = pgliteTemplate ? new Blob([await fs.promises.readFile(pgliteTemplate)]) : undefined;
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 30, loadDataDir });
  // Nothing to do when the database came migrated; everything when not.
  await runMigrations(database);
  await seedDemoOperator(database.db);
  const app = await buildApp({
    config,
    database,
    logger: false,
    calendarClock: options.calendarClock,
    ...(options.readDb ? { readDb: options.readDb(database) } : {}),
  });
  await options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A second server over a test app's PostgreSQL database: its own app and pool, as another instance has. */
export type SecondInstance = { app: App; database: DatabaseHandle; close: () => Promise<void> };

export async function openSecondInstance(t: TestApp, poolSize = 3): Promise<SecondInstance> {
  const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: null, poolSize });
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
