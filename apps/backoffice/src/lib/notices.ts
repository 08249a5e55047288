import { useSyncExternalStore } from 'react';

/**
 * The last success message ("Withdrawal approved"), read out by the layout's live region.
 * One slot: a newer notice replaces the older one.
 */
let current: { id: number; text: string } | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function showNotice(text: string): void {
  current = { id: nextId++, text };
  for (const listener of listeners) listener();
}

export function clearNotice(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotice(): { id: number; text: string } | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
