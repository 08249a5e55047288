import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiAnswer, type ApiCall } from '../../../lib/test-render';
import { nextStake, stopAfterBet } from '../auto-bet';
import { renderGame, roundResult, testSession, type GameRoutes } from './inhouse-games.test-support';
import { LimboGame } from './limbo-game';

const SESSION = testSession('limbo', { gameName: 'Limbo', maxPayoutMinor: null });

/** A limbo answer to a call: won (pays the 2× target) or lost, the balance following from 100,00. */
function limboAnswer() {
  let balance = 10_000n;
  let n = 0;
  return (call: ApiCall, win: boolean): ApiAnswer => {
    const body = call.body as { stakeMinor: string; targetHundredths: number };
    const stake = BigInt(body.stakeMinor);
    const payout = win ? (stake * BigInt(body.targetHundredths)) / 100n : 0n;
    balance += payout - stake;
    n += 1;
    return ok(
      roundResult('limbo', {
        roundId: `ih-${n}`,
        stakeMinor: body.stakeMinor,
        payoutMinor: payout.toString(),
        balanceMinor: balance.toString(),
        outcome: { targetHundredths: body.targetHundredths, resultHundredths: win ? 300 : 100, win, multiplierBp: 0 },
        nonce: n,
      }),
    );
  };
}

const PLAY = 'POST /wps/inhouse/limbo/play';

/** The limbo page switched to Auto; a guest's unless `signedIn` (whose loss limit the page reads). */
async function openAuto(routes: GameRoutes, { signedIn = false } = {}) {
  const view = await renderGame(LimboGame, SESSION, routes, { signedIn });
  await view.user.click(screen.getByRole('radio', { name: 'Automático' }));
  return view;
}

const stakesSent = (api: Awaited<ReturnType<typeof openAuto>>['api']) =>
  api.callsTo(PLAY).map((c) => (c.body as { stakeMinor: string }).stakeMinor);

/** The run's end, once the status says so (each bet waits for the one before plus a short pause). */
const ended = () => screen.findByTestId('auto-status', {}, { timeout: 8000 });

