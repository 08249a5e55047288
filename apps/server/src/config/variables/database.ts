/** The database: PostgreSQL (primary, LISTEN connection, read replica) or PGlite under DATA_DIR. */
import { flag, postgresUrl, text, wholeNumber } from '../fields';
import type { EnvVariable } from './variable';

export const DATABASE_VARIABLES = {
  DATA_DIR: {
    schema: text(),
    default: './data',
    feeds: 'AppConfig.dataDir',
    description: 'PGlite database (when no `DATABASE_URL`) and the SMS/e-mail outbox',
  },
  DATABASE_URL: {
    schema: postgresUrl(),
    feeds: 'AppConfig.databaseUrl',
    description:
      'PostgreSQL connection URL (`postgres://user:password@host:5432/db`); when set, PostgreSQL is used instead of PGlite. Several hosts with `?target_session_attrs=read-write` (`postgres://u@a:5432,b:5432/db?…`) follow a failover to the promoted server (docs/operations.md, Failover)',
    secret: true,
  },
  DATABASE_LISTEN_URL: {
    schema: postgresUrl(),
    defaultText: '`DATABASE_URL`',
    feeds: 'AppConfig.databaseListenUrl',
    description:
      'PostgreSQL only: the change feed\'s LISTEN connection (one per instance), straight to PostgreSQL when `DATABASE_URL` goes through PgBouncer in transaction mode, which keeps no session for LISTEN; set to another URL, `DATABASE_URL` is taken as pooled and its connections skip `SET jit = off` (set it on the role or database instead: docs/operations.md, "PgBouncer in transaction mode")',
    secret: true,
  },
  DATABASE_READ_URL: {
    schema: postgresUrl(),
    defaultText: 'unset (every read on `DATABASE_URL`)',
    feeds: 'AppConfig.databaseReadUrl',
    description:
      'PostgreSQL only: a streaming replica of `DATABASE_URL` for the reads that may be a little stale (back-office reports, lists and exports, the lobby\'s catalogue); money decisions and a player\'s own balance and records always read the primary (docs/operations.md, "Read replica")',
    secret: true,
  },
  DATABASE_READ_MAX_LAG_MS: {
    schema: wholeNumber(0),
    default: '5000',
    feeds: 'AppConfig.databaseReadMaxLagMs',
    description:
      "the replica's lag (measured every 2 s) above which the routed reads go to the primary until it catches up; also when the replica does not answer",
  },
  ALLOW_PGLITE_IN_PRODUCTION: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.allowPgliteInProduction',
    description: '`1`/`true` lets `NODE_ENV=production` run on PGlite (single node only)',
  },
} as const satisfies Record<string, EnvVariable>;
