import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crashPoint, nextChainHash } from '@wps/shared/originals/crash';
import type { CrashBetResult, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { ok } from '../../../lib/test-render';
import { CrashGame, parseCrashTarget } from './crash-game';
import { verifyCrashRound } from './crash-panels';
import { renderGame, testSession } from './inhouse-games.test-support';

const SESSION = testSession('crash', { gameName: 'Crash' });

// A chain of 4: hash(0) … hash(4) = terminal; round k plays hash(4 − k).
const chain = ['1'.repeat(64)];
for (let i = 0; i < 4; i++) chain.push(nextChainHash(chain[i]!));
const SALT = 'f'.repeat(64);
const bust = (k: number) => ({
  roundNumber: k,
  crashHundredths: crashPoint(chain[4 - k]!, SALT, 9900),
  hash: chain[4 - k]!,
  rtpBps: 9900,
  bustedAt: '2026-11-30T10:00:00.000Z',
});

function state(): CrashState {
  const now = Date.now();
  return {
    serverTime: new Date(now).toISOString(),
    chain: { terminalHash: chain[4]!, salt: SALT, length: 4 },
    round: {
      roundNumber: 3,
      phase: 'betting',
      rtpBps: 9900,
      bettingEndsAt: new Date(now + 5000).toISOString(),
      startedAt: null,
      growthPerMs: 0.00006,
      crashHundredths: null,
      hash: null,
      bets: [
        { key: '1', nickname: 'bruno', stakeMinor: '500', status: 'flying', cashoutHundredths: null, payoutMinor: '0' },
      ],
      totalStakeMinor: '500',
    },
    recent: [bust(2), bust(1)],
  };
}

describe('CrashGame', () => {
  it('bets in the window with the automatic cash-out typed, shows the others’ bets, and proves the recent rounds against the chain', async () => {
    const placed: CrashBetResult = {
      bet: {
        betId: 'cr-1',
        roundNumber: 3,
        stakeMinor: '100',
        autoCashoutHundredths: 150,
        status: 'flying',
        cashoutHundredths: null,
        payoutMinor: '0',
        crashHundredths: null,
        createdAt: '2026-11-30T10:00:00.000Z',
      },
      balanceMinor: '9900',
      replayed: false,
    };
    const { api, user, onResult } = await renderGame(CrashGame, SESSION, {
      'GET /wps/inhouse/crash/state': () => ok(state()),
      'POST /wps/inhouse/crash/history': ok({ bets: [] }),
      'POST /wps/inhouse/crash/bet': ok(placed),
    });
    expect(await screen.findByTestId('crash-countdown')).toHaveTextContent(/Próxima rodada em \d s/);
    expect(within(screen.getByTestId('crash-live-bets')).getByText('bruno')).toBeInTheDocument();

    await user.type(screen.getByTestId('crash-auto'), '1,5');
    await user.click(screen.getByTestId('crash-bet'));
    expect(await screen.findByText('Aposta feita')).toBeInTheDocument();
    expect(api.callsTo('POST /wps/inhouse/crash/bet').map((c) => c.body)).toEqual([
      expect.objectContaining({ stakeMinor: '100', autoCashoutHundredths: 150, sessionToken: SESSION.sessionToken }),
    ]);
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ balanceMinor: '9900' }));

    await user.click(screen.getByText('Comprovadamente justo: a cadeia de hashes'));
    for (const button of screen.getAllByRole('button', { name: 'Verificar' })) await user.click(button);
    expect(screen.getAllByText('Verificado ✓')).toHaveLength(2);
    expect(screen.queryByText('Não confere')).toBeNull();
  });

  it('auto-bets on the next rounds with the automatic cash-out, one bet a round, counting each once the round settles it', async () => {
    // Each poll of the state moves the round on: a bet placed → bust (the bet lost or cashed at
    // its target, alternately) → the next round's betting window.
    let round = 3;
    let phase: 'betting' | 'busted' = 'betting';
    const bets: CrashBetResult['bet'][] = [];
    const stateNow = (): CrashState => {
      const mine = bets.find((b) => b.roundNumber === round);
      if (phase === 'busted') {
        round += 1;
        phase = 'betting';
      } else if (mine?.status === 'flying') {
        const cashed = bets.length % 2 === 0;
        Object.assign(mine, {
          status: cashed ? 'cashed' : 'lost',
          cashoutHundredths: cashed ? mine.autoCashoutHundredths : null,
          payoutMinor: cashed ? String((BigInt(mine.stakeMinor) * BigInt(mine.autoCashoutHundredths!)) / 100n) : '0',
        });
        phase = 'busted';
      }
      const base = state();
      return {
        ...base,
        round: {
          ...base.round!,
          roundNumber: round,
          phase,
          bets: [],
          totalStakeMinor: '0',
          ...(phase === 'busted' ? { crashHundredths: 250, hash: chain[1]! } : {}),
        },
      };
    };
    let balance = 10_000n;
    const { api, user } = await renderGame(
      CrashGame,
      SESSION,
      {
        'GET /wps/inhouse/crash/state': () => ok(stateNow()),
        'POST /wps/inhouse/crash/history': () => ok({ bets: [...bets].reverse() }),
        'POST /wps/inhouse/crash/bet': (call) => {
          const body = call.body as { stakeMinor: string; autoCashoutHundredths: number };
          const bet = {
            betId: `cr-${bets.length + 1}`,
            roundNumber: round,
            stakeMinor: body.stakeMinor,
            autoCashoutHundredths: body.autoCashoutHundredths,
            status: 'flying' as const,
            cashoutHundredths: null,
            payoutMinor: '0',
            crashHundredths: null,
            createdAt: '2026-11-30T10:00:00.000Z',
          };
          bets.push(bet);
          balance -= BigInt(body.stakeMinor);
          return ok({ bet: { ...bet }, balanceMinor: balance.toString(), replayed: false });
        },
      },
      { signedIn: false },
    );
    await screen.findByTestId('crash-countdown');
    await user.click(screen.getByRole('radio', { name: 'Automático' }));
    // Without an automatic cash-out a crash run cannot start.
    expect(screen.getByTestId('crash-auto-start')).toBeDisabled();
    await user.type(screen.getByTestId('crash-auto'), '2');
    await user.clear(screen.getByTestId('auto-count'));
    await user.type(screen.getByTestId('auto-count'), '2');
    await user.click(screen.getByTestId('crash-auto-start'));
    expect(await screen.findByTestId('auto-status', {}, { timeout: 15_000 })).toHaveTextContent('Automático concluído');
    // Two rounds, one bet each at 2×: lost 1,00, then cashed out 2,00.
    const sent = api.callsTo('POST /wps/inhouse/crash/bet').map((c) => c.body);
    expect(sent).toEqual([
      expect.objectContaining({ stakeMinor: '100', autoCashoutHundredths: 200 }),
      expect.objectContaining({ stakeMinor: '100', autoCashoutHundredths: 200 }),
    ]);
    expect(bets.map((b) => b.roundNumber)).toEqual([3, 4]);
    expect(screen.getByTestId('auto-tally')).toHaveTextContent('2 apostas');
    expect(screen.getByTestId('auto-net')).toHaveTextContent(/R\$\s0,00/);
  }, 30_000);

  it('reads the automatic cash-out in either decimal mark, empty as none, and refuses one out of range', () => {
    expect(parseCrashTarget('')).toBe('none');
    expect(parseCrashTarget('2,5')).toBe(250);
    expect(parseCrashTarget('1.01×')).toBe(101);
    for (const bad of ['1', '1,001', 'abc', '-2', '1000000,01']) expect(parseCrashTarget(bad)).toBeNull();
  });

  it('flags a round whose hash does not lead to the one before, or whose crash point does not follow from it', () => {
    expect(verifyCrashRound(bust(1), chain[4]!, SALT)).toBe(true);
    expect(verifyCrashRound(bust(2), chain[3]!, SALT)).toBe(true);
    expect(verifyCrashRound(bust(2), chain[4]!, SALT)).toBe(false);
    expect(verifyCrashRound({ ...bust(2), crashHundredths: bust(2).crashHundredths + 1 }, chain[3]!, SALT)).toBe(false);
  });
});
