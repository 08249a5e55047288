import { lazy, Suspense, useEffect } from 'react';
import { Toaster } from '../components/ui/toast';
import { WarningDialogHost } from '../components/ui/warning-dialog';
import { AuthModals } from '../features/auth/components/auth-modals';
import { openAuthModal, openChangePassword } from '../features/auth/auth-modal-store';
import { useMemberInfo } from '../lib/api/get-member-info';
import { useMemberCentre } from './member-centre/member-centre-store';
import { isApiError } from '../lib/api-client';
import { connectLoginPrompt } from '../lib/login-prompt';

const MemberCentrePanel = lazy(() =>
  import('./member-centre/member-centre-panel').then((module) => ({ default: module.MemberCentrePanel })),
);

// Features that need a player ask lib/login-prompt; the auth modals mounted below answer.
connectLoginPrompt(openAuthModal);

/** Everything that floats over the routes, mounted once: auth modals, member centre, toasts, warnings. */
export function AppOverlays() {
  const { isOpen } = useMemberCentre();
  const { error } = useMemberInfo();

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
      <WarningDialogHost />
      <Toaster />
    </>
  );
}
