import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsMission } from '@wps/shared/schemas/missions';
import type { OpsMallItem } from '@wps/shared/schemas/points';
import type { OpsRaffle } from '@wps/shared/schemas/promo';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { RaffleApprovalsPage } from './raffle-approvals-page';

afterEach(() => vi.unstubAllGlobals());

const raffle = (over: Partial<OpsRaffle> = {}): OpsRaffle => ({
  id: '12',
  promotionId: '3',
  title: 'Sorteio milionário',
  drawAt: '2026-12-24T23:00:00.000Z',
  status: 'awaiting_approval',
  serverSeedHash: 'a'.repeat(64),
  serverSeed: null,
  ticketCount: 0,
  currency: 'BRL',
  scale: 2,
  prizes: [
    { rank: 1, rewardKind: 'cash', amount: '9000000' },
    { rank: 2, rewardKind: 'points', amount: '500' },
  ],
  winners: [],
  drawnAt: null,
  createdBy: '7',
  ceilingReasons: ['setup_item', 'setup_period'],
  approvedBy: null,
  approvedAt: null,
  ...over,
});

const noOtherSetups = {
  'GET /ops/missions/awaiting': ok({ list: [] }),
  'GET /ops/points/items/awaiting': ok({ list: [] }),
};

const mission = (over: Partial<OpsMission> = {}): OpsMission => ({
  id: '21',
  cadence: 'daily',
  titlePt: 'Missão de ouro',
  titleEn: 'Golden mission',
  status: 'awaiting_approval',
  rewardMinor: '5000000',
  steps: [{ kind: 'login_days', target: '1' }],
  sortOrder: 0,
  updatedAt: '2026-11-28T10:00:00.000Z',
  ceilingReasons: ['setup_item'],
  askedBy: '7',
  approvedBy: null,
  approvedAt: null,
  ...over,
});

const mallItem = (over: Partial<OpsMallItem> = {}): OpsMallItem => ({
  id: '31',
  namePt: 'Pix de 2 mil',
  nameEn: 'Pix of 2k',
  kind: 'cash',
  points: '100',
  cashAmount: '2000.00',
  stock: null,
  imageUrl: null,
  status: 'awaiting_approval',
  sortOrder: 0,
  ceilingReasons: ['setup_item'],
  askedBy: '1',
  approvedBy: null,
  approvedAt: null,
  ...over,
});

describe('RaffleApprovalsPage', () => {
  it('shows why a raffle waits and its prizes; approving sends the reason and the queue empties', async () => {
    const user = setupUser();
    let decided = false;
    const api = stubOps({
      ...noOtherSetups,
      'GET /ops/raffles/awaiting': () => ok({ list: decided ? [] : [raffle()] }),
      'POST /ops/raffles/12/approve': () => {
        decided = true;
        return ok(raffle({ status: 'open', approvedBy: '1' }));
      },
    });
    renderWithApp(<RaffleApprovalsPage />, { role: 'finance' });
    const item = await screen.findByRole('article', { name: /Sorteio milionário/ });
    expect(item).toHaveTextContent('O maior prêmio passa do teto de um item.');
    expect(item).toHaveTextContent('Os prêmios somados passam do teto de um período.');
    expect(item).toHaveTextContent(/Dinheiro R\$\s90\.000,00/);
    expect(item).toHaveTextContent('500 pontos');
    expect(item).toHaveTextContent('operador #7');
    await user.click(within(item).getByRole('button', { name: 'Aprovar o sorteio Sorteio milionário' }));
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo/ }), 'orçamento aprovado');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/raffles/12/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/raffles/12/approve')[0]?.body).toEqual({ reason: 'orçamento aprovado' });
    expect(await screen.findByText('Nenhum sorteio aguardando aprovação.')).toBeInTheDocument();
  });

  it('a raffle the signed-in operator created offers no decision: another operator decides', async () => {
    stubOps({ ...noOtherSetups, 'GET /ops/raffles/awaiting': ok({ list: [raffle({ createdBy: '1' })] }) });
    renderWithApp(<RaffleApprovalsPage />, { role: 'admin' });
    const item = await screen.findByRole('article', { name: /Sorteio milionário/ });
    expect(item).toHaveTextContent('Você criou este sorteio: outro operador decide.');
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('lists waiting missions and mall items in their own sections; a mission is approved with a reason, an own item offers no decision', async () => {
    const user = setupUser();
    let decided = false;
    const api = stubOps({
      'GET /ops/raffles/awaiting': ok({ list: [] }),
      'GET /ops/missions/awaiting': () => ok({ list: decided ? [] : [mission()] }),
      'GET /ops/points/items/awaiting': ok({ list: [mallItem()] }),
      'POST /ops/missions/21/approve': () => {
        decided = true;
        return ok(mission({ status: 'live', approvedBy: '1' }));
      },
    });
    renderWithApp(<RaffleApprovalsPage />, { role: 'finance' });
    expect(await screen.findByText('Nenhum sorteio aguardando aprovação.')).toBeInTheDocument();
    const missions = screen.getByRole('region', { name: 'Missões' });
    const item = await within(missions).findByRole('article', { name: /Missão de ouro/ });
    expect(item).toHaveTextContent('A recompensa passa do teto de um item.');
    expect(item).toHaveTextContent(/R\$\s50\.000,00/);
    expect(item).toHaveTextContent('operador #7');
    const mall = screen.getByRole('region', { name: 'Itens da loja de pontos' });
    const own = await within(mall).findByRole('article', { name: /Pix de 2 mil/ });
    expect(own).toHaveTextContent(/R\$\s2\.000,00/);
    expect(own).toHaveTextContent('Você pediu este item: outro operador decide.');
    expect(within(own).queryByRole('button')).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Aprovar a missão Missão de ouro' }));
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo/ }), 'orçamento aprovado');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/missions/21/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/missions/21/approve')[0]?.body).toEqual({ reason: 'orçamento aprovado' });
    expect(await screen.findByText('Nenhuma missão aguardando aprovação.')).toBeInTheDocument();
  });
});
