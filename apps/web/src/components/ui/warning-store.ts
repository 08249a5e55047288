import { createStore, useStore } from '../../lib/create-store';

type WarningState = { message: string; title?: string } | null;
const warning = createStore<WarningState>(null);

/**
 * Show a warning dialog from anywhere (e.g. after a failed call). The store lives apart from the
 * dialog so a caller in the first download (the free demo button) does not bring the modal with it.
 */
export function showWarning(message: string, title?: string): void {
  warning.set({ message, title });
}

/** Close the warning shown. */
export function closeWarning(): void {
  warning.set(null);
}

/** The warning to show, if any. */
export function useWarning(): WarningState {
  return useStore(warning);
}
