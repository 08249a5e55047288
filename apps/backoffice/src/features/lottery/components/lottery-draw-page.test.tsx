import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsLotteryDrawDetail, OpsLotteryVoidRequest } from '@wps/shared/schemas/lottery-ops';
import { fail, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { LotteryDrawPage } from './lottery-draw-page';

const drawn: OpsLotteryDrawDetail['draw'] = {
  gameCode: 'EKENO-5',
  numero: '20261124-0145',
  status: 'drawn',
  opensAt: '2026-11-24T11:55:00.000Z',
  closesAt: '2026-11-24T11:59:50.000Z',
  drawAt: '2026-11-24T12:00:00.000Z',
  serverSeedHash: 'ab'.repeat(32),
  serverSeed: 'cd'.repeat(32),
  result: { kind: 'numbers', numbers: [3, 14, 15, 92, 65] },
  drawId: '7',
  voidReason: null,
  ticketCount: 0,
  stakeMinor: '0',
  payoutMinor: '0',
  payoutCapMinor: null,
  grossPayoutMinor: null,
  drawnAt: '2026-11-24T12:00:01.000Z',
  settledAt: null,
  voidedAt: null,
};

const waiting: OpsLotteryVoidRequest = {
  requestId: '5',
  drawId: '7',
  reason: 'the house lost, refund it',
  knownResult: drawn.result,
  requestedBy: '2',
  requestedByName: 'ana.finance',
  requestedAt: '2026-11-24T12:00:30.000Z',
  status: 'pending',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
};

function openDraw(pendingVoid: OpsLotteryVoidRequest | null, review = ok({})) {
  const detail: OpsLotteryDrawDetail = { draw: drawn, exposure: [], tickets: {}, pendingEntry: null, pendingVoid };
  const api = stubOps({
    'GET /ops/lottery/draws/7': ok(detail),
    'GET /ops/lottery/games': ok([]),
    'POST /ops/lottery/voids/5/review': review,
  });
  renderWithApp(<LotteryDrawPage />, { role: 'admin', route: '/lottery/draws/7', path: '/lottery/draws/:drawId' });
  return { api, user: setupUser() };
}

afterEach(() => vi.unstubAllGlobals());

describe('LotteryDrawPage: a void waiting for a second operator', () => {
  it('shows who asked, why and the known result, hides Void draw, and approves as the second operator', async () => {
    const { api, user } = openDraw(waiting);
    const panel = await screen.findByRole('region', { name: 'Anulação aguardando aprovação' });
    expect(panel).toHaveTextContent('Pedida por ana.finance');
    expect(panel).toHaveTextContent('Motivo: the house lost, refund it');
    expect(panel).toHaveTextContent('outro operador precisa aprová-la');
    expect(screen.getByRole('list', { name: 'Resultado conhecido quando a anulação foi pedida' })).toHaveTextContent(
      '314159265',
    );
    expect(screen.queryByRole('button', { name: 'Anular sorteio' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprovar anulação' }));
    await waitFor(() => expect(api.callsTo('POST /ops/lottery/voids/5/review')).toHaveLength(1));
    expect(api.callsTo('POST /ops/lottery/voids/5/review')[0]?.body).toEqual({ approve: true });
  });

  it('tells the operator who asked that another must approve, and shows the refusal if they try', async () => {
    const { user } = openDraw(
      { ...waiting, requestedBy: '1', requestedByName: 'operator.test' },
      fail('LOTTERY_VOID_SAME_OPERATOR', 403),
    );
    const panel = await screen.findByRole('region', { name: 'Anulação aguardando aprovação' });
    expect(panel).toHaveTextContent('Você pediu esta anulação');
    await user.click(screen.getByRole('button', { name: 'Aprovar anulação' }));
    expect(
      await screen.findByText('Uma anulação deve ser aprovada por outro operador, não por quem a pediu.'),
    ).toBeInTheDocument();
  });

  it('offers Void draw when no void waits', async () => {
    openDraw(null);
    expect(await screen.findByRole('button', { name: 'Anular sorteio' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Anulação aguardando aprovação' })).not.toBeInTheDocument();
  });
});
