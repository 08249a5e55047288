import { createStore, useStore } from '../../lib/create-store';

const announcementModal = createStore<{ isOpen: boolean }>({ isOpen: false });

/** Open the announcement modal (header or side-menu entry). */
export function openAnnouncements(): void {
  announcementModal.set({ isOpen: true });
}

export function closeAnnouncements(): void {
  announcementModal.set({ isOpen: false });
}

export function useAnnouncementModal(): { isOpen: boolean } {
  return useStore(announcementModal);
}
