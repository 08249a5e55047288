import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { ReadDb } from './db/read-handle';
import type { Database } from './db/schema';
import type { MetricsPort } from './metrics/metrics';

// What every service is built with. It lives apart from services.ts, which builds the services:
// a service that imported its context from there would import the file that imports it.

export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  db: Kysely<Database>;
  /**
   * The reads that may be a little stale (db/read-handle.ts): the replica of DATABASE_READ_URL
   * while it keeps up, else the primary. Only the files a test lists may use it; money decisions
   * read `db`. Absent when a test builds a service alone: those read `db`.
   */
  readDb?: ReadDb;
  log: Logger;
  /** Business events and queue observers (metrics/metrics.ts); set by createServices, absent when a test builds a service alone. */
  metrics?: MetricsPort;
  /**
   * The clock of the rules that turn on the calendar (the withdrawal day); Date.now when absent.
   * Tests pin it so a run that crosses midnight does not change what "today" is.
   */
  calendarClock?: () => number;
};
