import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile } from './player-profile.fixture';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
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
  it('shows the amount of one request and the way to the operator money limits', async () => {
    stubOps({ 'GET /ops/adjustment-settings': ok({ approvalThresholdMinor: '50000' }) });
    renderWithApp(<ThresholdSetting />, { role: 'finance' });
    expect(await screen.findByText(/Ajustes acima de R\$\s500,00, e créditos que passam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Limites de dinheiro dos operadores' })).toHaveAttribute(
      'href',
      '/site-settings?section=money',
    );
    // Changing them is on the settings screen, with four eyes for a raise: no dialog here any more.
    expect(screen.queryByRole('button', { name: /limite/ })).not.toBeInTheDocument();
  });
});
