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

type Envelope<T> =
  | { success: true; value: T }
  | { success: false; errorCode: ErrorCode; message: string; value?: unknown };

/** The headers of an /ops call: what it accepts, and the operator token when there is one. */
function opsHeaders(accept: string): { headers: Headers; token: string | null } {
  const token = getOperatorToken();
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { headers, token };
}

/** A failed /ops answer as an ApiError; a 401 on a call that carried a token ends the session (the app shows sign-in). */
function failure(
  envelope: { errorCode: ErrorCode; message: string; value?: unknown },
  status: number,
  token: string | null,
): ApiError {
  if (status === 401 && token && envelope.errorCode === 'OPERATOR_UNAUTHORIZED') setOperatorToken(null);
  return new ApiError(envelope.errorCode, envelope.message, status, envelope.value);
}

/**
 * Call an /ops route with the operator token and unwrap the { success, value } envelope. A 401
 * on a call that carried a token means the session ended: the token is dropped, so the app
 * shows the sign-in page.
 */
export async function opsRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const { headers, token } = opsHeaders('application/json');
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
  throw failure(envelope, response.status, token);
}

/**
 * GET a file from an /ops route (a CSV export, a withdrawal's proof image) with the operator
 * token in the Authorization header, never in the URL where it would reach logs and history.
 * A failure arrives as the JSON envelope and becomes an ApiError, as with opsRequest.
 */
export async function opsRequestBlob(path: string, accept: string): Promise<Blob> {
  const { headers, token } = opsHeaders(`${accept}, application/json`);
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      errorCode?: ErrorCode;
      message?: string;
      value?: unknown;
    } | null;
    if (!body?.errorCode)
      throw new ApiError('BAD_RESPONSE', body?.message ?? `Unexpected answer (${response.status})`, response.status);
    throw failure(
      { errorCode: body.errorCode, message: body.message ?? '', value: body.value },
      response.status,
      token,
    );
  }
  return response.blob();
}
