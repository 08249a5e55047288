import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached read (~1 ms) to a request that should have timed out. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Items per group-commit batch; the queues cap a batch at a few hundred. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
/** Seconds an item waits in a group-commit queue before its batch starts. */
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export type PoolStats = { total: number; idle: number; waiting: number };

/** What the read handle reports (db/read-handle.ts `status`), read at each scrape. */
export type ReadReplicaStats = {
  reason: string;
  serving: 'replica' | 'primary';
  lagMs: number | null;
  fallbacks: number;
};

/**
 * The business events services report: one call each, where the event becomes final (after the
 * commit). Amounts are in minor units. Services hold this port, not prom-client.
 */
export type BusinessMetrics = {
  depositCredited(amountMinor: bigint): void;
  /** A withdrawal entered `state` (requested, approved, rejected, paid…). */
  withdrawal(state: string): void;
  /**
   * A bet or win settled on the seamless wallet, by vendor code (`vassalage`: a configured vendor
   * or the in-house games, so the label set stays small). Transfer-wallet vendors settle bets on
   * their side and are seen only as transfers.
   */
  bet(vendor: string, amountMinor: bigint): void;
  win(vendor: string, amountMinor: bigint): void;
  /** A ledger post committed (a replay of a committed post does not count). */
  ledgerPost(kind: string): void;
  loginFailed(actor: 'member' | 'operator'): void;
};

/** What a group-commit queue reports per batch (db/group-commit.ts `observe`). */
export type GroupCommitObserver = (size: number, waitsMs: readonly number[]) => void;

/** The port services hold (`ctx.metrics`, optional so a service built alone in a test needs none): business events and queue observers. */
export type MetricsPort = BusinessMetrics & {
  /** The observer for the group-commit queue named `queue` (`observe` option). */
  groupCommit(queue: string): GroupCommitObserver;
};

/** Counters hold numbers: exact up to 2^53 minor units, far past any total reached between restarts. */
const minor = (amount: bigint) => Number(amount);

/**
 * Every metric of one app, in a registry of its own: tests build many apps in one process, and
 * prom-client's global registry would refuse the second app's metrics. Built once in the
 * composition root (services.ts) and handed to what reports.
 */
