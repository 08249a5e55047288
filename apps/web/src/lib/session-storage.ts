import type { MemberInfo } from '@wps/shared/schemas/member';
import { isAgentType } from '@wps/shared/constants';
import { createStore, useStore } from './create-store';

/**
 * Session keys the site keeps. Merchant keys survive logout; everything else is the
 * player's session and goes with clearSession().
 */
const MERCHANT_KEYS = ['merchant', 'merchantCode', 'platform'] as const;

/** Counts session writes; the values themselves are read from session storage, which is the truth. */
const sessionChanges = createStore(0);

function notify(): void {
  sessionChanges.set((n) => n + 1);
}

function readKey(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeKey(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the session then lives only in memory.
  }
}

/** The member token, or null for a visitor. */
export function getToken(): string | null {
  return readKey('token');
}

/** Store the member token (after login, registration, free play or a login link's code). */
export function setToken(token: string): void {
  writeKey('token', token);
  notify();
}

/** Read any session key. */
export function getSessionValue(key: string): string | null {
  return readKey(key);
}

/** Write any session key; null removes it. */
export function setSessionValue(key: string, value: string | null): void {
  writeKey(key, value);
  notify();
}

/** The operator's merchant code sent as the `Merchant` header. */
export function getMerchantCode(): string | null {
  return readKey('merchantCode');
}

/** Remember the operator's merchant code (from the permission call). */
export function setMerchantCode(code: string): void {
  if (readKey('merchantCode') === code) return;
  writeKey('merchant', code);
  writeKey('merchantCode', code);
  writeKey('platform', 'web');
}

/** Copy the member fields the site keeps in session storage. */
export function storeMemberSnapshot(info: MemberInfo): void {
  writeKey('account', info.account);
  writeKey('username', info.account);
  writeKey('nickname', info.nickname ?? '');
  writeKey('customerId', info.id);
  writeKey('isAgent', String(isAgentType(info.type)));
  writeKey('toUpline', String(info.toUpline));
  writeKey('memberLabel', JSON.stringify(info.memberLabel));
}

/** Logout: clear session storage but keep the merchant keys. */
export function clearSession(): void {
  try {
    const kept = MERCHANT_KEYS.map((key) => [key, readKey(key)] as const);
    window.sessionStorage.clear();
    for (const [key, value] of kept) if (value !== null) writeKey(key, value);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

/** Login codes are 256-bit base64url strings (43 characters); anything far off is not one. */
const MIN_LOGIN_CODE = 16;
const MAX_LOGIN_CODE = 128;

/**
 * Split a start URL into the login code its `?token=` carries and the URL without it (every
 * `token` parameter goes, the rest of the query and the fragment stay).
 */
export function splitUrlLoginCode(href: string): { code: string | null; cleanUrl: string | null } {
  const url = new URL(href);
  if (!url.searchParams.has('token')) return { code: null, cleanUrl: null };
  const value = url.searchParams.get('token') ?? '';
  url.searchParams.delete('token');
  const code = value.length >= MIN_LOGIN_CODE && value.length <= MAX_LOGIN_CODE ? value : null;
  return { code, cleanUrl: url.pathname + url.search + url.hash };
}

let urlLoginCode: string | null = null;

/**
 * `?token=` at start carries a single-use login code, never a session
 * token. It leaves the address bar at once (so it is not bookmarked, shared or sent as a
 * referrer) and waits in memory until the auth feature trades it for a session; nothing here
 * treats it as a token.
 */
export function consumeUrlLoginCode(): void {
  const { code, cleanUrl } = splitUrlLoginCode(window.location.href);
  if (cleanUrl === null) return;
  window.history.replaceState(window.history.state, '', cleanUrl);
  urlLoginCode = code;
}

/** The login code from the start URL, handed out once (null when there was none). */
export function takeUrlLoginCode(): string | null {
  const code = urlLoginCode;
  urlLoginCode = null;
  return code;
}

/** The current token; re-renders when the player logs in or out. */
export function useToken(): string | null {
  return useStore(sessionChanges, getToken);
}
