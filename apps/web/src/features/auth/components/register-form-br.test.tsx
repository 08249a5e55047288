import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicJurisdictionRules } from '@wps/shared/schemas/system';
import {
  buildPermission,
  COUNTRIES,
  fail,
  ok,
  renderWithProviders,
  stubApi,
  type ApiAnswer,
} from '../../../lib/test-render';
import { RegisterForm } from './register-form';

vi.mock('@wps/shared/payload-crypto', async () => (await import('../../../lib/test-render')).plainPayloadCrypto);

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

const LOGIN_RESULT = {
  token: 'new-token',
  firstTimeLogin: true,
  passwordExpired: false,
  mustChangePassword: false,
  userInfo: { userName: 'maria01', nickname: null, type: 0 },
};

async function renderBr(register: ApiAnswer = ok(LOGIN_RESULT)) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission({ register: { showMobile: false, jurisdiction: BR_RULES } })),
    'GET /wps/system/country': ok(COUNTRIES),
    'PUT /wps/member/register': register,
  });
  const view = await renderWithProviders(<RegisterForm variant="page" />, { route: '/register', signedIn: false });
  await screen.findByRole('textbox', { name: 'Usuário' });
  return { ...view, api, submit: () => view.user.click(screen.getByRole('button', { name: 'Cadastrar' })) };
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

/** Every field of a valid BR sign-up except the CEP, which each test types its own way; the age box ticked. */
async function fillAllButCep(user: Awaited<ReturnType<typeof renderBr>>['user']) {
  await user.type(box(/^\*?Usuário$/), 'maria01');
  await user.type(screen.getByLabelText(/^\*?Senha$/), 'abc12345');
  await user.type(screen.getByLabelText(/^\*?Confirmar senha$/), 'abc12345');
  await user.type(box(/CPF/), '52998224725');
  await user.type(screen.getByLabelText(/Data de nascimento/), '12041990');
  await user.type(box(/^\*?Logradouro$/), 'Avenida Paulista');
  await user.type(box(/^\*?Número$/), '1578');
  await user.type(box(/^\*?Bairro$/), 'Bela Vista');
  await user.type(box(/^\*?Cidade$/), 'São Paulo');
  await user.selectOptions(screen.getByLabelText(/Estado \(UF\)/), 'SP');
  await user.selectOptions(screen.getByLabelText(/Gênero/), 'female');
  await user.click(screen.getByRole('checkbox', { name: /Tenho pelo menos 18 anos/ }));
}

describe('RegisterForm under the BR licence: the address and gender', () => {
  it('shows the address and gender, refuses them empty or malformed, and sends them with the CEP as digits', async () => {
    const { user, submit, api } = await renderBr();
    await submit();
    // Each required part of the address and the gender says it is missing; the complement does not.
    for (const label of ['Logradouro', 'Número', 'Bairro', 'Cidade', 'CEP'])
      expect(await screen.findByText(`${label} não pode ficar vazio`)).toBeInTheDocument();
    expect(screen.getByText('Estado (UF) não pode ficar vazio')).toBeInTheDocument();
    expect(screen.getByText('Gênero não pode ficar vazio')).toBeInTheDocument();
    expect(screen.queryByText(/Complemento \(opcional\) não pode/)).toBeNull();

    await fillAllButCep(user);
    // Typed day first, shown dd/mm/aaaa whatever the device's locale, sent as the ISO day.
    expect(screen.getByLabelText(/Data de nascimento/)).toHaveValue('12/04/1990');
    // A CEP of 7 digits is refused by the shared schema; the mask adds the hyphen as it is typed.
    await user.type(box(/^\*?CEP$/), '0131020');
    await submit();
    expect(await screen.findByText('CEP não é válido')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/member/register')).toHaveLength(0);

    await user.type(box(/^\*?CEP$/), '0');
    expect(box(/^\*?CEP$/)).toHaveValue('01310-200');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('PUT /wps/member/register')).toHaveLength(1));
    expect(api.callsTo('PUT /wps/member/register')[0]!.body).toMatchObject({
      cpf: '52998224725',
      birthDate: '1990-04-12',
      addressStreet: 'Avenida Paulista',
      addressNumber: '1578',
      addressDistrict: 'Bela Vista',
      addressCity: 'São Paulo',
      addressState: 'SP',
      addressCep: '01310200',
      gender: 'female',
    });
    expect(
      (api.callsTo('PUT /wps/member/register')[0]!.body as Record<string, unknown>).addressComplement,
    ).toBeUndefined();
  });

  it('puts a CPF already taken under the CPF', async () => {
    const { user, submit, api } = await renderBr(fail('CPF_TAKEN', 409));
    await fillAllButCep(user);
    await user.type(box(/^\*?CEP$/), '01310200');
    await submit();
    await vi.waitFor(() => expect(api.callsTo('PUT /wps/member/register')).toHaveLength(1));
    expect(await screen.findByText(/Já existe uma conta com este CPF/)).toBeInTheDocument();
    expect(box(/CPF/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows none of them under the generic licence', async () => {
    stubApi({
      'GET /wps/system/permission': ok(buildPermission({ register: { showMobile: false } })),
      'GET /wps/system/country': ok(COUNTRIES),
    });
    await renderWithProviders(<RegisterForm variant="page" />, { route: '/register', signedIn: false });
    await screen.findByRole('textbox', { name: 'Usuário' });
    expect(screen.queryByRole('textbox', { name: /Logradouro/ })).toBeNull();
    expect(screen.queryByLabelText(/Gênero/)).toBeNull();
  });
});
