/**
 * The services a test's child process (agent-settle-child.ts, lottery-settle-child.ts) builds over
 * its database: with createServices, as the server does, so the wiring test checks them too.
 */
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { AppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/database';
import { createServices } from '../src/services';

export function childServicesOf(
  database: DatabaseHandle,
  options: { name: string; databaseUrl: string | undefined; calendarClock?: () => number },
) {
  const ctx: AppContext = {
    config: {
      ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), `wps-${options.name}`) }),
      databaseUrl: options.databaseUrl,
      scryptLogN: 10,
    },
    database,
    db: database.db,
    log: pino({ level: 'silent' }),
    ...(options.calendarClock ? { calendarClock: options.calendarClock } : {}),
  };
  return { ctx, services: createServices(ctx) };
}
