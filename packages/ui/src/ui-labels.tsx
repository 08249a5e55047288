import { createContext, useContext, type ReactNode } from 'react';

/**
 * The few words the shared pieces say themselves (the close control's name). Each app puts its
 * translated words here once, at its root, so the package needs no i18n library of its own.
 */
export type UiLabels = {
  close: string;
  /** The dialog's move control, and how it moves (read by screen readers as its description). */
  move?: string;
  moveHint?: string;
};

const UiLabelsContext = createContext<UiLabels>({ close: 'Close' });

export function UiLabelsProvider({ labels, children }: { labels: UiLabels; children: ReactNode }) {
  return <UiLabelsContext.Provider value={labels}>{children}</UiLabelsContext.Provider>;
}

export function useUiLabels(): UiLabels {
  return useContext(UiLabelsContext);
}
