import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kenoMultipliers } from '@wps/shared/originals/keno';
import { ok, type ApiCall } from '../../../lib/test-render';
import { renderGame, roundResult, shown, testSession } from './inhouse-games.test-support';
import { KenoGame, quickPick, togglePick } from './keno-game';

const SESSION = testSession('keno', { gameName: 'House Keno', rtpBps: 9800, maxPayoutMinor: '100000' });

function answer(call: ApiCall): ReturnType<typeof ok> {
  const body = call.body as { picks: number[]; stakeMinor: string; risk: 'low' | 'medium' | 'high' };
  const drawn = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const hits = body.picks.filter((p) => drawn.includes(p));
  const multiplierBp = kenoMultipliers(body.picks.length, body.risk, 9800)[hits.length]!;
  const payoutMinor = String((BigInt(body.stakeMinor) * BigInt(multiplierBp)) / 10_000n);
  return ok(
    roundResult('keno', {
      stakeMinor: body.stakeMinor,
      payoutMinor,
      outcome: { risk: body.risk, picks: body.picks, drawn, hits, multiplierBp },
      rtpBps: 9800,
    }),
  );
}

describe('KenoGame', () => {
  it('picks up to 10 numbers, shows their paytable at the session’s RTP, and plays them with the risk chosen', async () => {
    // The recent results read the player's settled rounds from the fairness state: none yet (renderGame's).
    const { api, user, onResult } = await renderGame(KenoGame, SESSION, { 'POST /wps/inhouse/keno/play': answer });
    const play = screen.getByTestId('keno-play');
    expect(play).toBeDisabled();

    for (const n of [3, 12, 40]) await user.click(screen.getByRole('button', { name: String(n) }));
    expect(screen.getByRole('button', { name: '12' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '12' }));
    expect(screen.getByRole('button', { name: '12' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('radio', { name: 'Alto' }));
    const table = screen.getByRole('table', { name: 'Prêmios para 2 números' });
    expect(within(table).getByText(shown(kenoMultipliers(2, 'high', 9800)[2]!))).toBeInTheDocument();

    await user.click(play);
    expect(await screen.findByTestId('keno-result')).toHaveTextContent('1 de 2 acertos');
    expect(api.callsTo('POST /wps/inhouse/keno/play').map((c) => c.body)).toEqual([
      expect.objectContaining({ picks: [3, 40], risk: 'high', stakeMinor: '100', sessionToken: SESSION.sessionToken }),
    ]);
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '3, sorteado' })).toHaveClass('is-hit');
    // The round joins the recent results: 1 hit of 2 at high risk pays its multiplier.
    expect(screen.getByTestId('recent-results')).toHaveTextContent(shown(kenoMultipliers(2, 'high', 9800)[1]!));
  });

  it('stops at 10 picks, and the quick pick gives 10 different numbers of 1–40', () => {
    let picks: number[] = [];
    for (let n = 1; n <= 12; n++) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(picks, 4)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
    const quick = quickPick(10);
    expect(new Set(quick).size).toBe(10);
    expect(quick.every((n) => n >= 1 && n <= 40)).toBe(true);
  });
});
