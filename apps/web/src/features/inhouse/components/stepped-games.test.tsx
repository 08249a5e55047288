import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hiloMultiplierBp } from '@wps/shared/originals/hilo';
import { minesMultiplierBp } from '@wps/shared/originals/mines';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { fail, ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { HiloGame } from './hilo-game';
import { MinesGame } from './mines-game';

function session(game: 'mines' | 'hilo'): InhouseSession {
  return {
    sessionToken: 'a'.repeat(64),
    playerId: '7',
    nickname: 'ana',
    nodeId: `inhouse-${game}`,
    game,
    gameName: game,
    currency: 'BRL',
    scale: 2,
    balance: '100.00',
    balanceMinor: '10000',
    minStakeMinor: '10',
    maxStakeMinor: '1000000',
    stakeStepMinor: '1',
    rtpBps: 9900,
    maxPayoutMinor: '100000000',
    expiresAt: '2099-01-01T00:00:00Z',
  };
}

function round(game: 'mines' | 'hilo', over: Partial<SteppedRound>): SteppedRound {
  return {
    roundId: `ih-${'1'.repeat(24)}`,
    game,
    stake: '1.00',
    stakeMinor: '100',
    payout: '0.00',
    payoutMinor: '0',
    currency: 'BRL',
    balance: '99.00',
    balanceMinor: '9900',
    outcome: {},
    serverSeedHash: 'b'.repeat(64),
    serverSeed: null,
    clientSeed: 'c',
    nonce: 0,
    rtpBps: 9900,
    replayed: false,
    status: 'open',
    multiplierBp: 9900,
    ...over,
  };
}

/** A multiplier as the page writes it in Portuguese ("1,84×"). */
const shown = (bp: number) =>
  `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 10_000)}×`;

const FAIR = ok({ serverSeedHash: 'b'.repeat(64), clientSeed: 'c', nonce: 0, previous: null, rounds: [] });
const auth = { sessionToken: 'a'.repeat(64), playerId: '7' };

describe('MinesGame', () => {
  it('bets with the mine count, reveals a tile, then cashes out; the stake and the count are fixed while the round is open', async () => {
    const api = stubApi({
      'POST /wps/inhouse/fair': FAIR,
      'POST /wps/inhouse/round': ok({ round: null }),
      'POST /wps/inhouse/mines/start': ok(
        round('mines', { outcome: { mines: 3, revealed: [], state: 'open', multiplierBp: 9900 } }),
      ),
      'POST /wps/inhouse/mines/reveal': ok(
        round('mines', {
          multiplierBp: minesMultiplierBp(3, 1, 9900),
          outcome: { mines: 3, revealed: [7], state: 'open', multiplierBp: minesMultiplierBp(3, 1, 9900) },
        }),
      ),
      'POST /wps/inhouse/mines/cashout': ok(
        round('mines', {
          status: 'settled',
          payoutMinor: '113',
          balanceMinor: '10013',
          multiplierBp: minesMultiplierBp(3, 1, 9900),
          outcome: { mines: 3, minePositions: [0, 1, 2], revealed: [7], state: 'cashedOut', multiplierBp: 11_385 },
        }),
      ),
    });
    const onResult = vi.fn();
    const { user } = await renderWithProviders(
      <MinesGame session={session('mines')} auth={auth} onResult={onResult} />,
    );
    expect(screen.getByTestId('mines-tile-7')).toBeDisabled();
    const bet = screen.getByTestId('mines-bet');
    // Enabled once the page knows there is no open round to resume.
    await waitFor(() => expect(bet).toBeEnabled());
    await user.click(bet);
    expect(api.callsTo('POST /wps/inhouse/mines/start').map((c) => c.body)).toEqual([
      expect.objectContaining({ mines: 3, stakeMinor: '100' }),
    ]);
    expect(await screen.findByTestId('mines-cashout')).toBeDisabled();
    expect(screen.getByTestId('mines-count')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Casa 8' }));
    expect(await screen.findByRole('button', { name: 'Casa 8: diamante' })).toBeDisabled();
    expect(api.callsTo('POST /wps/inhouse/mines/reveal')[0]?.body).toMatchObject({
      roundId: `ih-${'1'.repeat(24)}`,
      tile: 7,
    });
    await user.click(screen.getByTestId('mines-cashout'));
    expect(await screen.findByTestId('mines-status')).toHaveTextContent(/Você sacou R\$\s*1,13/);
    expect(screen.getByRole('button', { name: 'Casa 1: mina (não revelada)' })).toBeDisabled();
    expect(onResult).toHaveBeenLastCalledWith(expect.objectContaining({ balanceMinor: '10013' }));
    expect(screen.getByTestId('mines-bet')).toBeEnabled();
  });

  it('resumes the open round the server keeps when the page opens', async () => {
    stubApi({
      'POST /wps/inhouse/fair': FAIR,
      'POST /wps/inhouse/round': ok({
        round: round('mines', {
          outcome: { mines: 5, revealed: [3], state: 'open', multiplierBp: 12_375 },
          multiplierBp: 12_375,
        }),
      }),
    });
    await renderWithProviders(<MinesGame session={session('mines')} auth={auth} onResult={vi.fn()} />);
    const status = screen.getByTestId('mines-status');
    await waitFor(() => expect(status).toHaveTextContent('Sua rodada não terminada voltou'));
    expect(screen.getByRole('button', { name: 'Casa 4: diamante' })).toBeDisabled();
    expect(screen.getByTestId('mines-cashout')).toBeEnabled();
    expect(screen.getByTestId('mines-count')).toHaveValue('5');
  });

  it('shows the open round a start was refused for (ROUND_OPEN, another tab), to carry on', async () => {
    const open = round('mines', { outcome: { mines: 2, revealed: [], state: 'open', multiplierBp: 9900 } });
    stubApi({
      'POST /wps/inhouse/fair': FAIR,
      'POST /wps/inhouse/round': ok({ round: null }),
      'POST /wps/inhouse/mines/start': fail('ROUND_OPEN', 409, { round: open }),
    });
    const { user } = await renderWithProviders(<MinesGame session={session('mines')} auth={auth} onResult={vi.fn()} />);
    const bet = screen.getByTestId('mines-bet');
    await waitFor(() => expect(bet).toBeEnabled());
    await user.click(bet);
    expect(await screen.findByRole('alert')).toHaveTextContent('Você tem uma rodada deste jogo em andamento');
    expect(screen.getByTestId('mines-cashout')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Casa 1' })).toBeEnabled();
    expect(screen.getByTestId('mines-count')).toHaveValue('2');
  });
});

describe('HiloGame', () => {
  it('shows the odds and multiplier of each call before it, calls with H, and cashes out', async () => {
    const afterCall = hiloMultiplierBp([7], 9900);
    const api = stubApi({
      'POST /wps/inhouse/fair': FAIR,
      'POST /wps/inhouse/round': ok({ round: null }),
      // A seven of spades (card 24): higher-or-same and lower-or-same both win on 7 of 13 ranks.
      'POST /wps/inhouse/hilo/start': ok(
        round('hilo', { outcome: { cards: [24], picks: [], state: 'open', multiplierBp: 9900 } }),
      ),
      'POST /wps/inhouse/hilo/pick': ok(
        round('hilo', {
          multiplierBp: afterCall,
          outcome: { cards: [24, 48], picks: ['higher'], state: 'open', multiplierBp: afterCall },
        }),
      ),
      'POST /wps/inhouse/hilo/cashout': ok(
        round('hilo', {
          status: 'settled',
          payoutMinor: '183',
          multiplierBp: afterCall,
          outcome: { cards: [24, 48], picks: ['higher'], state: 'cashedOut', multiplierBp: afterCall },
        }),
      ),
    });
    const { user } = await renderWithProviders(<HiloGame session={session('hilo')} auth={auth} onResult={vi.fn()} />);
    const bet = screen.getByTestId('hilo-bet');
    await waitFor(() => expect(bet).toBeEnabled());
    await user.click(bet);
    expect(await screen.findByRole('img', { name: 'Carta atual: Sete de espadas' })).toBeInTheDocument();
    expect(screen.getByTestId('hilo-higher')).toHaveTextContent('Maior ou igual');
    expect(screen.getByTestId('hilo-higher')).toHaveTextContent(shown(afterCall));
    expect(screen.getByTestId('hilo-cashout')).toBeDisabled();
    await user.keyboard('h');
    expect(await screen.findByRole('img', { name: 'Carta atual: Rei de espadas' })).toBeInTheDocument();
    expect(api.callsTo('POST /wps/inhouse/hilo/pick')[0]?.body).toMatchObject({ pick: 'higher' });
    // On a king: lower is strictly lower, higher becomes "same".
    expect(screen.getByTestId('hilo-higher')).toHaveTextContent('Igual');
    expect(screen.getByTestId('hilo-lower')).toHaveTextContent('Menor');
    await user.click(screen.getByTestId('hilo-cashout'));
    expect(await screen.findByTestId('hilo-status')).toHaveTextContent(/Você sacou R\$\s*1,83/);
  });
});
