/*
 * Signing out reaches every tab of the browser: the tab that logs out tells the others, which drop
 * their own session at once (their server sessions and the refresh cookie were revoked with it, so
 * they would fail at their next call anyway). A BroadcastChannel where the browser has one, else a
 * local-storage write, whose storage event the other tabs see.
 */

const CHANNEL = 'wps-session';
const STORAGE_KEY = 'wps.signedOutAt';

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/** Tell the browser's other tabs that the player signed out. */
export function announceSignedOut(): void {
  const channel = openChannel();
  if (channel) {
    channel.postMessage('signed-out');
    channel.close();
    return;
  }
  try {
    window.localStorage.setItem(STORAGE_KEY, String(Date.now()));
  } catch {
    // No way to reach the other tabs; they sign out at their next call.
  }
}

/** Call `onSignedOut` when another tab signs out; returns the stop function. */
export function listenForSignOut(onSignedOut: () => void): () => void {
  const channel = openChannel();
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === 'signed-out') onSignedOut();
    };
    return () => channel.close();
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onSignedOut();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