describe('auto-bet on an original', () => {
  it('stops once the profit reaches the stop-on-profit, one bet at a time with a key each', async () => {
    const answer = limboAnswer();
    let inFlight = 0;
    let overlapped = false;
    const { api, user, onResult } = await openAuto({
      [PLAY]: async (call) => {
        inFlight += 1;
        if (inFlight > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 20));
        inFlight -= 1;
        return answer(call, true);
      },
    });
    await user.clear(screen.getByTestId('auto-count'));
    // Stake 1,00 at 2×: each win nets 1,00; the profit of 2,50 is reached on the third.
    await user.type(screen.getByTestId('auto-stopProfit'), '2,50');
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    expect(await ended()).toHaveTextContent('Automático parado: lucro alcançado.');
    expect(stakesSent(api)).toEqual(['100', '100', '100']);
    expect(overlapped).toBe(false);
    const keys = api.callsTo(PLAY).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(screen.getByTestId('auto-tally')).toHaveTextContent('3 apostas');
    expect(screen.getByTestId('auto-net')).toHaveTextContent(/\+R\$\s3,00/);
    // Each round reaches the page's balance.
    expect(onResult).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('limbo-play-auto-start')).toBeEnabled();
  });

  it('stops once the loss reaches the stop-on-loss, raising the stake after each loss in whole minor units', async () => {
    const answer = limboAnswer();
    const { api, user } = await openAuto({ [PLAY]: (call) => answer(call, false) });
    await user.selectOptions(screen.getByTestId('auto-onLoss'), 'increase');
    await user.clear(screen.getByTestId('auto-onLoss-percent'));
    await user.type(screen.getByTestId('auto-onLoss-percent'), '50');
    await user.type(screen.getByTestId('auto-stopLoss'), '8');
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    expect(await ended()).toHaveTextContent('Automático parado: perda alcançada.');
    // 1,00 + 1,50 + 2,25 + 3,37 (3,375 rounded down to the step) = 8,12 ≥ 8,00.
    expect(stakesSent(api)).toEqual(['100', '150', '225', '337']);
    expect(screen.getByTestId('auto-net')).toHaveTextContent(/−R\$\s8,12/);
  });

  it('stops at the first responsible-gambling refusal and shows it as the app words it', async () => {
    const answer = limboAnswer();
    let n = 0;
    const { api, user } = await openAuto({
      [PLAY]: (call) =>
        ++n < 3
          ? answer(call, false)
          : fail('RG_LOSS_LIMIT_REACHED', 403, {
              period: 'day',
              limit: '5.00',
              limitMinor: '500',
              remaining: '0.50',
              remainingMinor: '50',
            }),
    });
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    const status = await ended();
    expect(status).toHaveTextContent(/^Automático parado: .*limite de perda \(R\$\s5,00 por dia\).*R\$\s0,50\.$/);
    expect(api.callsTo(PLAY)).toHaveLength(3);
    expect(screen.getByTestId('auto-tally')).toHaveTextContent('2 apostas');
    // No further bet is tried after the refusal.
    await new Promise((r) => setTimeout(r, 600));
    expect(api.callsTo(PLAY)).toHaveLength(3);
  });

  it('stops at the number of bets asked for, the stake back to the base after a win', async () => {
    const answer = limboAnswer();
    let n = 0;
    const { api, user } = await openAuto({ [PLAY]: (call) => answer(call, ++n % 2 === 0) });
    await user.clear(screen.getByTestId('auto-count'));
    await user.type(screen.getByTestId('auto-count'), '4');
    await user.selectOptions(screen.getByTestId('auto-onLoss'), 'increase');
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    expect(await ended()).toHaveTextContent('Automático concluído');
    // Lost at 1,00 → doubled (100 %) to 2,00 → won → back to 1,00 → lost → 2,00.
    expect(stakesSent(api)).toEqual(['100', '200', '100', '200']);
  });

  it('caps the stop-on-loss at the player’s loss limit, and says so', async () => {
    const answer = limboAnswer();
    const { api, user } = await openAuto(
      {
        [PLAY]: (call) => answer(call, false),
        'GET /wps/responsible-gaming': ok({
          currency: 'BRL',
          scale: 2,
          limits: [
            { kind: 'loss_week', value: '9.00', pending: null },
            { kind: 'loss_day', value: '3.00', pending: null },
            { kind: 'deposit_day', value: '1.00', pending: null },
          ],
          realityCheckMinutes: null,
          realityCheckRequired: false,
          limitsRequired: false,
          mustSetLimits: false,
        }),
      },
      { signedIn: true },
    );
    expect(await screen.findByTestId('auto-stopLoss-hint')).toHaveTextContent(/R\$\s3,00/);
    await user.type(screen.getByTestId('auto-stopLoss'), '20,00');
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    expect(screen.getByTestId('auto-stopLoss')).toHaveValue('3,00');
    expect(screen.getByTestId('auto-stopLoss-hint')).toHaveTextContent(/Ajustado ao seu limite de perda: R\$\s3,00/);
    expect(await ended()).toHaveTextContent('perda alcançada');
    expect(api.callsTo(PLAY)).toHaveLength(3);
  });

  it('lets the player stop: the bet in flight completes and counts, no further one is sent', async () => {
    const answer = limboAnswer();
    let release: (() => void) | null = null;
    const { api, user } = await openAuto({
      [PLAY]: async (call) => {
        await new Promise<void>((r) => {
          release = r;
        });
        return answer(call, false);
      },
    });
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    await vi.waitFor(() => expect(api.callsTo(PLAY)).toHaveLength(1));
    await user.click(screen.getByTestId('limbo-play-auto-stop'));
    release!();
    expect(await ended()).toHaveTextContent('Automático parado por você.');
    expect(screen.getByTestId('auto-tally')).toHaveTextContent('1 aposta');
    expect(api.callsTo(PLAY)).toHaveLength(1);
  });

  it('stops when the page is hidden, and sends nothing more once the page is left', async () => {
    const answer = limboAnswer();
    const releases: (() => void)[] = [];
    const route = async (call: ApiCall) => {
      await new Promise<void>((r) => releases.push(r));
      return answer(call, false);
    };
    const { api, user, unmount } = await openAuto({ [PLAY]: route });
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    await vi.waitFor(() => expect(api.callsTo(PLAY)).toHaveLength(1));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    releases.shift()!();
    expect(await ended()).toHaveTextContent('Automático parado: a página saiu da tela.');
    expect(api.callsTo(PLAY)).toHaveLength(1);
    visibility.mockRestore();

    // A new run, then the page goes away with a bet in flight: that bet completes, no other follows.
    await user.click(screen.getByTestId('limbo-play-auto-start'));
    await vi.waitFor(() => expect(api.callsTo(PLAY)).toHaveLength(2));
    unmount();
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 800));
    expect(api.callsTo(PLAY)).toHaveLength(2);
  });
});

describe('auto-bet arithmetic', () => {
  const bounds = { min: 10n, max: 100_000n, step: 10n };
  const rules = { onWin: { mode: 'reset' as const }, onLoss: { mode: 'increase' as const, percent: 50 } };

  it('raises by whole percent, rounded down to the step, and always by at least one step', () => {
    expect(nextStake(10n, 100n, 0n, rules, bounds)).toBe(150n);
    expect(nextStake(10n, 150n, 0n, rules, bounds)).toBe(220n); // 225 → step 10
    expect(nextStake(10n, 10n, 0n, rules, bounds)).toBe(20n); // 15 → 10 → one step up
    expect(nextStake(10n, 220n, 440n, rules, bounds)).toBe(10n); // a win resets
    expect(nextStake(10n, 220n, 220n, rules, bounds)).toBe(220n); // the stake back: unchanged
    // Far past a Number's exact range, still exact.
    expect(nextStake(1n, 9_007_199_254_740_993n, 0n, rules, { ...bounds, step: 1n })).toBe(13_510_798_882_111_489n);
  });

  it('stops on profit, loss or count, whichever comes first', () => {
    const settings = { count: 5, ...rules, stopProfitMinor: 300n, stopLossMinor: 200n };
    expect(stopAfterBet(1, 300n, settings)).toBe('profit');
    expect(stopAfterBet(1, -200n, settings)).toBe('loss');
    expect(stopAfterBet(4, -199n, settings)).toBeNull();
    expect(stopAfterBet(5, 0n, settings)).toBe('count');
    expect(stopAfterBet(1000, 0n, { ...settings, count: null })).toBe('count');
  });
});
