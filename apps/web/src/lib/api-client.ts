import type { ApiEnvelope } from '@wps/shared/envelope';
import type { ErrorCode } from '@wps/shared/error-codes';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import { clearSession, getMerchantCode, getToken } from './session-storage';
import { noteSessionEnded } from './session-end';
import { refreshSession } from './session-refresh';
import { getStoredLanguage } from './language';

/** Codes the client itself produces when no envelope came back. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE';

/** A failed API call: `errorCode` is what the UI translates; `message` is the English fallback. */
export class ApiError extends Error {
  readonly errorCode: ErrorCode | ClientErrorCode;
  readonly value: unknown;
  readonly status: number;

  constructor(errorCode: ErrorCode | ClientErrorCode, message: string, status: number, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
  }
}

/** Whether an unknown error is an ApiError with the given code. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.errorCode === code);
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Encrypt the JSON body with the server's current RSA key (docs/api.md). */
  encrypted?: boolean;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  signal?: AbortSignal;
  /** Send this token instead of the stored one (e.g. end a session that is not the stored one); null sends none. */
  token?: string | null;
};

/** The key, and how far the server's clock is ahead of ours (ms) when it answered. */
type EncryptionKey = RsaKeyResult & { clockOffsetMs: number };

let keyPromise: Promise<EncryptionKey> | null = null;

/**
 * The server's public key for payload encryption, fetched once and shared by all calls. The
 * answer's serverTime gives the offset of our clock, so the sealed timestamp is the server's time
 * even when the device clock is wrong (the server refuses a timestamp outside its window).
 */
function getEncryptionKey(): Promise<EncryptionKey> {
  if (!keyPromise) {
    const sentAt = Date.now();
    keyPromise = apiRequest<RsaKeyResult & { serverTime?: number }>('/wps/session/key/rsa').then(
      ({ serverTime, ...key }) => {
        const receivedAt = Date.now();
        // The server read its clock somewhere between our send and its answer: take the middle.
        const clockOffsetMs = typeof serverTime === 'number' ? serverTime - Math.round((sentAt + receivedAt) / 2) : 0;
        return { ...key, clockOffsetMs };
      },
      (error: unknown) => {
        keyPromise = null;
        throw error;
      },
    );
  }
  return keyPromise;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function buildHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json', Language: getStoredLanguage() });
  const merchant = getMerchantCode();
  if (merchant) headers.set('Merchant', merchant);
  if (token) headers.set('Authorization', token);
  return headers;
}

function encodeForm(body: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return params;
}

async function encodeBody(options: ApiRequestOptions, headers: Headers): Promise<BodyInit | undefined> {
  if (options.body === undefined) return undefined;
  // Multipart uploads: the browser sets the content type with its boundary.
  if (typeof FormData !== 'undefined' && options.body instanceof FormData) return options.body;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return encodeForm(options.body);
  }
  headers.set('Content-Type', 'application/json');
  if (options.encrypted) {
    // Loaded on demand: the crypto code is only needed by the few encrypted calls. Every send
    // (a retry too) is sealed anew with the time and a fresh nonce: the server refuses a body twice.
    const [{ encryptPayload }, key] = await Promise.all([import('@wps/shared/payload-crypto'), getEncryptionKey()]);
    return JSON.stringify(
      await encryptPayload(key.jwk, key.keyId, options.body, { timestamp: Date.now() + key.clockOffsetMs }),
    );
  }
  return JSON.stringify(options.body);
}

/**
 * `mayRefresh`: a call refused because this tab's session ended tries the refresh cookie once
 * (lib/session-refresh.ts) and is sent again with the new session; false on that second send.
 */
async function sendOnce<T>(path: string, options: ApiRequestOptions, mayRefresh = true): Promise<T> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers = buildHeaders(token);
  const body = await encodeBody(options, headers);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 'Network request failed', 0);
  }
  let envelope: ApiEnvelope<T>;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    throw new ApiError('BAD_RESPONSE', `Unexpected response (HTTP ${response.status})`, response.status);
  }
  if (envelope && envelope.success === true) return envelope.value;
  if (!envelope || typeof envelope.errorCode !== 'string') {
    throw new ApiError('BAD_RESPONSE', `Unexpected response (HTTP ${response.status})`, response.status);
  }
  if (envelope.errorCode === 'UNAUTHORIZED' && token && options.token === undefined && mayRefresh) {
    // This tab's session ended: the refresh cookie may open another (its sign-in still live), or
    // another call already did while this one was out.
    const current = getToken();
    if (current === token ? await refreshSession() : current !== null) return sendOnce<T>(path, options, false);
  }
  // A token the server no longer accepts is dead: drop the session so the UI shows a visitor,
  // and keep the reason the server gave so the player is told why.
  if (envelope.errorCode === 'UNAUTHORIZED' && token && getToken() === token) {
    clearSession();
    noteSessionEnded(envelope.value);
  }
  throw new ApiError(envelope.errorCode, envelope.message, response.status, envelope.value);
}

/**
 * Call the API: adds the Authorization, Merchant and Language headers, unwraps the
 * `{ success, value }` envelope and throws ApiError on failure. Encrypted calls retry once
 * with a fresh key when the server says the cached one expired or the sealed time was stale.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await sendOnce<T>(path, options);
  } catch (error) {
    // A rotated key, or a clock that drifted since the key was fetched: fetch the key (and the
    // server's time) again and send once more, freshly encrypted.
    if (options.encrypted && (isApiError(error, 'ENCRYPTION_KEY_EXPIRED') || isApiError(error, 'PAYLOAD_STALE'))) {
      keyPromise = null;
      return sendOnce<T>(path, options);
    }
    throw error;
  }
}
