import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useMemberInfo } from '../lib/api/get-member-info';
import { AnnouncementPopup } from '../features/content/components/announcement-popup';
import { NoticeModal } from '../features/content/components/notice-modal';

/**
 * What may pop up on its own: the notice modal on entering the home page (once per session), then
 * the popup announcements a signed-in player has not seen (once per version). The popups wait until
 * the notice modal is done, so two modals never stack. Loaded after the first paint, on its own.
 */
export function EntryPopups() {
  const { info, isTrial } = useMemberInfo();
  const { pathname } = useLocation();
  const [isNoticeSettled, setNoticeSettled] = useState(false);
  const settleNotice = useCallback(() => setNoticeSettled(true), []);
  const isNoticeShowing = pathname === '/' && !isNoticeSettled;
  if (isNoticeShowing) return <NoticeModal onSettled={settleNotice} />;
  // Keyed so a new player starts afresh.
  return info && !isTrial ? <AnnouncementPopup key={info.account} username={info.account} /> : null;
}
