import type { AdapterRow } from './gateway.repository';
import { vendorSignatureHeaders } from './vendor-signature';

/**
 * What a call to a vendor's transfer API told us. `unknown` (timeout, network error, 5xx, an
 * answer we cannot read) means the vendor may or may not have acted: the caller keeps the
 * transfer pending until a status check says which.
 */
export type VendorCallOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; errorCode: string; message: string }
  | { kind: 'unknown'; error: string };

export type VendorTransferAnswer = {
  transferId: string;
  status: 'succeeded' | 'failed' | 'not_found';
  balanceMinor?: string;
};
export type VendorBalanceAnswer = { balanceMinor: string };

/** POST a signed JSON body to the vendor's transfer API (docs/vendor-api.md "Transfer wallet"). Never inside a DB transaction. */
export async function callVendor<T>(
  adapter: AdapterRow,
  path: string,
  body: Record<string, unknown>,
): Promise<VendorCallOutcome<T>> {
  if (!adapter.apiUrl) return { kind: 'unknown', error: 'vendor has no API URL' };
  const raw = JSON.stringify(body);
  let url: URL;
  try {
    url = new URL(`${adapter.apiUrl}${path}`);
  } catch {
    return { kind: 'unknown', error: 'vendor API URL is not a URL' };
  }
  // The signature covers the method and the path as the vendor receives them (its API base
  // path included), so a body signed for /wallet/deposit never verifies on /wallet/withdraw.
  const signed = { method: 'POST', path: url.pathname, rawBody: raw };
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...vendorSignatureHeaders(adapter.secret, signed) },
      body: raw,
      signal: AbortSignal.timeout(adapter.requestTimeoutMs),
    });
  } catch (err) {
    return { kind: 'unknown', error: err instanceof Error ? `${err.name}: ${err.message}` : 'request failed' };
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    return { kind: 'unknown', error: `HTTP ${res.status} with an unreadable body` };
  }
  const envelope = json as { success?: unknown; value?: unknown; errorCode?: unknown; message?: unknown };
  if (res.ok && envelope.success === true) return { kind: 'ok', value: envelope.value as T };
  // Only a clear 4xx refusal is final; anything else may still have been applied.
  if (res.status >= 400 && res.status < 500 && envelope.success === false && typeof envelope.errorCode === 'string') {
    return {
      kind: 'refused',
      errorCode: envelope.errorCode,
      message: typeof envelope.message === 'string' ? envelope.message : envelope.errorCode,
    };
  }
  return { kind: 'unknown', error: `HTTP ${res.status}` };
}
