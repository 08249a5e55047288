import { useSyncExternalStore } from 'react';

export type LobbyOverlay =
  | { kind: 'none' }
  /** Spec §2 game popup: a vendor's game list. */
  | { kind: 'popup'; vassalage: string }
  /** Spec §8: a game or vendor under maintenance; suggests popular games. */
  | { kind: 'maintenance'; subject: 'game' | 'vendor'; name: string };

let state: LobbyOverlay = { kind: 'none' };
const listeners = new Set<() => void>();

function setState(next: LobbyOverlay): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Open the game popup of a vendor. */
export function openGamePopup(vassalage: string): void {
  setState({ kind: 'popup', vassalage });
}

/** Show the maintenance message for a game or a vendor. */
export function openMaintenance(subject: 'game' | 'vendor', name: string): void {
  setState({ kind: 'maintenance', subject, name });
}

/** Close whichever lobby overlay is open. */
export function closeLobbyOverlay(): void {
  setState({ kind: 'none' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open lobby overlay. */
export function useLobbyOverlay(): LobbyOverlay {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
