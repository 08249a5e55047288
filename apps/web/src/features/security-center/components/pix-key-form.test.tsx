import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { PixKeyForm } from './pix-key-form';

async function renderForm(ownAccountsOnly: boolean, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/member/security': ok(null), ...routes });
  const onDone = vi.fn();
  const view = await renderWithProviders(<PixKeyForm ownAccountsOnly={ownAccountsOnly} onDone={onDone} />);
  const type = screen.getByRole('combobox', { name: 'Tipo de chave' });
  const key = screen.getByRole('textbox', { name: 'Chave PIX' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Cadastrar chave PIX' }));
  return { ...view, api, onDone, type, key, submit };
}

describe('PixKeyForm', () => {
  it('offers the four key types, CPF first, and says whose key it must be', async () => {
    const { type } = await renderForm(true);
    expect(Array.from((type as HTMLSelectElement).options, (o) => o.text)).toEqual([
      'CPF',
      'E-mail',
      'Celular',
      'Chave aleatória',
    ]);
    expect(type).toHaveValue('cpf');
    expect(
      screen.getByText('Apenas chaves PIX no seu próprio CPF: o diretório PIX confirma o dono da chave.'),
    ).toBeInTheDocument();
  });

  it('refuses a key that is not of the chosen type', async () => {
    const { user, key, type, submit, api } = await renderForm(false);
    expect(screen.getByText('A chave precisa estar no seu nome.')).toBeInTheDocument();
    await user.type(key, '123.456.789-00');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta não é uma chave válida desse tipo.');
    await user.selectOptions(type, 'email');
    await user.clear(key);
    await user.type(key, 'maria@');
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta não é uma chave válida desse tipo.');
    expect(api.callsTo('PUT /wps/member/pix-keys')).toHaveLength(0);
  });

  it('binds a valid e-mail key, says so and closes', async () => {
    const { user, key, type, submit, api, onDone } = await renderForm(false, { 'PUT /wps/member/pix-keys': ok([]) });
    await user.selectOptions(type, 'email');
    await user.type(key, 'maria@example.com');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Chave PIX cadastrada.');
    expect(api.callsTo('PUT /wps/member/pix-keys')[0]!.body).toEqual({ keyType: 'email', key: 'maria@example.com' });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("puts the directory's refusal of another person's key under the key", async () => {
    const { user, key, type, submit, onDone } = await renderForm(true, {
      'PUT /wps/member/pix-keys': fail('PAYOUT_ACCOUNT_NOT_OWN', 409),
    });
    await user.selectOptions(type, 'email');
    await user.type(key, 'maria@example.com');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta chave PIX ou conta bancária está registrada em outro CPF',
    );
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
