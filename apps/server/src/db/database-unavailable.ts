// Errors that say the database could not be reached or went away, not that the request was wrong:
// the primary died, is restarting, or was replaced by a promoted standby. The request's
// transaction did not commit, or (a connection lost during COMMIT) its outcome is unknown; either
// way the caller may try again with the same idempotency key once a server is back, so it is
// answered SERVER_BUSY (503, Retry-After) like a transaction that lost every race, not a 500.

import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';

/** admin_shutdown, crash_shutdown, cannot_connect_now; read_only_sql_transaction (a demoted server). */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '25006']);
/** Socket errors from node when the server's host refuses, resets or does not answer. */
const SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** node-postgres reports a lost or unusable connection with a message and no code. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout expired)/;

const RETRY_AFTER_SECONDS = 1;

export function isDatabaseUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception (08001 is also failover-client.ts's "no server qualifies").
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  return LOST_CONNECTION.test(err.message);
}

export function databaseUnavailable(): AppError {
  return new AppError(ErrorCode.SERVER_BUSY, 'The database is unavailable; try again', {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}
