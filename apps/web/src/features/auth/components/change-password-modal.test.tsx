import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSessionValue, getToken, setSessionValue } from '../../../lib/session-storage';
import { buildPermission, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { openChangePassword } from '../auth-modal-store';
import { ChangePasswordModal } from './change-password-modal';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

describe('ChangePasswordModal', () => {
  it('keeps the player signed in after a forced change, instead of an empty login form', async () => {
    const api = stubApi({
      'GET /wps/system/permission': ok(buildPermission()),
      'GET /wps/member/info': ok(null),
      'POST /wps/member/password': ok(true),
      'DELETE /wps/session/logout': ok(true),
    });
    const view = await renderWithProviders(<ChangePasswordModal />, { route: '/login' });
    setSessionValue('cpw', '1');
    openChangePassword();
    const dialog = await screen.findByRole('dialog', { name: 'Alterar senha' });
    await view.user.type(screen.getByLabelText(/^\*?Senha atual$/), 'Velha2025senha');
    await view.user.type(screen.getByLabelText(/^\*?Nova senha$/), 'Nova2026senha');
    await view.user.type(screen.getByLabelText(/^\*?Confirmar nova senha$/), 'Nova2026senha');
    await view.user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await expect.poll(() => api.callsTo('POST /wps/member/password').length).toBe(1);
    await expect.poll(() => dialog.isConnected).toBe(false);
    expect(api.callsTo('DELETE /wps/session/logout')).toHaveLength(0);
    expect(getToken()).toBe('test-token');
    expect(getSessionValue('cpw')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Entrar' })).toBeNull();
  });
});
