import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BonusGrantRequest } from '@wps/shared/schemas/bonus';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { BonusRequestsPanel } from './bonus-requests-panel';

afterEach(() => vi.unstubAllGlobals());

const request = (over: Partial<BonusGrantRequest> = {}): BonusGrantRequest => ({
  id: '31',
  memberId: '501',
  username: 'joana77',
  amountMinor: '250000',
  currency: 'BRL',
  reason: 'cliente VIP insatisfeito',
  status: 'waiting',
  waitReasons: ['per_request', 'player_day'],
  requestedBy: '7',
  requestedByName: 'ana.marketing',
  requestedAt: '2026-11-20T12:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
  grantId: null,
  ...over,
});

describe('BonusRequestsPanel', () => {
  it('shows a waiting bonus with who asked and why; finance approves it with a reason and the list empties', async () => {
    const user = setupUser();
    let decided = false;
    const api = stubOps({
      'GET /ops/bonuses/requests': () => ok({ list: decided ? [] : [request()] }),
      'POST /ops/bonuses/requests/31/approve': () => {
        decided = true;
        return ok(request({ status: 'granted', grantId: '90', decidedBy: '1' }));
      },
    });
    renderWithApp(<BonusRequestsPanel />, { role: 'finance' });
    const item = await screen.findByRole('article', { name: /joana77/ });
    expect(item).toHaveTextContent(/Bônus de R\$\s2\.500,00 para joana77/);
    expect(item).toHaveTextContent('Aguarda um segundo operador.');
    expect(item).toHaveTextContent('Pedido por ana.marketing.');
    expect(item).toHaveTextContent('Acima do valor de um pedido. Acima do total de 24 h do jogador.');
    await user.click(within(item).getByRole('button', { name: 'Aprovar o bônus de joana77' }));
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo/ }), 'caso conferido');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/bonuses/requests/31/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/bonuses/requests/31/approve')[0]?.body).toEqual({ reason: 'caso conferido' });
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
  });

  it('the asker reads that another operator decides, and marketing sees no decision', async () => {
    stubOps({ 'GET /ops/bonuses/requests': ok({ list: [request({ requestedBy: '1' })] }) });
    const view = renderWithApp(<BonusRequestsPanel />, { role: 'admin' });
    const own = await screen.findByRole('article', { name: /joana77/ });
    expect(own).toHaveTextContent('Você pediu este bônus: outro operador decide.');
    expect(within(own).queryByRole('button')).toBeNull();
    view.unmount();

    stubOps({ 'GET /ops/bonuses/requests': ok({ list: [request()] }) });
    renderWithApp(<BonusRequestsPanel />, { role: 'marketing' });
    const item = await screen.findByRole('article', { name: /joana77/ });
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
