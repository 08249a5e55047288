import { afterEach, describe, expect, it } from 'vitest';
import {
  acknowledgeGeneratedAccount,
  closeAllAuthModals,
  closeRegisterSuccess,
  getAuthModalState,
  openAuthModal,
  openChangePassword,
  openForgotPassword,
  openRegisterSuccess,
} from './auth-modal-store';

describe('auth modal store', () => {
  afterEach(() => {
    closeAllAuthModals();
    closeRegisterSuccess();
  });

  it('switches between the login/register modal and the forgot and change password modals', () => {
    openAuthModal('register');
    expect(getAuthModalState().authMode).toBe('register');
    openForgotPassword();
    expect(getAuthModalState()).toMatchObject({ authMode: null, isForgotPasswordOpen: true });
    openChangePassword();
    expect(getAuthModalState()).toMatchObject({ isForgotPasswordOpen: false, isChangePasswordOpen: true });
    openAuthModal('login');
    expect(getAuthModalState()).toMatchObject({ authMode: 'login', isChangePasswordOpen: false });
  });

  it('shows a generated account first, then the success dialog', () => {
    openRegisterSuccess('p12345678');
    expect(getAuthModalState()).toMatchObject({ generatedAccount: 'p12345678', isRegisterSuccessOpen: false });
    acknowledgeGeneratedAccount();
    expect(getAuthModalState()).toMatchObject({ generatedAccount: null, isRegisterSuccessOpen: true });
    closeRegisterSuccess();
    openRegisterSuccess();
    expect(getAuthModalState()).toMatchObject({ generatedAccount: null, isRegisterSuccessOpen: true });
  });
});
