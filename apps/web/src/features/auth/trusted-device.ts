/*
 * The remembered-device token a verified login hands back (login-verification on the server).
 * It must outlive the tab's session, so it is kept in local storage, read only by the login form
 * and sent inside the encrypted login body; the server stores only its hash.
 */

const KEY = 'trustedDeviceToken';

export function readDeviceToken(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeDeviceToken(token: string | undefined): void {
  try {
    if (token) window.localStorage.setItem(KEY, token);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Unavailable storage: the device is simply not remembered.
  }
}
