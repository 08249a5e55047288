import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildPermission, fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { PayeeNameForm } from './payee-name-form';

async function renderForm(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/system/permission': ok(buildPermission()), ...routes });
  const onDone = vi.fn();
  const view = await renderWithProviders(<PayeeNameForm onDone={onDone} />);
  // The operator's rule arrives with the permission answer.
  await vi.waitFor(() => expect(api.callsTo('GET /wps/system/permission')).toHaveLength(1));
  const field = screen.getByRole('textbox', { name: 'Nome real (como na conta bancária)' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Vincular nome real' }));
  return { ...view, api, onDone, field, submit };
}

describe('PayeeNameForm', () => {
  it('asks for the name before sending', async () => {
    const { submit, api } = await renderForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nome real (como na conta bancária) não pode ficar vazio',
    );
    expect(api.callsTo('PUT /wps/member/payee-name')).toHaveLength(0);
  });

  it("checks the name against the operator's rule (letters and spaces, 2 to 64)", async () => {
    const { user, field, submit, api } = await renderForm();
    await user.type(field, 'Maria 2');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('2 a 64 caracteres: apenas letras e espaços');
    expect(api.callsTo('PUT /wps/member/payee-name')).toHaveLength(0);
  });

  it('sends the trimmed name, says it is bound and closes', async () => {
    const { user, field, submit, api, onDone } = await renderForm({
      'PUT /wps/member/payee-name': ok({ payeeName: 'Maria da Silva' }),
      'GET /wps/member/security': ok(null),
    });
    await user.type(field, '  Maria da Silva ');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Nome real vinculado.');
    expect(api.callsTo('PUT /wps/member/payee-name')[0]!.body).toEqual({ payeeName: 'Maria da Silva' });
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("puts the server's field refusal under the field", async () => {
    const { user, field, submit, onDone } = await renderForm({
      'PUT /wps/member/payee-name': fail('VALIDATION_FAILED', 400, {
        fields: [{ field: 'body.payeeName', code: 'length', patternId: 12, min: 2, max: 64 }],
      }),
    });
    await user.type(field, 'Maria');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('2 a 64 caracteres: apenas letras e espaços');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
