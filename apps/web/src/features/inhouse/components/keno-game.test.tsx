import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { kenoMultipliers } from '@wps/shared/originals/keno';
import type { InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { KenoGame, quickPick, togglePick } from './keno-game';

const SESSION: InhouseSession = {
  sessionToken: 'a'.repeat(64),
  playerId: '7',
  nickname: 'ana',
  nodeId: 'inhouse-keno',
  game: 'keno',
  gameName: 'House Keno',
  currency: 'BRL',
  scale: 2,
  balance: '100.00',
  balanceMinor: '10000',
  minStakeMinor: '10',
  maxStakeMinor: '1000000',
  stakeStepMinor: '1',
  rtpBps: 9800,
  maxPayoutMinor: '100000',
  expiresAt: '2099-01-01T00:00:00Z',
};

function answer(call: ApiCall): ReturnType<typeof ok> {
  const body = call.body as { picks: number[]; stakeMinor: string; risk: 'low' | 'medium' | 'high' };
  const drawn = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const hits = body.picks.filter((p) => drawn.includes(p));
  const multiplierBp = kenoMultipliers(body.picks.length, body.risk, 9800)[hits.length]!;
  const payoutMinor = String((BigInt(body.stakeMinor) * BigInt(multiplierBp)) / 10_000n);
  const result: InhouseRoundResult = {
    roundId: 'ih-1',
    game: 'keno',
    stake: '1.00',
    stakeMinor: body.stakeMinor,
    payout: '0.00',
    payoutMinor,
    currency: 'BRL',
    balance: '99.00',
    balanceMinor: '9900',
    outcome: { risk: body.risk, picks: body.picks, drawn, hits, multiplierBp },
    serverSeedHash: 'b'.repeat(64),
    serverSeed: null,
    clientSeed: 'c',
    nonce: 0,
    rtpBps: 9800,
    replayed: false,
  };
  return ok(result);
}

/** A multiplier as the page writes it in Portuguese ("4,31×"). */
const shown = (bp: number) =>
  `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 10_000)}×`;

describe('KenoGame', () => {
  it('picks up to 10 numbers, shows their paytable at the session’s RTP, and plays them with the risk chosen', async () => {
    const api = stubApi({
      'POST /wps/inhouse/keno/play': answer,
      // The recent results read the player's settled rounds from the fairness state: none yet.
      'POST /wps/inhouse/fair': ok({
        serverSeedHash: 'b'.repeat(64),
        clientSeed: 'c',
        nonce: 0,
        previous: null,
        rounds: [],
      }),
    });
    const onResult = vi.fn();
    const { user } = await renderWithProviders(
      <KenoGame session={SESSION} auth={{ sessionToken: SESSION.sessionToken, playerId: '7' }} onResult={onResult} />,
    );
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
