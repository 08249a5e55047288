import { lazy, Suspense, useEffect } from 'react';
import { Toaster } from '../components/ui/toast';
import { WarningDialogHost } from '../components/ui/warning-dialog';
import { AuthModals } from '../features/auth/components/auth-modals';
import type { SignUpSteps } from '../features/auth/components/register-success-dialogs';
import { openChangePassword, openIdentityRequired } from '../features/auth/auth-modal-store';
import { useMemberInfo } from '../lib/api/get-member-info';
import { useMemberCentre } from './member-centre/member-centre-store';
import { useAgentCentreUrl } from './agent-centre/agent-centre-url';
import { useAnnouncementModal } from '../features/content/announcement-store';
import { isApiError } from '../lib/api-client';
import { useToken } from '../lib/session-storage';
import { useLocation } from 'react-router';
import { useRgStatus } from '../features/responsible-gaming/api/get-rg-status';

const AnnouncementModal = lazy(() =>
  import('../features/content/components/announcement-modal').then((module) => ({ default: module.AnnouncementModal })),
);
// Responsible gambling while logged in: the reality check, and the page that sets required limits.
const ResponsibleGamingOverlays = lazy(() =>
  import('./responsible-gaming-overlays').then((module) => ({ default: module.ResponsibleGamingOverlays })),
);
const EntryPopups = lazy(() => import('./entry-popups').then((module) => ({ default: module.EntryPopups })));

const AgentCentrePanel = lazy(() =>
  import('./agent-centre/agent-centre-panel').then((module) => ({ default: module.AgentCentrePanel })),
);

const MemberCentrePanel = lazy(() =>
  import('./member-centre/member-centre-panel').then((module) => ({ default: module.MemberCentrePanel })),
);

/** Where the sign-up steps a licence asks after a registration live (limits, contact, identity). */
const SIGN_UP_STEPS_PREFIX = '/welcome/';

/**
 * Whether a signed-in player goes through the sign-up steps: limits are required (the licence's
 * first step) or a step's page is open; unknown while their limits status loads. The
 * registration's success dialog is left out for them (it covered the limits step).
 */
function useSignUpSteps(token: string | null): SignUpSteps {
  const { pathname } = useLocation();
  const rg = useRgStatus();
  if (pathname.startsWith(SIGN_UP_STEPS_PREFIX) || rg.data?.mustSetLimits === true) return 'required';
  return token !== null && rg.isLoading ? 'unknown' : 'none';
}

/** Everything that floats over the routes, mounted once: auth modals, member and agent centres, toasts, warnings. */
export function AppOverlays() {
  const { isOpen } = useMemberCentre();
  const agentCentre = useAgentCentreUrl();
  const { error, isTrial } = useMemberInfo();
  const announcements = useAnnouncementModal();
  const token = useToken();
  const signUpSteps = useSignUpSteps(token);

  // A stored session whose password must change (default or expired) goes straight to the change
  // form; one whose account must first give its CPF (the licence asks it since) to that dialog.
  useEffect(() => {
    if (isApiError(error, 'PASSWORD_CHANGE_REQUIRED')) openChangePassword();
    if (isApiError(error, 'IDENTITY_REQUIRED')) openIdentityRequired();
  }, [error]);

  return (
    <>
      <AuthModals signUpSteps={signUpSteps} />
      {isOpen && (
        <Suspense fallback={null}>
          <MemberCentrePanel onChangePassword={openChangePassword} />
        </Suspense>
      )}
      {agentCentre.isOpen && (
        <Suspense fallback={null}>
          <AgentCentrePanel />
        </Suspense>
      )}
      {announcements.isOpen && (
        <Suspense fallback={null}>
          <AnnouncementModal />
        </Suspense>
      )}
      {/* The notice modal on entering the home page, then popup announcements once per version after login. */}
      <Suspense fallback={null}>
        <EntryPopups />
      </Suspense>
      {token && !isTrial ? (
        <Suspense fallback={null}>
          <ResponsibleGamingOverlays />
        </Suspense>
      ) : null}
      <WarningDialogHost />
      <Toaster />
    </>
  );
}
