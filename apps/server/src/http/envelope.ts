import type { ApiSuccess } from '@wps/shared/envelope';

/** Wrap a route's result in the success envelope. */
export function ok<T>(value: T): ApiSuccess<T> {
  return { success: true, value };
}
