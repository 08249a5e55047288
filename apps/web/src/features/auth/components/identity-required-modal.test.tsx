import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicJurisdictionRules } from '@wps/shared/schemas/system';
import { buildPermission, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { closeIdentityRequired, getAuthModalState, openIdentityRequired } from '../auth-modal-store';
import { localToday } from '../identity';
import { IdentityRequiredModal } from './identity-required-modal';

/** The register settings' licence rules as a Brazilian operator answers them. */
const BR_RULES: PublicJurisdictionRules = {
  profile: 'BR',
  identity: 'cpf',
  minimumAge: 18,
  kyc: true,
  barredList: true,
  limitsAtSignUp: true,
  addressAtSignUp: true,
  genderAtSignUp: true,
  contactConfirmation: true,
  depositMethods: ['pix', 'bank_transfer'],
  ownAccountsOnly: true,
};

async function renderDialog(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission({ register: { jurisdiction: BR_RULES } })),
    ...routes,
  });
  openIdentityRequired();
  const view = await renderWithProviders(<IdentityRequiredModal />);
  const cpf = await screen.findByRole('textbox', { name: /CPF/ });
  const birthDate = screen.getByLabelText(/Data de nascimento/);
  const fill = async (cpfText: string, day: string) => {
    await view.user.clear(cpf);
    await view.user.type(cpf, cpfText);
    fireEvent.change(birthDate, { target: { value: day } });
    fireEvent.blur(birthDate);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Confirmar' }));
  return { ...view, api, fill, submit };
}

/**
 * The dialog an account made before the licence asked for a CPF meets at login (the server's
 * IDENTITY_REQUIRED): the CPF and date of birth, checked here as at registration and sent as the
 * CPF's digits; the server's own refusals shown where they belong. Fails without the dialog.
 */
describe('IdentityRequiredModal', () => {
  afterEach(() => {
    closeIdentityRequired();
  });

  it('checks the CPF digits and the age before sending anything', async () => {
    const { fill, submit, api } = await renderDialog();
    expect(screen.getByText(/identificado pelo CPF e pela data de nascimento/)).toBeInTheDocument();
    const today = localToday();
    await fill('111.111.111-11', `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`);
    await submit();
    expect(await screen.findByText('Informe um CPF válido (11 dígitos)')).toBeInTheDocument();
    expect(screen.getByText('É preciso ter pelo menos 18 anos para se cadastrar')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/member/identity')).toHaveLength(0);
  });

  it("sends the CPF's digits and the date, then lets the player carry on", async () => {
    const { fill, submit, api } = await renderDialog({ 'POST /wps/member/identity': ok(true) });
    await fill('52998224725', '1990-01-01');
    expect(screen.getByRole('textbox', { name: /CPF/ })).toHaveValue('529.982.247-25');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('POST /wps/member/identity')).toHaveLength(1));
    expect(api.callsTo('POST /wps/member/identity')[0]!.body).toEqual({ cpf: '52998224725', birthDate: '1990-01-01' });
    await vi.waitFor(() => expect(getAuthModalState().isIdentityRequiredOpen).toBe(false));
    expect(await screen.findByText('Identidade confirmada. Você já pode continuar.')).toBeInTheDocument();
  });

  it('shows a CPF another account holds under the CPF field', async () => {
    const { fill, submit } = await renderDialog({ 'POST /wps/member/identity': fail('CPF_TAKEN', 409) });
    await fill('529.982.247-25', '1990-01-01');
    await submit();
    expect(
      await screen.findByText('Já existe uma conta com este CPF. Entre ou recupere sua senha.'),
    ).toBeInTheDocument();
    expect(getAuthModalState().isIdentityRequiredOpen).toBe(true);
  });
});
