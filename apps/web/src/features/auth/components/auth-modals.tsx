import { lazy, Suspense } from 'react';
import { useSessionEnded } from '../../../lib/session-end';
import { useAuthModal } from '../auth-modal-store';
import type { SignUpSteps } from './register-success-dialogs';
import { useCaptureReferralCodes } from '../referral-codes';
import '../auth.css';

// The forms (and react-hook-form) load on first open: visitors who never log in don't pay for them.
// The login-link handler too: a ?token= code is rare, and it waits in memory until this arrives.
const UrlLoginHandler = lazy(() => import('./url-login-handler').then((m) => ({ default: m.UrlLoginHandler })));
const LoginRegisterModal = lazy(() =>
  import('./login-register-modal').then((m) => ({ default: m.LoginRegisterModal })),
);
const ForgotPasswordModal = lazy(() =>
  import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })),
);
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);
const IdentityRequiredModal = lazy(() =>
  import('./identity-required-modal').then((m) => ({ default: m.IdentityRequiredModal })),
);
const SessionEndedDialog = lazy(() =>
  import('./session-ended-dialog').then((m) => ({ default: m.SessionEndedDialog })),
);
const RegisterSuccessDialogs = lazy(() =>
  import('./register-success-dialogs').then((m) => ({ default: m.RegisterSuccessDialogs })),
);

/**
 * Every auth modal, mounted once by the shell's layout; opened through auth-modal-store. Also trades
 * a login link's code. `signUpSteps`: whether the new player has the sign-up steps a licence asks
 * (limits, contact, identity) to go through: 'unknown' while that is being found out.
 */
export function AuthModals({ signUpSteps = 'none' }: { signUpSteps?: SignUpSteps }) {
  useCaptureReferralCodes();
  const state = useAuthModal();
  const sessionEnded = useSessionEnded();
  return (
    <Suspense fallback={null}>
      <UrlLoginHandler />
      {state.authMode !== null ? <LoginRegisterModal /> : null}
      {state.isForgotPasswordOpen ? <ForgotPasswordModal /> : null}
      {state.isChangePasswordOpen ? <ChangePasswordModal /> : null}
      {state.isIdentityRequiredOpen ? <IdentityRequiredModal /> : null}
      {state.generatedAccount !== null || state.isRegisterSuccessOpen ? (
        <RegisterSuccessDialogs signUpSteps={signUpSteps} />
      ) : null}
      {sessionEnded !== null && state.authMode === null ? <SessionEndedDialog reason={sessionEnded} /> : null}
    </Suspense>
  );
}
