import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile } from './player-profile.fixture';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { PlayerActions } from './player-actions';
import { ThresholdSetting } from './threshold-setting';

const player = playerProfile({ hasPaymentPassword: false });

afterEach(() => vi.unstubAllGlobals());

describe('PlayerActions', () => {
  it('offers each action only to a role that may take it', () => {
    stubOps({});
    const finance = renderWithApp(<PlayerActions player={player} />, { role: 'finance' });
    expect(screen.getByRole('button', { name: 'Ajustar saldo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar mensagem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar conta' })).not.toBeInTheDocument();
    finance.unmount();

    renderWithApp(<PlayerActions player={player} />, { role: 'support' });
    expect(screen.queryByRole('button', { name: 'Ajustar saldo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar conta' })).toBeInTheDocument();
    // No payment password to reset.
    expect(screen.getByRole('button', { name: 'Redefinir senha de pagamento' })).toBeDisabled();
  });

  it('disables the account through the confirm dialog, with its effect and the reason', async () => {
    const user = setupUser();
    const api = stubOps({ 'PUT /ops/players/42/status': ok({}) });
    renderWithApp(<PlayerActions player={player} />, { role: 'support' });
    await user.click(screen.getByRole('button', { name: 'Desativar conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar joao.silva?' });
    expect(dialog).toHaveTextContent('Todas as sessões do jogador terminam agora');
    expect(within(dialog).getByLabelText('O que vai mudar')).toHaveTextContent(/Ativa.*Desativada/);
    await fill(user, within(dialog).getByLabelText('Motivo'), 'fraude confirmada');
    await user.click(within(dialog).getByRole('button', { name: 'Desativar conta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /ops/players/42/status')[0]?.body).toEqual({
      status: 'disabled',
      reason: 'fraude confirmada',
    });
  });

  it('offers to enable a disabled account', async () => {
    const user = setupUser();
    const api = stubOps({ 'PUT /ops/players/42/status': ok({}) });
    renderWithApp(<PlayerActions player={{ ...player, status: 'disabled' }} />, { role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Ativar conta' }));
    const dialog = screen.getByRole('dialog', { name: 'Ativar joao.silva?' });
    await fill(user, within(dialog).getByLabelText('Motivo'), 'documentos recebidos');
    await user.click(within(dialog).getByRole('button', { name: 'Ativar conta' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/players/42/status')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/players/42/status')[0]?.body).toMatchObject({ status: 'active' });
  });
});

describe('ThresholdSetting', () => {
  it('shows the threshold and hides the change for a role without settings.write', async () => {
    stubOps({ 'GET /ops/adjustment-settings': ok({ approvalThresholdMinor: '50000' }) });
    renderWithApp(<ThresholdSetting />, { role: 'finance' });
    expect(await screen.findByText(/Ajustes acima de R\$\s500,00 aguardam um segundo operador\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mudar o limite de aprovação' })).not.toBeInTheDocument();
  });

  it('saves a new threshold typed as "1500" in minor units with the reason', async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/adjustment-settings': ok({ approvalThresholdMinor: '50000' }),
      'PUT /ops/adjustment-settings': ok({ approvalThresholdMinor: '150000' }),
    });
    renderWithApp(<ThresholdSetting />, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Mudar o limite de aprovação' }));
    const dialog = screen.getByRole('dialog', { name: 'Mudar o limite de aprovação' });
    await fill(user, within(dialog).getByLabelText('Valor (BRL)'), '1500');
    await fill(user, within(dialog).getByLabelText('Motivo (fica no registro de auditoria)'), 'nova política');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT /ops/adjustment-settings')[0]?.body).toEqual({
      approvalThresholdMinor: '150000',
      reason: 'nova política',
    });
  });

  it('refuses an amount it cannot read and keeps the server error in the dialog', async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/adjustment-settings': ok({ approvalThresholdMinor: '50000' }),
      'PUT /ops/adjustment-settings': fail('OPERATOR_FORBIDDEN', 403),
    });
    renderWithApp(<ThresholdSetting />, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Mudar o limite de aprovação' }));
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Valor (BRL)'), '12,345');
    await fill(user, within(dialog).getByLabelText('Motivo (fica no registro de auditoria)'), 'nova política');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um valor acima de zero.')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/adjustment-settings')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Valor (BRL)'), '2000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Sua função não permite esta ação.')).toBeInTheDocument();
  });
});
