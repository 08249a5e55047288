import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPermission, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import {
  acknowledgeGeneratedAccount,
  closeRegisterSuccess,
  getAuthModalState,
  openRegisterSuccess,
} from '../auth-modal-store';
import { RegisterSuccessDialogs, type SignUpSteps } from './register-success-dialogs';

afterEach(() =>
  act(() => {
    acknowledgeGeneratedAccount();
    closeRegisterSuccess();
  }),
);

async function renderAfterRegistration(signUpSteps: SignUpSteps) {
  stubApi({ 'GET /wps/system/permission': ok(buildPermission()) });
  act(() => openRegisterSuccess());
  return renderWithProviders(<RegisterSuccessDialogs signUpSteps={signUpSteps} />, { signedIn: true });
}

describe('RegisterSuccessDialogs', () => {
  it('says the player is in when no sign-up step follows', async () => {
    await renderAfterRegistration('none');
    expect(await screen.findByRole('dialog', { name: 'Cadastro concluído' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Começar a jogar' })).toBeVisible();
  });

  it('waits while it is not known whether the licence asks for sign-up steps', async () => {
    await renderAfterRegistration('unknown');
    expect(screen.queryByRole('dialog', { name: 'Cadastro concluído' })).toBeNull();
    // Still owed: it opens once the answer is that no step follows.
    expect(getAuthModalState().isRegisterSuccessOpen).toBe(true);
  });

  it('offers to copy the account name a mobile registration made up', async () => {
    stubApi({ 'GET /wps/system/permission': ok(buildPermission()) });
    act(() => openRegisterSuccess('m5512345678'));
    const { user } = await renderWithProviders(<RegisterSuccessDialogs />, { signedIn: true });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('m5512345678');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    // user-event puts a clipboard of its own on the page.
    expect(await navigator.clipboard.readText()).toBe('m5512345678');
    expect(await within(dialog).findByRole('button', { name: 'Copiado' })).toBeVisible();
  });

  // It covered the BR limits step: the steps are the welcome there.
  it('is left out when the sign-up steps follow', async () => {
    await renderAfterRegistration('required');
    expect(screen.queryByRole('dialog', { name: 'Cadastro concluído' })).toBeNull();
    expect(getAuthModalState().isRegisterSuccessOpen).toBe(false);
  });
});
