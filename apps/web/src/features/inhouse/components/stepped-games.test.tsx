import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hiloMultiplierBp } from '@wps/shared/originals/hilo';
import { minesMultiplierBp } from '@wps/shared/originals/mines';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { fail, ok } from '../../../lib/test-render';
import { HiloGame } from './hilo-game';
import { renderGame, roundResult, shown, testSession } from './inhouse-games.test-support';
import { MinesGame } from './mines-game';

/** A mines or hi-lo round of 1,00, open at 0,99× unless `over` says otherwise. */
function round(game: 'mines' | 'hilo', over: Partial<SteppedRound>): SteppedRound {
  return {
    ...roundResult(game, { roundId: `ih-${'1'.repeat(24)}` }),
    status: 'open',
    multiplierBp: 9900,
    ...over,
  };
}

describe('MinesGame', () => {
  it('bets with the mine count, reveals a tile, then cashes out; the stake and the count are fixed while the round is open', async () => {
    const { api, user, onResult } = await renderGame(MinesGame, testSession('mines'), {
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
    await renderGame(MinesGame, testSession('mines'), {
      'POST /wps/inhouse/round': ok({
        round: round('mines', {
          outcome: { mines: 5, revealed: [3], state: 'open', multiplierBp: 12_375 },
          multiplierBp: 12_375,
        }),
      }),
    });
    const status = screen.getByTestId('mines-status');
    await waitFor(() => expect(status).toHaveTextContent('Sua rodada não terminada voltou'));
    expect(screen.getByRole('button', { name: 'Casa 4: diamante' })).toBeDisabled();
    expect(screen.getByTestId('mines-cashout')).toBeEnabled();
    expect(screen.getByTestId('mines-count')).toHaveValue('5');
  });

  it('shows the open round a start was refused for (ROUND_OPEN, another tab), to carry on', async () => {
    const open = round('mines', { outcome: { mines: 2, revealed: [], state: 'open', multiplierBp: 9900 } });
    const { user } = await renderGame(MinesGame, testSession('mines'), {
      'POST /wps/inhouse/round': ok({ round: null }),
      'POST /wps/inhouse/mines/start': fail('ROUND_OPEN', 409, { round: open }),
    });
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
    const { api, user } = await renderGame(HiloGame, testSession('hilo'), {
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
