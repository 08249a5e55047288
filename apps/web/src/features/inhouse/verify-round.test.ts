import { describe, expect, it } from 'vitest';
import { replayHilo } from '@wps/shared/originals/hilo';
import { kenoOutcome } from '@wps/shared/originals/keno';
import { limboOutcome } from '@wps/shared/originals/limbo';
import { minePositions, replayMines } from '@wps/shared/originals/mines';
import { plinkoOutcome } from '@wps/shared/originals/plinko';
import { diceOutcome, hashServerSeed, slotOutcome } from '@wps/shared/provably-fair';
import type { InhouseRoundSummary } from '@wps/shared/schemas/inhouse';
import { verifierCommand, verifyRound } from './verify-round';

const seed = 'a'.repeat(64);
const base = {
  roundId: 'ih-1',
  stake: '1.00',
  stakeMinor: '100',
  payout: '0.00',
  payoutMinor: '0',
  status: 'settled' as const,
  createdAt: '2026-01-01T00:00:00Z',
  rtpBps: null,
};

describe('verifyRound', () => {
  it('verifies a revealed slot round and flags a tampered one', () => {
    const round: InhouseRoundSummary = {
      ...base,
      game: 'slot',
      serverSeed: seed,
      serverSeedHash: hashServerSeed(seed),
      clientSeed: 'c',
      nonce: 3,
      params: {},
      outcome: JSON.parse(JSON.stringify(slotOutcome(seed, 'c', 3))),
    };
    expect(verifyRound(round)).toBe('verified');
    expect(verifyRound({ ...round, nonce: 4 })).toBe('mismatch');
    expect(verifyRound({ ...round, serverSeedHash: '0'.repeat(64) })).toBe('mismatch');
    expect(verifyRound({ ...round, serverSeed: null })).toBe('hidden');
    // jsonb hands the outcome back with its keys in another order: still verified.
    const { grid, wins, totalMultiplier } = slotOutcome(seed, 'c', 3);
    expect(verifyRound({ ...round, outcome: { wins, totalMultiplier, grid } })).toBe('verified');
  });

  it('verifies dice with its target and direction and prints the verifier command', () => {
    const outcome = diceOutcome(seed, "it's", 0, 4950, 'over');
    const round: InhouseRoundSummary = {
      ...base,
      game: 'dice',
      serverSeed: seed,
      serverSeedHash: hashServerSeed(seed),
      clientSeed: "it's",
      nonce: 0,
      params: { target: 4950, direction: 'over' },
      outcome: { ...outcome },
    };
    expect(verifyRound(round)).toBe('verified');
    expect(verifierCommand(round)).toBe(
      `node scripts/verify-fair.mjs --game dice --server-seed ${seed} --client-seed 'it'\\''s' --nonce 0 --stake 100 --hash ${hashServerSeed(seed)} --target 4950 --direction over`,
    );
  });

  it('verifies the originals at the RTP their round was placed at, and names their choices in the command', () => {
    const fair = { ...base, serverSeed: seed, serverSeedHash: hashServerSeed(seed), clientSeed: 'c', nonce: 7 };
    const limbo: InhouseRoundSummary = {
      ...fair,
      game: 'limbo',
      rtpBps: 9700,
      params: { targetHundredths: 250 },
      outcome: { ...limboOutcome(seed, 'c', 7, { targetHundredths: 250 }, 9700) },
    };
    expect(verifyRound(limbo)).toBe('verified');
    // The same round read at another RTP is another result: the stored RTP is what proves it.
    expect(verifyRound({ ...limbo, rtpBps: 9900 })).toBe('mismatch');
    expect(verifierCommand(limbo)).toMatch(/--game limbo .* --rtp 9700 --target 250$/);

    const plinko: InhouseRoundSummary = {
      ...fair,
      game: 'plinko',
      rtpBps: 9900,
      params: { rows: 14, risk: 'high' },
      outcome: JSON.parse(JSON.stringify(plinkoOutcome(seed, 'c', 7, { rows: 14, risk: 'high' }, 9900))),
    };
    expect(verifyRound(plinko)).toBe('verified');
    expect(verifyRound({ ...plinko, params: { rows: 14, risk: 'low' } })).toBe('mismatch');
    expect(verifierCommand(plinko)).toMatch(/--rtp 9900 --rows 14 --risk high$/);

    const keno: InhouseRoundSummary = {
      ...fair,
      game: 'keno',
      rtpBps: 9800,
      params: { picks: [9, 2, 33], risk: 'low' },
      outcome: { ...kenoOutcome(seed, 'c', 7, { picks: [9, 2, 33], risk: 'low' }, 9800) },
    };
    expect(verifyRound(keno)).toBe('verified');
    expect(verifierCommand(keno)).toMatch(/--rtp 9800 --picks 9,2,33 --risk low$/);
  });

  it('replays mines and hi-lo rounds from their steps, and names the steps in the command', () => {
    const fair = {
      ...base,
      serverSeed: seed,
      serverSeedHash: hashServerSeed(seed),
      clientSeed: 'c',
      nonce: 4,
      rtpBps: 9900,
    };
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((i) => !minePositions(seed, 'c', 4, 3).includes(i));
    const mines: InhouseRoundSummary = {
      ...fair,
      game: 'mines',
      params: { mines: 3 },
      outcome: { ...replayMines(seed, 'c', 4, { mines: 3 }, safe.slice(0, 2), 9900) },
    };
    expect(mines.outcome).toMatchObject({ state: 'cashedOut', revealed: safe.slice(0, 2) });
    expect(verifyRound(mines)).toBe('verified');
    // Another mine count places other mines and pays another multiplier.
    expect(verifyRound({ ...mines, params: { mines: 4 } })).toBe('mismatch');
    expect(verifierCommand(mines)).toMatch(new RegExp(`--rtp 9900 --mines 3 --tiles ${safe.slice(0, 2).join(',')}$`));

    const hilo: InhouseRoundSummary = {
      ...fair,
      game: 'hilo',
      params: {},
      outcome: { ...replayHilo(seed, 'c', 4, ['skip', 'higher'], 9900) },
    };
    expect(verifyRound(hilo)).toBe('verified');
    expect(verifyRound({ ...hilo, rtpBps: 9700 })).toBe(
      (hilo.outcome as { multiplierBp: number }).multiplierBp === 0 ? 'verified' : 'mismatch',
    );
    expect(verifierCommand(hilo)).toMatch(/--rtp 9900 --calls skip,higher$/);
  });
});
