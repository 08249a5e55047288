import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseHandle } from './database';

/**
 * Database round trips counted through a handle's query observer (query-observer.ts): the guard
 * test that holds the hot paths to a budget (apps/server/test/round-trips.test.ts) and benchmarks
 * that print round trips per request use it. A round trip is one statement sent and answered;
 * BEGIN, COMMIT and ROLLBACK are round trips too, and are told apart from the statements that read
 * or write.
 */
export type RoundTrips = {
  /** Everything sent, transaction control included. */
  roundTrips: number;
  /** Of those, the ones that are not transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE). */
  statements: number;
};

export type MeasuredRoundTrips<T> = RoundTrips & {
  value: T;
  /** The text of each round trip, in the order sent, for a failing test to show. */
  sent: string[];
};

export type RoundTripCounter = {
  /** Every round trip sent through the handle since attached (or last reset), from any caller. */
  total(): RoundTrips;
  reset(): void;
  /**
   * Run `fn` and count the round trips it makes, and what it starts and awaits (a group-commit
   * batch it joins, a cache load it causes), but not those of anything else running meanwhile
   * (a background job, another request): they are told apart by async context.
   */
  measure<T>(fn: () => Promise<T>): Promise<MeasuredRoundTrips<T>>;
  /** Stop counting; the handle's queries are no longer observed. */
  detach(): void;
};

const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|abort|savepoint|release)\b/i;

/** Whether a statement is transaction control rather than a read or a write. */
export function isTransactionControl(sqlText: string): boolean {
  return TRANSACTION_CONTROL.test(sqlText);
}

type Tally = { roundTrips: number; statements: number; sent: string[] };

/** Start counting the round trips sent through `database`; one counter per handle at a time. */
export function attachRoundTripCounter(database: DatabaseHandle): RoundTripCounter {
  const scope = new AsyncLocalStorage<Tally>();
  let total: RoundTrips = { roundTrips: 0, statements: 0 };
  database.observeQueries((sqlText) => {
    const control = isTransactionControl(sqlText);
    total.roundTrips++;
    if (!control) total.statements++;
    const tally = scope.getStore();
    if (!tally) return;
    tally.roundTrips++;
    if (!control) tally.statements++;
    tally.sent.push(sqlText);
  });
  return {
    total: () => ({ ...total }),
    reset: () => {
      total = { roundTrips: 0, statements: 0 };
    },
    measure: async (fn) => {
      const tally: Tally = { roundTrips: 0, statements: 0, sent: [] };
      const value = await scope.run(tally, fn);
      // A snapshot: work the call left running after it answered counts for nobody.
      return { value, roundTrips: tally.roundTrips, statements: tally.statements, sent: [...tally.sent] };
    },
    detach: () => database.observeQueries(null),
  };
}

/** The round trips of a measurement, one per line, numbered, for an assertion's message. */
export function describeRoundTrips(measured: { sent: readonly string[] }): string {
  return measured.sent
    .map((text, i) => `  ${String(i + 1).padStart(2)}. ${text.replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}
