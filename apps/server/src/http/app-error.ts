import type { ErrorCode } from '@wps/shared/error-codes';
import { errorStatus } from '@wps/shared/error-status';

/** A typed, expected failure: becomes a `{ success: false, errorCode, message, value? }` response. */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly statusCode: number;
  readonly value: unknown;

  constructor(errorCode: ErrorCode, message?: string, value?: unknown) {
    super(message ?? errorCode);
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.statusCode = errorStatus[errorCode];
    this.value = value;
  }
}

/** Whether an unknown thrown value is an AppError. */
export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
