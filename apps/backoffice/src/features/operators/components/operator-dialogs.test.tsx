import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorCreated, OperatorListItem } from '@wps/shared/schemas/operator';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { ChangeRoleDialog } from './change-role-dialog';
import { CreateOperatorDialog } from './create-operator-dialog';
import { CreatedOperatorDialog } from './created-operator-dialog';

const created = (generatedPassword: string | null): OperatorCreated => ({
  operator: {
    operatorId: '5',
    username: 'ana.lima',
    role: 'finance',
    status: 'active',
    totpEnrolled: false,
    createdAt: '2026-03-01T00:00:00Z',
    lastLoginAt: null,
    failedCodes: null,
  },
  generatedPassword,
});

function openCreate(answer = ok(created('Xk3-generated-9q'))) {
  const api = stubOps({ 'POST /ops/operators': answer });
  const onCreated = vi.fn();
  renderWithApp(<CreateOperatorDialog open onClose={vi.fn()} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'Novo operador' });
  return { api, onCreated, dialog, user: setupUser() };
}

afterEach(() => vi.unstubAllGlobals());

describe('CreateOperatorDialog', () => {
  it('creates an operator without a password (one is generated) and hands the answer over', async () => {
    const { api, onCreated, dialog, user } = openCreate();
    await fill(user, within(dialog).getByLabelText(/Usuário/), '  Ana.Lima ');
    await user.selectOptions(within(dialog).getByLabelText('Função'), 'finance');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nova analista financeira');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created('Xk3-generated-9q')));
    expect(api.callsTo('POST /ops/operators')[0]?.body).toEqual({
      username: 'ana.lima',
      role: 'finance',
      reason: 'nova analista financeira',
    });
  });

  it('refuses a bad username, a short first password and a missing reason', async () => {
    const { api, dialog, user } = openCreate();
    await fill(user, within(dialog).getByLabelText(/Usuário/), '9ana');
    await fill(user, within(dialog).getByLabelText('Primeira senha (opcional)'), 'curta');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));
    expect(await within(dialog).findByText('12 a 128 caracteres, ou deixe vazio.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Usuário/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Diga o motivo (pelo menos 3 caracteres).')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends a first password when one is given', async () => {
    const { api, onCreated, dialog, user } = openCreate(ok(created(null)));
    await fill(user, within(dialog).getByLabelText(/Usuário/), 'bruno');
    await fill(user, within(dialog).getByLabelText('Primeira senha (opcional)'), 'uma-senha-longa-1');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'novo suporte');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.callsTo('POST /ops/operators')[0]?.body).toEqual({
      username: 'bruno',
      role: 'support',
      password: 'uma-senha-longa-1',
      reason: 'novo suporte',
    });
  });

  it('keeps the form and shows the refusal when the server says no', async () => {
    const { onCreated, dialog, user } = openCreate(fail('OPERATOR_FORBIDDEN', 403));
    await fill(user, within(dialog).getByLabelText(/Usuário/), 'bruno');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'novo suporte');
    await user.click(within(dialog).getByRole('button', { name: 'Criar operador' }));
    expect(await within(dialog).findByText('Sua função não permite esta ação.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Usuário/)).toHaveValue('bruno');
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('CreatedOperatorDialog', () => {
  it('shows a generated password once, or says the given one is in use', () => {
    const first = renderWithApp(<CreatedOperatorDialog created={created('Xk3-generated-9q')} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Operador ana.lima criado' });
    expect(within(dialog).getByText('Xk3-generated-9q')).toBeInTheDocument();
    first.unmount();
    renderWithApp(<CreatedOperatorDialog created={created(null)} onClose={vi.fn()} />);
    expect(screen.getByText(/O acesso é com a senha que você definiu\./)).toBeInTheDocument();
    expect(screen.queryByText('Primeira senha')).not.toBeInTheDocument();
  });
});

describe('ChangeRoleDialog', () => {
  const operator: OperatorListItem = {
    operatorId: '5',
    username: 'ana.lima',
    role: 'finance',
    status: 'active',
    totpEnrolled: true,
    createdAt: '2026-01-01T00:00:00Z',
    lastLoginAt: null,
    failedCodes: null,
  };

  it('shows the change as current → new and sends the new role with the reason', async () => {
    const api = stubOps({ 'PUT /ops/operators/ana.lima/role': ok({ ...operator, role: 'support' }) });
    const user = setupUser();
    const onClose = vi.fn();
    renderWithApp(<ChangeRoleDialog operator={operator} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Mudar a função de ana.lima' });
    await user.selectOptions(within(dialog).getByLabelText('Nova função'), 'support');
    expect(within(dialog).getByLabelText('O que vai mudar')).toHaveTextContent(/Financeiro.*passa a ser.*Suporte/);
    await fill(user, within(dialog).getByLabelText('Motivo'), 'mudou de equipe');
    await user.click(within(dialog).getByRole('button', { name: 'Mudar função' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT /ops/operators/ana.lima/role')[0]?.body).toEqual({
      role: 'support',
      reason: 'mudou de equipe',
    });
  });

  it('refuses the role the operator already has', async () => {
    const api = stubOps({});
    const user = setupUser();
    renderWithApp(<ChangeRoleDialog operator={operator} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Nova função'), 'finance');
    await fill(user, within(dialog).getByLabelText('Motivo'), 'engano');
    await user.click(within(dialog).getByRole('button', { name: 'Mudar função' }));
    expect(await within(dialog).findByText('Escolha uma função diferente da atual.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
