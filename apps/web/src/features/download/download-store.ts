import { createStore, useStore } from '../../lib/create-store';

const downloadModal = createStore<{ isOpen: boolean }>({ isOpen: false });

/** Open the app download modal (the right bar's entry). */
export function openDownload(): void {
  downloadModal.set({ isOpen: true });
}

export function closeDownload(): void {
  downloadModal.set({ isOpen: false });
}

export function useDownloadModal(): { isOpen: boolean } {
  return useStore(downloadModal);
}
