import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, COUNTRIES, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { MobileBindForm } from './mobile-bind-form';

async function renderForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/system/permission': ok(buildPermission()),
    'GET /wps/system/country': ok(COUNTRIES),
    'GET /wps/member/security': ok(null),
    'GET /wps/member/info': ok(null),
    ...routes,
  });
  const onDone = vi.fn();
  const view = await renderWithProviders(<MobileBindForm onDone={onDone} />);
  const number = screen.getByRole('textbox', { name: 'Número de celular' });
  // The dialing code of the located country (BR) is picked once the lists arrive.
  await screen.findByRole('button', { name: /\+?55/ });
  const code = screen.getByRole('textbox', { name: 'Código SMS' });
  const getCode = () => view.user.click(screen.getByRole('button', { name: 'Obter código' }));
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Vincular celular' }));
  return { ...view, api, onDone, number, code, getCode, submit };
}

describe('MobileBindForm', () => {
  it("wants a number of the country's length before texting a code", async () => {
    const { user, number, getCode, api } = await renderForm();
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Número de celular não pode ficar vazio');
    await user.type(number, '1199887766');
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Os celulares deste país têm 11 dígitos');
    expect(api.callsTo('POST /wps/verification/sms/bind')).toHaveLength(0);
  });

  it('texts the code to the number with its dialing code', async () => {
    const { user, number, getCode, api } = await renderForm({
      'POST /wps/verification/sms/bind': ok({ expiredMinutes: 5, expirationTime: Date.now() + 300_000 }),
    });
    await user.type(number, '11998877665');
    await getCode();
    expect(await screen.findByRole('button', { name: /^Código enviado \(\d+ s\)$/ })).toBeDisabled();
    expect(api.callsTo('POST /wps/verification/sms/bind')[0]!.body).toEqual({
      countryDialingCode: '55',
      mobileNum: '11998877665',
    });
  });

  it('puts a number already in use under the number', async () => {
    const { user, number, getCode } = await renderForm({
      'POST /wps/verification/sms/bind': fail('MOBILE_TAKEN', 409),
    });
    await user.type(number, '11998877665');
    await getCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Este número de celular já está cadastrado.');
  });

  it('binds with the texted code, or says the code was wrong', async () => {
    let isWrong = true;
    const { user, number, code, submit, api, onDone } = await renderForm({
      'POST /wps/member/mobile': () => (isWrong ? fail('SMS_CODE_INVALID') : ok(true)),
    });
    await user.type(number, '11998877665');
    await user.type(code, '654321');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Código de verificação inválido.');
    isWrong = false;
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Celular vinculado.');
    expect(api.callsTo('POST /wps/member/mobile')[1]!.body).toEqual({
      countryDialingCode: '55',
      mobileNum: '11998877665',
      verificationCode: '654321',
    });
    expect(onDone).toHaveBeenCalledOnce();
  });
});
