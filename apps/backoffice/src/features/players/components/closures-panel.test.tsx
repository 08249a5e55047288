import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountClosure } from '@wps/shared/schemas/privacy';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { ClosuresPanel } from './closures-panel';

// The player page's account closings: a closing with money left shows the
// withdrawal that pays it to the player's own PIX key, or the held balance with its deadline
// (failed before: a closing with money was refused, and the page had no such panel).

const closure = (over: Partial<AccountClosure>): AccountClosure => ({
  id: '3',
  closedAt: '2026-11-27T12:00:00Z',
  currency: 'BRL',
  balanceMinor: '5000',
  payout: 'withdrawal',
  withdrawalId: '77',
  heldReason: null,
  payoutDueBy: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('ClosuresPanel', () => {
  it("links a closing's payout to its withdrawal, and tells a held balance's reason and deadline", async () => {
    stubOps({
      'GET /ops/players/9/closures': ok({
        list: [
          closure({}),
          closure({
            id: '2',
            payout: 'held',
            withdrawalId: null,
            heldReason: 'no_pix_key',
            payoutDueBy: '2026-12-27T12:00:00Z',
          }),
        ],
      }),
    });
    renderWithApp(<ClosuresPanel memberId="9" />, { role: 'support' });
    const link = await screen.findByRole('link', { name: 'Saque nº 77 para a chave PIX do jogador' });
    expect(link.getAttribute('href')).toBe('/queues/withdrawals');
    expect(screen.getByText(/Retido para pagamento a pedido \(nenhuma chave PIX vinculada\) até/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Encerramento da conta' })).toBeTruthy();
  });

  it('shows nothing for an account never closed', async () => {
    const api = stubOps({ 'GET /ops/players/9/closures': ok({ list: [] }) });
    const { container } = renderWithApp(<ClosuresPanel memberId="9" />, { role: 'support', language: 'en' });
    await vi.waitFor(() => expect(api.callsTo('GET /ops/players/9/closures')).toHaveLength(1));
    expect(container.querySelector('[data-testid="player-closures"]')).toBeNull();
  });
});
