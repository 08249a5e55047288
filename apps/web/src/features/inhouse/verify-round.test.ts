import { describe, expect, it } from 'vitest';
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
});
