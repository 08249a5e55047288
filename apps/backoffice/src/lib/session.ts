import { useSyncExternalStore } from 'react';

/**
 * The operator token lives in sessionStorage: it ends with the tab, and the back office never
 * shares it with the player site (different key, different origin path).
 */
const KEY = 'wps.backoffice.token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return memory;
  }
}
// Fallback when storage is blocked: the session lasts until reload.
let memory: string | null = null;

export function getOperatorToken(): string | null {
  return read();
}

export function setOperatorToken(token: string | null): void {
  memory = token;
  try {
    if (token) window.sessionStorage.setItem(KEY, token);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the in-memory copy is used.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current token; re-renders on sign-in and sign-out. */
export function useOperatorToken(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
