import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { createFailoverClients } from './failover-client';
import { parseHostList } from './host-list';
import { observableDialect, type QueryObserver } from './query-observer';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Run a multi-statement SQL script on the connection that `trx` holds. */
  execScript: (trx: Kysely<Database>, script: string) => Promise<void>;
  close: () => Promise<void>;
  /**
   * Subscribe to notification channels. On PostgreSQL this is a dedicated connection that
   * reconnects by itself; `onState` tells when the feed is up or down (notifications may have
   * been missed while down). On PGlite the one session listens, and the feed is always up.
   */
  listen: (channels: readonly string[], handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as one uncompressed archive, to open copies from (`loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
  /** The pool's connections now (PostgreSQL only: PGlite is one session, with no pool), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Tell `observer` of every statement `db` sends (BEGIN, COMMIT and ROLLBACK included), or stop
   * with null: the round-trip guard and the benchmarks count through it (round-trip-counter.ts).
   * Unset, it costs nothing per query (query-observer.ts).
   */
  observeQueries: (observer: QueryObserver | null) => void;
};

export type ListenHandlers = {
  onMessage: (channel: string, payload: string) => void;
  onState: (isLive: boolean) => void;
};

/** Channel names are fixed identifiers in our code; this keeps LISTEN free of injection. */
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MS = 1000;

function checkChannels(channels: readonly string[]): void {
  for (const channel of channels)
    if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name ${channel}`);
}

/** LISTEN on a connection of its own, reconnecting after errors until stopped. */
function createPostgresListener(newClient: () => pg.Client) {
  return async (channels: readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>> => {
    checkChannels(channels);
    let client: pg.Client | null = null;
    let isStopped = false;
    let retry: NodeJS.Timeout | undefined;

    const scheduleReconnect = () => {
      if (isStopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect().catch(scheduleReconnect);
      }, RECONNECT_MS);
      retry.unref();
    };

    const connect = async () => {
      const c = newClient();
      c.on('notification', (message) => {
        if (channels.includes(message.channel)) handlers.onMessage(message.channel, message.payload ?? '');
      });
      // 'end' follows every fatal error; reconnecting there covers both.
      c.on('error', () => undefined);
      c.on('end', () => {
        if (client !== c) return;
        client = null;
        handlers.onState(false);
        scheduleReconnect();
      });
      try {
        await c.connect();
        for (const channel of channels) await c.query(`LISTEN ${channel}`);
      } catch (error) {
        await c.end().catch(() => undefined);
        throw error;
      }
      if (isStopped) {
        await c.end();
        return;
      }
      client = c;
      handlers.onState(true);
    };

    await connect().catch(scheduleReconnect);
    return async () => {
      isStopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end();
    };
  };
}

