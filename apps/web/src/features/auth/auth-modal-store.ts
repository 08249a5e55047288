import { createStore, useStore } from '../../lib/create-store';

export type AuthModalMode = 'login' | 'register';

export type AuthModalState = {
  /** Which tab of the login/register modal is open, or null when it is closed. */
  authMode: AuthModalMode | null;
  isForgotPasswordOpen: boolean;
  isChangePasswordOpen: boolean;
  /** The licence identifies players and this account (made before it did) must give its CPF first. */
  isIdentityRequiredOpen: boolean;
  /** Registration finished: the success dialog is shown. */
  isRegisterSuccessOpen: boolean;
  /** Mobile registration generated this account name; shown before the success dialog. */
  generatedAccount: string | null;
};

const initialState: AuthModalState = {
  authMode: null,
  isForgotPasswordOpen: false,
  isChangePasswordOpen: false,
  isIdentityRequiredOpen: false,
  isRegisterSuccessOpen: false,
  generatedAccount: null,
};

const store = createStore<AuthModalState>(initialState);
const setState = store.patch;

/** The current auth modal state outside React. */
export function getAuthModalState(): AuthModalState {
  return store.get();
}

/** Open the login/register modal on the given tab (closes the other auth modals). */
export function openAuthModal(mode: AuthModalMode): void {
  setState({ authMode: mode, isForgotPasswordOpen: false, isChangePasswordOpen: false });
}

/** Close the login/register modal. */
export function closeAuthModal(): void {
  setState({ authMode: null });
}

/** Open the forgot-password modal in place of the login modal. */
export function openForgotPassword(): void {
  setState({ authMode: null, isForgotPasswordOpen: true });
}

/** Close the forgot-password modal. */
export function closeForgotPassword(): void {
  setState({ isForgotPasswordOpen: false });
}

/** Open the change-password modal (expired or default password, or from the member centre). */
export function openChangePassword(): void {
  setState({ authMode: null, isForgotPasswordOpen: false, isChangePasswordOpen: true });
}

/** Close the change-password modal. */
export function closeChangePassword(): void {
  setState({ isChangePasswordOpen: false });
}

/** Open the dialog that takes the CPF and date of birth (the server answered IDENTITY_REQUIRED). */
export function openIdentityRequired(): void {
  setState({ authMode: null, isForgotPasswordOpen: false, isIdentityRequiredOpen: true });
}

/** Close the identity dialog. */
export function closeIdentityRequired(): void {
  setState({ isIdentityRequiredOpen: false });
}

/**
 * Show the registration result: for a mobile registration the generated account notice
 * comes first, then the success dialog.
 */
export function openRegisterSuccess(generatedAccount?: string): void {
  setState({
    authMode: null,
    generatedAccount: generatedAccount ?? null,
    isRegisterSuccessOpen: !generatedAccount,
  });
}

/** Close the generated-account notice and move on to the success dialog. */
export function acknowledgeGeneratedAccount(): void {
  setState({ generatedAccount: null, isRegisterSuccessOpen: true });
}

/** Close the registration success dialog. */
export function closeRegisterSuccess(): void {
  setState({ isRegisterSuccessOpen: false });
}

/** Close every auth modal (used after a successful login or free play). */
export function closeAllAuthModals(): void {
  setState({ authMode: null, isForgotPasswordOpen: false, isChangePasswordOpen: false });
}

/** The current auth modal state; re-renders when it changes. */
export function useAuthModal(): AuthModalState {
  return useStore(store);
}
