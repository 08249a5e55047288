import crypto from 'node:crypto';
import { describe } from 'vitest';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { seedDemoOperator } from '../src/db/seed';
import { buildApp, type App } from '../src/app';

export type DatabaseTarget = 'pglite' | 'postgres';

/** The database targets every database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Run a suite once per database target, named after it. */
export function describeEachDatabase(name: string, fn: (target: DatabaseTarget) => void): void {
  for (const target of databaseTargets()) {
    describe(`${name} [${target}]`, () => fn(target));
  }
}

/** Run a suite only on PostgreSQL (concurrency needs real connections); skipped without TEST_DATABASE_URL. */
export const describePostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** Create an empty, uniquely named PostgreSQL database and return its URL and a dropper. */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // pool.end() resolves before its clients have said goodbye; dropping WITH (FORCE) would
        // then kill them mid-goodbye and they raise an unhandled FATAL 57P01. Wait until they are gone.
        for (let i = 0; i < 100; i++) {
          const res = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (Number(res.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
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
};

/** Open a fresh, migrated and seeded database of the given kind and build the app over it. */
export async function createTestApp(
  target: DatabaseTarget = 'pglite',
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/wps-test-${crypto.randomBytes(6).toString('hex')}`;
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir }),
    databaseUrl: scratch?.url,
    webDist: undefined,
    // Hashing cost is measured in bench/; tests keep scrypt cheap so suites stay fast.
    scryptLogN: 10,
    ...overrides,
  };
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 30 });
  await runMigrations(database);
  await seedDemoOperator(database.db);
  const app = await buildApp({ config, database, logger: false, calendarClock: options.calendarClock });
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
