import type { ErrorCode } from './error-codes';

/** A successful API response. */
export type ApiSuccess<T> = { success: true; value: T };

/** A failed API response: `errorCode` is stable, `message` an English fallback. */
export type ApiFailure = {
  success: false;
  errorCode: ErrorCode;
  message: string;
  value?: unknown;
};

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Field-level detail carried in `value` of a VALIDATION_FAILED response. */
export type FieldIssue = { field: string; message: string };
