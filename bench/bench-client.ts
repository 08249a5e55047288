import { encryptPayload } from '@wps/shared/payload-crypto';
import type { RsaKeyResult } from '@wps/shared/schemas/session';

type Envelope<T> = { success: true; value: T } | { success: false; errorCode: string; message: string };

/** Call the API over real HTTP and unwrap the envelope; throw with the error code on failure. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${env.errorCode}: ${env.message}`);
  return env.value;
}

/** Fetch the current public key for payload encryption. */
export function fetchRsaKey(baseUrl: string): Promise<RsaKeyResult> {
  return callApi<RsaKeyResult>(baseUrl, '/wps/session/key/rsa');
}

/** Register a member by username (encrypted) and return the login token. */
export async function registerMember(
  baseUrl: string,
  key: RsaKeyResult,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const body = await encryptPayload(key.jwk, key.keyId, { username, password, confirmPassword: password, agree: true });
  const value = await callApi<{ token: string }>(baseUrl, '/wps/member/register', { method: 'PUT', body, headers });
  return value.token;
}

/** Build the encrypted body of a username login. */
export function encryptLogin(key: RsaKeyResult, username: string, password: string) {
  return encryptPayload(key.jwk, key.keyId, { type: 'username', username, password });
}

/** A unique, pattern-friendly username: lowercase letters then digits. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}${Date.now() % 1e8}${Math.floor(Math.random() * 90 + 10)}`;
}
