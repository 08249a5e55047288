import type { DatabaseHandle } from '../../db/database';
import { readFunctionFiles, type FunctionFile } from '../../db/function-files';
import type { ReadReplicaStatus } from '../../db/read-handle';
import { pendingMigrations, readMigrations, type Migration } from '../../db/migrate';

/** How long a readiness check waits for the database before calling it down. */
const DATABASE_TIMEOUT_MS = 2000;

export type ReadinessCheck = 'database' | 'migrations' | 'changeFeed';

export type Readiness = {
  ready: boolean;
  /** One line per check: `ok`, or why the instance should not get traffic. Never an error's text (it may name hosts). */
  checks: Record<ReadinessCheck, string>;
  /** With DATABASE_READ_URL: where the routed reads go and the replica's last lag (never a reason to be unready). */
  readReplica?: Pick<ReadReplicaStatus, 'serving' | 'lagMs' | 'reason'>;
};

export type HealthDeps = {
  database: Pick<DatabaseHandle, 'db'>;
  changeFeed: { readonly isLive: boolean };
  /** The read handle's last check (db/read-handle.ts); reported as it is, without a query of its own. */
  readReplica?: () => ReadReplicaStatus;
  /** The migrations this build ships; read from disk once. */
  migrations?: Migration[];
  /** The function files this build ships (modules/<owner>/sql); read from disk once. */
  functionFiles?: FunctionFile[];
  /** Where a failed check's cause is logged (the probe's answer does not carry it). */
  onCheckError?: (check: ReadinessCheck, err: unknown) => void;
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness: the database answers within DATABASE_TIMEOUT_MS, every migration and function file this
 * build ships is applied, and the change feed is listening (without it the in-process caches are bypassed,
 * which is correct but slow, and another instance's writes would not evict them). Probes running
 * at the same moment share one check, so a burst of probes costs one query.
 */
export function createHealthService(deps: HealthDeps) {
  const migrations = deps.migrations ?? readMigrations();
  const functionFiles = deps.functionFiles ?? readFunctionFiles();
  let running: Promise<Readiness> | undefined;

  async function check(): Promise<Readiness> {
    const checks: Record<ReadinessCheck, string> = { database: 'ok', migrations: 'ok', changeFeed: 'ok' };
    try {
      const pending = await withTimeout(
        pendingMigrations(deps.database, migrations, functionFiles),
        DATABASE_TIMEOUT_MS,
      );
      if (pending.length > 0) checks.migrations = `${pending.length} pending: ${pending.join(', ')}`;
    } catch (err) {
      deps.onCheckError?.('database', err);
      checks.database = 'not answering';
      checks.migrations = 'unknown (database not answering)';
    }
    if (!deps.changeFeed.isLive) checks.changeFeed = 'not listening';
    const ready = Object.values(checks).every((c) => c === 'ok');
    const replica = deps.readReplica?.();
    if (!replica?.configured) return { ready, checks };
    return { ready, checks, readReplica: { serving: replica.serving, lagMs: replica.lagMs, reason: replica.reason } };
  }

  return {
    readiness(): Promise<Readiness> {
      running ??= check().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
