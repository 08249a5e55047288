import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createServices } from '../services';

// The shape of an operator command. Modules define their commands (<module>.ops.ts) and ops.ts
// lists them; the shape lives here so a module's commands need not import the list.

export type OpsContext = { database: DatabaseHandle; print: (value: unknown) => void };

export type OpsCommand = {
  usage: string;
  description: string;
  run: (ctx: OpsContext, args: string[]) => Promise<void>;
};

/** The services over the CLI's database, built the same way the server builds them. */
export function opsServicesOf(ctx: OpsContext) {
  return createServices({
    config: loadConfig(),
    database: ctx.database,
    db: ctx.database.db,
    log: pino({ level: 'warn' }),
  });
}

/** The CLI acts as the system, named after the OS user who ran it (the audit log keeps it). */
export function cliActor(): { actorType: 'system'; actorId: string } {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): keep 'unknown'.
  }
  return { actorType: 'system', actorId: `ops-cli:${user}` };
}
