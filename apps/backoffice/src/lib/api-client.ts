import type { ErrorCode } from '@wps/shared/error-codes';
import { getOperatorToken, setOperatorToken } from './session';

/** Codes the client itself produces when no envelope came back. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE';

/** A failed call: `errorCode` is what the UI translates; `message` is the server's English fallback. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: ErrorCode | ClientErrorCode,
    message: string,
    readonly status: number,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.errorCode === code);
}

type Envelope<T> = { success: true; value: T } | { success: false; errorCode: ErrorCode; message: string; value?: unknown };

/**
 * Call an /ops route with the operator token and unwrap the { success, value } envelope. A 401
 * on a call that carried a token means the session ended: the token is dropped, so the app
 * shows the sign-in page.
 */
export async function opsRequest<T>(path: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {}): Promise<T> {
  const token = getOperatorToken();
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('BAD_RESPONSE', `Unexpected answer (${response.status})`, response.status);
  }
  if (envelope.success) return envelope.value;
  if (response.status === 401 && token && envelope.errorCode === 'OPERATOR_UNAUTHORIZED') setOperatorToken(null);
  throw new ApiError(envelope.errorCode, envelope.message, response.status, envelope.value);
}
