import { createContext, type ReactNode } from 'react';

/**
 * Whether centred dialogs can be moved by their header. Off unless an app turns it on (the player
 * site, by its operator's switch); never on phones, where a dialog fills the width anyway and a
 * finger on its header should scroll, not move it. Its own file: the app's frame sets the switch
 * in its first script, and the dragging code (modal-drag.tsx) comes with the first dialog.
 */
export const ModalDragContext = createContext(false);

export function ModalDragProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <ModalDragContext.Provider value={enabled}>{children}</ModalDragContext.Provider>;
}
