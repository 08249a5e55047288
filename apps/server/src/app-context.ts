import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { MetricsPort } from './metrics/metrics';

// What every service is built with. It lives apart from services.ts, which builds the services:
// a service that imported its context from there would import the file that imports it.

export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  db: Kysely<Database>;
  log: Logger;
  /** Business events and queue observers (metrics/metrics.ts); set by createServices, absent when a test builds a service alone. */
  metrics?: MetricsPort;
  /**
   * The clock of the rules that turn on the calendar (the withdrawal day); Date.now when absent.
   * Tests pin it so a run that crosses midnight does not change what "today" is.
   */
  calendarClock?: () => number;
};
