import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { BankFormDialog } from './bank-form-dialog';

afterEach(() => vi.unstubAllGlobals());

function openNew() {
  const api = stubOps({ 'PUT /ops/banks/077': ok({ code: '077', name: 'Banco Inter', sortOrder: 5, enabled: true }) });
  const onClose = vi.fn();
  renderWithApp(<BankFormDialog bank={null} takenCodes={['001', '341']} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Adicionar banco' });
  return { api, onClose, dialog, user: setupUser() };
}

describe('BankFormDialog', () => {
  it('adds a bank under its code with its name, place and reason', async () => {
    const { api, onClose, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText(/Código do banco/), ' 077 ');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Banco   Inter');
    await fill(user, within(dialog).getByLabelText('Ordem na lista dos jogadores'), '5');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'banco pedido por jogadores');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar banco' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('PUT /ops/banks/077');
    expect(call?.body).toEqual({ name: 'Banco Inter', sortOrder: 5, reason: 'banco pedido por jogadores' });
  });

  it('refuses every bad field at once: a listed code, a bad place and a short reason', async () => {
    const { api, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText(/Código do banco/), '341');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Itaú');
    await fill(user, within(dialog).getByLabelText('Ordem na lista dos jogadores'), '2,5');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar banco' }));
    expect(
      await within(dialog).findByText('Já existe um banco com este código na lista: edite-o por lá.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Digite um número inteiro de 0 a 100.000, ou deixe vazio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Diga o motivo (pelo menos 3 caracteres).')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a code outside the pattern', async () => {
    const { api, dialog, user } = openNew();
    await fill(user, within(dialog).getByLabelText(/Código do banco/), 'banco inter');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Inter');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'novo banco');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar banco' }));
    expect(await within(dialog).findByText('Digite de 1 a 16 letras, dígitos, _ ou -.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('edits a bank without touching its code; an empty place keeps it', async () => {
    const api = stubOps({ 'PUT /ops/banks/001': ok({ code: '001', name: 'Banco do Brasil S.A.', sortOrder: 1 }) });
    const user = setupUser();
    const onClose = vi.fn();
    renderWithApp(
      <BankFormDialog
        bank={{ code: '001', name: 'Banco do Brasil', sortOrder: 1, enabled: true }}
        takenCodes={['001']}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar Banco do Brasil' });
    expect(within(dialog).queryByLabelText(/Código do banco/)).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('001');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Banco do Brasil S.A.');
    await fill(user, within(dialog).getByLabelText('Ordem na lista dos jogadores'), '');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nome oficial');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar banco' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /ops/banks/001')[0]?.body).toEqual({
      name: 'Banco do Brasil S.A.',
      reason: 'nome oficial',
    });
  });

  it("puts the server's refusal of the name under the name", async () => {
    stubOps({ 'PUT /ops/banks/077': fail('VALIDATION_FAILED', 400, { fields: [{ field: 'body.name' }] }) });
    const user = setupUser();
    const onClose = vi.fn();
    renderWithApp(<BankFormDialog bank={null} takenCodes={[]} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Código do banco/), '077');
    await fill(user, within(dialog).getByLabelText(/Nome mostrado aos jogadores/), 'Inter');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'novo banco');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar banco' }));
    expect(await within(dialog).findByText('Digite um nome de até 128 caracteres.')).toBeInTheDocument();
    expect(within(dialog).getByText('Alguns campos não são válidos.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
