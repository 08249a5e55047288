import type { ApiEnvelope } from '@wps/shared/envelope';
import type { LoginResult } from '@wps/shared/schemas/common';
import { getStoredLanguage } from './language';
import { getMerchantCode, getToken, setSessionValue, setToken } from './session-storage';

/*
 * Staying signed in across tabs and browser restarts (docs/decisions.md, "Staying signed in:
 * refresh tokens"). The session token stays per tab in session storage and travels in a header;
 * the browser also holds an HttpOnly refresh cookie (the server's, scoped to /wps/session/refresh)
 * that opens a new session for this tab: at start-up when the tab has none, and once when a call
 * is refused because this tab's session ended.
 */

const REFRESH_PATH = '/wps/session/refresh';
/**
 * Whether this browser was signed in when last seen: the cookie itself is HttpOnly, so the page
 * cannot tell whether it holds one. A visitor's start-up then makes no refresh call at all. Kept in
 * local storage, shared by the tabs and kept across restarts, as the cookie is.
 */
const HINT_KEY = 'wps.signedIn';
/** Tabs take turns: two refreshes with the same cookie at once would look like a stolen token. */
const LOCK_NAME = 'wps-session-refresh';
/** At start-up the page waits this long at most for the refresh before drawing itself as a visitor's. */
const START_UP_WAIT_MS = 5_000;

let inFlight: Promise<boolean> | null = null;

function readHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** A login in this tab (or a refresh) left the browser signed in. */
export function markSignedIn(): void {
  try {
    window.localStorage.setItem(HINT_KEY, '1');
  } catch {
    // Without storage every start-up simply looks like a visitor's.
  }
}

/** The browser's sign-in ended (logout, a refused refresh). */
export function forgetSignedIn(): void {
  try {
    window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Nothing stored.
  }
}

function applyLogin(result: LoginResult): void {
  setSessionValue('account', result.userInfo.userName);
  setSessionValue('username', result.userInfo.userName);
  setSessionValue('nickname', result.userInfo.nickname ?? '');
  setSessionValue('cpw', result.mustChangePassword ? '1' : null);
  // Last: a token change re-renders the app as signed in, with the names above already there.
  setToken(result.token);
}

async function sendRefresh(): Promise<boolean> {
  const headers = new Headers({ Accept: 'application/json', Language: getStoredLanguage() });
  const merchant = getMerchantCode();
  if (merchant) headers.set('Merchant', merchant);
  let envelope: ApiEnvelope<LoginResult>;
  try {
    const response = await fetch(REFRESH_PATH, { method: 'POST', headers, credentials: 'same-origin' });
    envelope = (await response.json()) as ApiEnvelope<LoginResult>;
  } catch {
    // Offline or a broken answer: the cookie may still be good; try again next time.
    return false;
  }
  if (envelope?.success === true) {
    applyLogin(envelope.value);
    markSignedIn();
    return true;
  }
  // Refused because the sign-in ended (or there was none): the server cleared the cookie. Any other
  // refusal (maintenance, a blocked region) says nothing of the cookie.
  if (envelope?.errorCode === 'REFRESH_TOKEN_INVALID' || envelope?.errorCode === 'REFRESH_TOKEN_REUSED') {
    forgetSignedIn();
  }
  return false;
}

async function exclusive(run: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return run();
  return locks.request(LOCK_NAME, run);
}

/**
 * Open a session for this tab from the refresh cookie; true when this tab is signed in after it.
 * One at a time in this tab (callers share the call in flight) and across the browser's tabs (a
 * Web Lock), so each refresh sends the cookie the previous one rotated in.
 */
export function refreshSession(): Promise<boolean> {
  if (!inFlight) {
    const before = getToken();
    inFlight = exclusive(async () => {
      // Another caller in this tab got a session while this one waited for the lock.
      const now = getToken();
      if (now && now !== before) return true;
      return sendRefresh();
    }).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/**
 * At start-up: a tab with no session of its own, in a browser that was signed in, asks for one
 * once. Resolves when done (or after a few seconds), never rejects.
 */
export function restoreSessionAtStart(): Promise<void> {
  if (getToken() || !readHint()) return Promise.resolve();
  const waited = new Promise<void>((resolve) => setTimeout(resolve, START_UP_WAIT_MS));
  return Promise.race([refreshSession().then(() => undefined), waited]);
}
