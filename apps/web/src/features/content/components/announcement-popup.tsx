import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { useAnnouncements } from '../api/list-announcements';
import { findUnseenPopup, getPopupSeenKey, markSeen, parseSeen } from '../popup-seen';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import './announcements.css';

function readSeen(username: string) {
  try {
    return parseSeen(localStorage.getItem(getPopupSeenKey(username)));
  } catch {
    return {};
  }
}

/**
 * After login, the popup announcements (type PU) this player has not seen at their version, one
 * at a time; closing one records it (localStorage, per username) so it never shows again.
 */
export function AnnouncementPopup({ username }: { username: string }) {
  const { t } = useTranslation('common');
  const query = useAnnouncements({ type: 'PU', pageNo: 1, pageSize: 20 });
  const [seen, setSeen] = useState(() => readSeen(username));
  const popup = query.data ? findUnseenPopup(query.data.list, seen) : undefined;
  if (!popup) return null;

  const close = () => {
    const next = markSeen(seen, popup);
    try {
      localStorage.setItem(getPopupSeenKey(username), JSON.stringify(next));
    } catch {
      // Storage full or blocked: the popup still closes for this visit.
    }
    setSeen(next);
  };

  return (
    <Modal open onClose={close} title={popup.title} size="md">
      <SanitizedHtml className="announcements__html" html={popup.content} />
      <div className="announcements__popup-actions">
        <Button onClick={close}>{t('announcements.close')}</Button>
      </div>
    </Modal>
  );
}
