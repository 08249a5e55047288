import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './database';
import { createLagReader, type LagReader } from './replica-lag';
import type { Database } from './schema';

/** How often the replica's lag is measured: in the background, never per request. */
export const READ_LAG_CHECK_MS = 2000;

export type ReadReplicaStatus = {
  /** DATABASE_READ_URL is set (PostgreSQL only). */
  configured: boolean;
  /** Where routed reads go now. */
  serving: 'replica' | 'primary';
  /** The last measured lag in ms; null before the first check, while unreachable or unbounded, and without a replica. */
  lagMs: number | null;
  /** Why the reads are where they are. */
  reason: 'ok' | 'not configured' | 'not checked yet' | 'lagging' | 'unreachable';
  /** Times the routed reads have fallen back to the primary since the start. */
  fallbacks: number;
};

/**
 * The handle of the reads that may be a little stale (docs/operations.md, "Read replica", lists
 * them): back-office reports, lists and exports, and the lobby's catalogue. Money decisions and a
 * player's own balance and records never use it; they read `ctx.db`, the primary (a test lists the
 * files allowed to name this handle).
 */
export type ReadDb = {
  /** The handle to read with now: the replica's, or the primary's while the replica is lagging, unreachable or absent. */
  current(): Kysely<Database>;
  /**
   * The most the rows read through `current()` now may lag the primary's, in ms: 0 on the primary.
   * A cache filled from the replica keeps a copy only once a change is at least this old.
   */
  staleBoundMs(): number;
  status(): ReadReplicaStatus;
  /** Measure the lag now (the background checks call this; tests call it to move on at once). */
  refresh(): Promise<ReadReplicaStatus>;
  /** Start the background checks. */
  start(): void;
  close(): Promise<void>;
};

/** No replica: every routed read is a primary read, exactly as without this handle. */
export function primaryReadDb(db: Kysely<Database>): ReadDb {
  const status: ReadReplicaStatus = {
    configured: false,
    serving: 'primary',
    lagMs: null,
    reason: 'not configured',
    fallbacks: 0,
  };
  return {
    current: () => db,
    staleBoundMs: () => 0,
    status: () => ({ ...status }),
    refresh: async () => ({ ...status }),
    start: () => undefined,
    close: async () => undefined,
  };
}

export type ReadDbOptions = {
  primary: Pick<DatabaseHandle, 'db' | 'kind'>;
  /** DATABASE_READ_URL; unset (or PGlite) gives the primary's handle. */
  readUrl: string | undefined;
  /** DATABASE_READ_MAX_LAG_MS: above this the routed reads go to the primary. */
  maxLagMs: number;
  log: Pick<Logger, 'info' | 'warn'>;
  poolSize?: number;
  checkIntervalMs?: number;
  /** Measures the lag; the default asks both databases (replica-lag.ts). Tests inject their own. */
  lagReader?: (replica: Kysely<Database>) => LagReader;
};

/**
 * Open the read pool beside the primary's. The routed reads start on the primary and move to the
 * replica after its first good check; they move back when the lag passes `maxLagMs` or the replica
 * stops answering, and each move is logged once, never per request.
 */
export function openReadDb(opts: ReadDbOptions): ReadDb {
  if (!opts.readUrl || opts.primary.kind !== 'postgres') return primaryReadDb(opts.primary.db);
  const primaryDb = opts.primary.db;
  const pool = new pg.Pool({ connectionString: opts.readUrl, max: opts.poolSize ?? 10 });
  // As for the primary's pool (database.ts): JIT off on each connection, and a connection the
  // server ends is the pool's to replace, not an error that ends the process.
  pool.on('connect', (client) => {
    client.query('SET jit = off').catch(() => undefined);
    // The pool listens on idle connections only: one checked out when the replica goes away would
    // otherwise emit an unheard 'error' and end the process (its query fails, and the read falls back).
    client.on('error', () => undefined);
  });
  pool.on('error', () => undefined);
  const replicaDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const readLag = (opts.lagReader ?? ((replica) => createLagReader(primaryDb, replica)))(replicaDb);
  const interval = opts.checkIntervalMs ?? READ_LAG_CHECK_MS;
  const state: ReadReplicaStatus = {
    configured: true,
    serving: 'primary',
    lagMs: null,
    reason: 'not checked yet',
    fallbacks: 0,
  };
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<ReadReplicaStatus> | undefined;

  /** Record a check's result; a move of the routed reads (or a first check that keeps them off the replica) is logged once. */
  function settle(lagMs: number | null, reason: ReadReplicaStatus['reason']): void {
    const serving = reason === 'ok' ? 'replica' : 'primary';
    const first = state.reason === 'not checked yet';
    const moved = serving !== state.serving;
    Object.assign(state, { lagMs, serving, reason });
    const fields = { lagMs, reason, maxLagMs: opts.maxLagMs };
    if (serving === 'replica') {
      if (moved) opts.log.info(fields, 'read replica in use: routed reads go to DATABASE_READ_URL');
    } else if (moved || first) {
      if (moved) state.fallbacks++;
      opts.log.warn(fields, 'read replica not used: routed reads go to the primary until it recovers');
    }
  }

  async function check(): Promise<ReadReplicaStatus> {
    try {
      const lagMs = await readLag();
      // A lag with no bound yet (a standby behind since before the first check) is lagging, shown as unknown.
      settle(Number.isFinite(lagMs) ? lagMs : null, lagMs <= opts.maxLagMs ? 'ok' : 'lagging');
    } catch {
      // The error's text may name hosts: the reason is logged, and the next check retries.
      settle(null, 'unreachable');
    }
    return { ...state };
  }

  return {
    current: () => (state.serving === 'replica' ? replicaDb : primaryDb),
    // The lag may have grown since the last check, by at most the time between two checks.
    staleBoundMs: () => (state.serving === 'replica' ? opts.maxLagMs + interval : 0),
    status: () => ({ ...state }),
    refresh() {
      checking ??= check().finally(() => {
        checking = undefined;
      });
      return checking;
    },
    start() {
      if (timer) return;
      void this.refresh();
      timer = setInterval(() => void this.refresh(), interval);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await checking;
      await replicaDb.destroy();
    },
  };
}