export function createMetrics(opts: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Process metrics (CPU, memory, event-loop lag, GC) start an event-loop monitor; only an app
  // whose metrics are served needs them.
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by matched route (as declared, never the raw URL), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const callbackDuration = new Histogram({
    name: 'vendor_callback_duration_seconds',
    help: 'Vendor wallet callback duration by route and status class',
    labelNames: ['route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'group_commit_batch_size',
    help: 'Items per group-commit batch, by queue',
    labelNames: ['queue'] as const,
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const batchWait = new Histogram({
    name: 'group_commit_wait_seconds',
    help: 'Time an item waited in a group-commit queue before its batch started, by queue',
    labelNames: ['queue'] as const,
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });

  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const depositsCredited = counter('deposits_credited_total', 'Deposits credited to a member');
  const depositsCreditedAmount = counter(
    'deposits_credited_amount_minor_total',
    'Amount of deposits credited, in minor units',
  );
  const withdrawals = counter('withdrawals_total', 'Withdrawals entering each state', ['state']);
  const bets = counter('bets_total', 'Bets accepted on the seamless wallet, by vendor', ['vendor']);
  const betAmount = counter('bet_amount_minor_total', 'Amount of bets accepted, in minor units, by vendor', ['vendor']);
  const wins = counter('wins_total', 'Wins credited on the seamless wallet, by vendor', ['vendor']);
  const winAmount = counter('win_amount_minor_total', 'Amount of wins credited, in minor units, by vendor', ['vendor']);
  const ledgerPosts = counter('ledger_posts_total', 'Ledger posts committed, by kind', ['kind']);
  const loginFailures = counter('login_failures_total', 'Failed logins, by actor (member or operator)', ['actor']);
  const shed = counter(
    'http_requests_shed_total',
    'Requests refused 503 SERVER_OVERLOADED before any work, by reason (plugins/load-shedding.ts)',
    ['reason'],
  );

  const business: BusinessMetrics = {
    depositCredited(amountMinor) {
      depositsCredited.inc();
      depositsCreditedAmount.inc(minor(amountMinor));
    },
    withdrawal: (state) => withdrawals.inc({ state }),
    bet(vendor, amountMinor) {
      bets.inc({ vendor });
      betAmount.inc({ vendor }, minor(amountMinor));
    },
    win(vendor, amountMinor) {
      wins.inc({ vendor });
      winAmount.inc({ vendor }, minor(amountMinor));
    },
    ledgerPost: (kind) => ledgerPosts.inc({ kind }),
    loginFailed: (actor) => loginFailures.inc({ actor }),
  };

  const groupCommit = (queue: string): GroupCommitObserver => {
    const size = batchSize.labels({ queue });
    const wait = batchWait.labels({ queue });
    return (items, waitsMs) => {
      size.observe(items);
      for (const ms of waitsMs) wait.observe(ms / 1000);
    };
  };
  const port: MetricsPort = { ...business, groupCommit };

  return {
    registry,
    port,

    /** Record one answered request. `route` is the declared path (`routeOptions.url`), or `unmatched`. */
    observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      httpDuration.observe({ route, method, status_class: statusClass }, seconds);
      if (route.startsWith('/vendor/')) callbackDuration.observe({ route, status_class: statusClass }, seconds);
    },

    /** Count one request refused by the load shedding, by what was over its bound. */
    requestShed(reason: string): void {
      shed.inc({ reason });
    },

    /** Report the requests the load shedding counts as in flight, at each scrape. */
    watchInFlight(inFlight: () => number): void {
      new Gauge({
        name: 'http_requests_in_flight',
        help: 'Requests admitted and not yet answered, as the load shedding counts them (probes, settlement callbacks, built files and live streams left out)',
        registers: [registry],
        collect() {
          this.set(inFlight());
        },
      });
    },

    /** Report the database pool's connections at each scrape (PostgreSQL; PGlite has one session and no pool). */
    watchPool(stats: () => PoolStats | undefined): void {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const s = stats();
          if (!s) return;
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    },

    /**
     * The read replica (DATABASE_READ_URL), read at each scrape from the background check's last
     * result: its lag, whether the routed reads use it, and how often they fell back to the
     * primary. Called only when there is a replica.
     */
    watchReadReplica(stats: () => ReadReplicaStats): void {
      const gauge = (name: string, help: string, value: (s: ReadReplicaStats) => number | null) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            const s = stats();
            const v = value(s);
            // NaN, not 0, while there is no answer: a lost replica must not read as one that keeps up.
            this.set(v ?? Number.NaN);
          },
        });
      gauge(
        'db_read_replica_lag_seconds',
        "The read replica's last measured lag (NaN while it does not answer or has no bound yet)",
        (s) => (s.lagMs === null ? null : s.lagMs / 1000),
      );
      gauge('db_read_replica_up', 'Whether the last check of the read replica got an answer', (s) =>
        s.reason === 'unreachable' || s.reason === 'not checked yet' ? 0 : 1,
      );
      gauge('db_read_replica_in_use', 'Whether the routed reads go to the read replica (0: to the primary)', (s) =>
        s.serving === 'replica' ? 1 : 0,
      );
      gauge(
        'db_read_replica_fallbacks',
        'Times the routed reads fell back to the primary (lag over DATABASE_READ_MAX_LAG_MS, or unreachable) since the start',
        (s) => s.fallbacks,
      );
    },

    /**
     * Withdrawals awaiting review past their deadline, read at each scrape: what the alerting
     * watches (docs/operations.md), as the back office's queue and dashboard mark them.
     */
    watchWithdrawalReviews(overdue: () => Promise<number>): void {
      new Gauge({
        name: 'withdrawals_review_overdue',
        help: 'Withdrawal orders still pending past their review deadline',
        registers: [registry],
        async collect() {
          this.set(await overdue());
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
