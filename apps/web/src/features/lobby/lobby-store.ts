import type { GameCategory } from '@wps/shared/schemas/catalogue';
import { createStore, useStore } from '../../lib/create-store';

export type LobbyOverlay =
  | { kind: 'none' }
  /** Game popup: a vendor's game list, or only its games of one category (a card on another category's page). */
  | { kind: 'popup'; vassalage: string; gameType?: GameCategory | undefined }
  /** A game or vendor under maintenance; suggests popular games. */
  | { kind: 'maintenance'; subject: 'game' | 'vendor'; name: string };

const overlay = createStore<LobbyOverlay>({ kind: 'none' });

/** Open the game popup of a vendor: all its games, or those of `gameType` only. */
export function openGamePopup(vassalage: string, gameType?: GameCategory): void {
  overlay.set({ kind: 'popup', vassalage, gameType });
}

/** Show the maintenance message for a game or a vendor. */
export function openMaintenance(subject: 'game' | 'vendor', name: string): void {
  overlay.set({ kind: 'maintenance', subject, name });
}

/** Close whichever lobby overlay is open. */
export function closeLobbyOverlay(): void {
  overlay.set({ kind: 'none' });
}

/** The open lobby overlay. */
export function useLobbyOverlay(): LobbyOverlay {
  return useStore(overlay);
}
