import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { WarningDialogHost } from '../components/ui/warning-dialog';
import { AuthModals } from '../features/auth/components/auth-modals';
import { openAuthModal, openChangePassword } from '../features/auth/auth-modal-store';
import { useMemberInfo } from '../lib/api/get-member-info';
import { useMemberCentre } from './member-centre/member-centre-store';
import { useAnnouncementModal } from '../features/content/announcement-store';
import { isApiError } from '../lib/api-client';
import { connectLoginPrompt } from '../lib/login-prompt';

const AnnouncementModal = lazy(() =>
  import('../features/content/components/announcement-modal').then((module) => ({ default: module.AnnouncementModal })),
);
const NoticeModal = lazy(() => import('../features/content/components/notice-modal').then((module) => ({ default: module.NoticeModal })));
const AnnouncementPopup = lazy(() =>
  import('../features/content/components/announcement-popup').then((module) => ({ default: module.AnnouncementPopup })),
);

const MemberCentrePanel = lazy(() =>
  import('./member-centre/member-centre-panel').then((module) => ({ default: module.MemberCentrePanel })),
);

// Features that need a player ask lib/login-prompt; the auth modals mounted below answer.
connectLoginPrompt(openAuthModal);

/** Everything that floats over the routes, mounted once: auth modals, member centre, toasts, warnings. */
export function AppOverlays() {
  const { isOpen } = useMemberCentre();
  const { error, info, isTrial } = useMemberInfo();
  const announcements = useAnnouncementModal();
  const { pathname } = useLocation();
  // The notice modal is offered on entering the home page; popups wait until it is done, so two modals never stack.
  const [isNoticeSettled, setNoticeSettled] = useState(false);
  const settleNotice = useCallback(() => setNoticeSettled(true), []);
  const isNoticeShowing = pathname === '/' && !isNoticeSettled;

  // A stored session whose password must change (default or expired) goes straight to the change form.
  useEffect(() => {
    if (isApiError(error, 'PASSWORD_CHANGE_REQUIRED')) openChangePassword();
  }, [error]);

  return (
    <>
      <AuthModals />
      {isOpen && (
        <Suspense fallback={null}>
          <MemberCentrePanel onChangePassword={openChangePassword} />
        </Suspense>
      )}
      {announcements.isOpen && (
        <Suspense fallback={null}>
          <AnnouncementModal />
        </Suspense>
      )}
      {isNoticeShowing && (
        <Suspense fallback={null}>
          <NoticeModal onSettled={settleNotice} />
        </Suspense>
      )}
      {/* Popup announcements once per version after login; keyed so a new player starts afresh. */}
      {info && !isTrial && !isNoticeShowing && (
        <Suspense fallback={null}>
          <AnnouncementPopup key={info.account} username={info.account} />
        </Suspense>
      )}
      <WarningDialogHost />
      <Toaster />
    </>
  );
}
