/**
 * The PGlite smoke subset: the one place that names which database suites run on the embedded
 * PGlite as well when the run has PostgreSQL (TEST_DATABASE_URL, as in CI). Every other database
 * suite runs once, on PostgreSQL. Together these prove the embedded default (`npm start` without
 * DATABASE_URL) works: the migrations apply, and the ledger, a registration, a deposit, a bet, a
 * lottery ticket and a draw's settlement run on it. vitest.config.ts turns the list into the
 * `pglite-smoke` project. Without TEST_DATABASE_URL every suite runs on PGlite anyway.
 */
export const PGLITE_SMOKE_FILES = [
  // The migrations apply: the run's global setup (global-setup.ts) migrates a fresh PGlite every run.
  // The change feed (PGlite's own LISTEN) evicts the balance a wallet write changed.
  'apps/server/src/modules/ledger/balance-cache.test.ts',
  // The ledger: balanced transactions, holds, idempotency, no negative balance.
  'apps/server/src/modules/ledger/ledger.service.test.ts',
  // Registration and login.
  'apps/server/src/modules/member/member.test.ts',
  // A deposit credited through a gateway webhook, once.
  'apps/server/src/modules/deposit/deposit.test.ts',
  // A vendor's bet, win and rollback through the seamless wallet.
  'apps/server/src/modules/gateway/seamless.callbacks.test.ts',
  // A lottery ticket placed, and a draw settled.
  'apps/server/src/modules/lottery/lottery-placement.test.ts',
  'apps/server/src/modules/lottery/lottery-settlement.test.ts',
];