/** PGlite's one session listens; notifications arrive as its queries complete. */
function createPgliteListener(pglite: PGlite) {
  return async (channels: readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>> => {
    checkChannels(channels);
    const stops = await Promise.all(
      channels.map((channel) => pglite.listen(channel, (payload) => handlers.onMessage(channel, payload))),
    );
    handlers.onState(true);
    return async () => {
      for (const stop of stops) await stop();
    };
  };
}

// bigint columns (int8) arrive as strings by default; money code converts them with BigInt().
// numeric stays a string too. Nothing here turns money into a float.

/** Open PostgreSQL when a URL is given, else PGlite in dataDir (or in memory when dataDir is null). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: where the change feed's LISTEN connection goes (DATABASE_LISTEN_URL); unset,
   * databaseUrl. LISTEN needs a session of its own, which a transaction-mode pooler (PgBouncer)
   * does not keep: with databaseUrl through one, this points straight at PostgreSQL. A different
   * URL here also tells that databaseUrl is pooled, so its connections skip `SET jit = off`
   * (docs/operations.md, "PgBouncer in transaction mode").
   */
  listenUrl?: string | undefined;
  dataDir?: string | null;
  poolSize?: number;
  /**
   * PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an
   * empty cluster. Tests open hundreds of databases, and an empty cluster's initdb is most of the
   * cost of each; they start from one migrated dump instead (apps/server/test/global-setup.ts).
   */
  loadDataDir?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // JIT off: this is short statements over indexes, where PostgreSQL's JIT (on above a plan
    // cost, which a misestimate reaches) spends hundreds of milliseconds compiling a statement
    // that runs in a few (docs/decisions.md, "PostgreSQL: JIT off"). It is set on each new
    // connection, before the connection's first query, rather than passed as the `options` startup
    // parameter: given no `options`, pg sends libpq's standard PGOPTIONS variable, where the test
    // suites turn off synchronous_commit (docs/testing.md).
    // A URL naming several hosts reaches whichever meets its target_session_attrs (failover-client.ts).
    const hostList = parseHostList(opts.databaseUrl);
    const failover = hostList ? createFailoverClients(hostList) : null;
    const connectionString = hostList?.baseUrl ?? opts.databaseUrl;
    const Client = failover?.Client ?? pg.Client;
    const pool = new pg.Pool({ connectionString, max: opts.poolSize ?? 10, Client });
    // Through a transaction-mode pooler a session SET would land on whichever server connection
    // ran it and stay there for other clients; there the role's or database's own `jit = off`
    // (ALTER ROLE/DATABASE … SET jit = off) does it for every server connection instead.
    const isPooled = opts.listenUrl !== undefined && opts.listenUrl !== opts.databaseUrl;
    pool.on('connect', (client) => {
      // A connection this fails on is broken; its next query reports that.
      if (!isPooled) client.query('SET jit = off').catch(() => undefined);
      // The pool listens for errors on idle connections only. One checked out between two queries
      // when the server dies (a transaction awaiting something else, a crash, a failover) would
      // emit an 'error' with no listener, which ends the process; its next query fails anyway,
      // and the pool drops it on release.
      client.on('error', () => undefined);
    });
    // An idle connection the server ends (a restart, a failover, pg_terminate_backend, a dropped
    // database) is reported by the pool as an 'error' event, which with no listener would throw
    // and end the process. The pool has already dropped that connection and opens a new one for
    // the next query; with several hosts that one probes again for the writable server. A query
    // in flight still gets its own error.
    pool.on('error', () => failover?.forget());
    const { dialect, observeQueries } = observableDialect(new PostgresDialect({ pool }));
    const db = new Kysely<Database>({ dialect });
    // With no parameters pg uses the simple protocol, which accepts several statements.
    const execScript = async (trx: Kysely<Database>, script: string) => {
      await sql.raw(script).execute(trx);
    };
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return {
      db,
      kind: 'postgres',
      execScript,
      close: () => db.destroy(),
      listen: createPostgresListener(() =>
        opts.listenUrl && isPooled
          ? new pg.Client({ connectionString: opts.listenUrl })
          : new Client({ connectionString }),
      ),
      poolStats,
      observeQueries,
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // PGlite would return int8 as number (or bigint when large); keep it a string, as pg does.
  const parsers = { 20: (value: string) => value };
  const pglite = dir
    ? new PGlite(dir, { relaxedDurability: true, parsers })
    : new PGlite({ parsers, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  await pglite.waitReady;
  const { dialect, observeQueries } = observableDialect(new PGliteDialect(pglite));
  const db = new Kysely<Database>({ dialect });
  // PGlite has one session; the dialect's extended protocol refuses several statements, so
  // scripts go through exec() on that same session (inside the open transaction).
  const execScript = async (_trx: Kysely<Database>, script: string) => {
    await pglite.exec(script);
  };
  return {
    db,
    kind: 'pglite',
    execScript,
    close: () => db.destroy(),
    listen: createPgliteListener(pglite),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    observeQueries,
  };
}
