import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** Told of each statement as it is sent to the database: its text, BEGIN, COMMIT and ROLLBACK included. */
export type QueryObserver = (sqlText: string) => void;

/**
 * A dialect whose queries can be watched (the round-trip guard, round-trip-counter.ts), and the
 * switch that watches them. With no observer the driver hands out the dialect's own connections,
 * untouched, so production pays one property check per acquired connection and nothing per query.
 * Watching starts with the next connection acquired: a transaction already open when an observer
 * is set is not seen.
 */
export function observableDialect(inner: Dialect): {
  dialect: Dialect;
  observeQueries: (observer: QueryObserver | null) => void;
} {
  const state: ObserverState = { observer: null };
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ObservedDriver(inner.createDriver(), state),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
  return {
    dialect,
    observeQueries: (observer) => {
      state.observer = observer;
    },
  };
}

type ObserverState = { observer: QueryObserver | null };

class ObservedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly state: ObserverState,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.state.observer?.(compiledQuery.sql);
    return this.inner.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.state.observer?.(compiledQuery.sql);
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/**
 * The dialect's driver, handing out watched connections while an observer is set. Transaction
 * control goes to the inner driver with the watched connection, so the BEGIN and COMMIT it sends
 * through that connection are seen; the inner driver gets its own connection back on release
 * (pg's and PGlite's drivers both recognise a connection by identity).
 */
class ObservedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly state: ObserverState,
  ) {
    // Kysely looks for these on the driver before it offers savepoints: present only when the inner driver has them.
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const state = this.state;
    if (!state.observer) return this.inner.acquireConnection();
    return this.inner.acquireConnection().then((connection) => new ObservedConnection(connection, state));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection instanceof ObservedConnection ? connection.inner : connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
