import { replayHilo, type HiloOutcome } from '@wps/shared/originals/hilo';
import { replayMines, type MinesOutcome } from '@wps/shared/originals/mines';
import { ORIGINAL_RULES, isOriginalKind } from '@wps/shared/originals/originals';
import { diceOutcome, hashServerSeed, slotOutcome, type DiceDirection } from '@wps/shared/provably-fair';
import type { InhouseRoundSummary } from '@wps/shared/schemas/inhouse';
import { isHouseOriginal } from '@wps/shared/schemas/inhouse-steps';

export type RoundCheck = 'verified' | 'mismatch' | 'hidden';

/** JSON with object keys sorted: the stored outcome comes back from jsonb with its keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Recompute a round in the browser from its revealed seed: 'hidden' until the seed is rotated out. */
export function verifyRound(round: InhouseRoundSummary): RoundCheck {
  if (!round.serverSeed) return 'hidden';
  if (hashServerSeed(round.serverSeed) !== round.serverSeedHash) return 'mismatch';
  if (round.game === 'mines' || round.game === 'hilo') {
    if (round.rtpBps === null) return 'mismatch';
    // A multi-step round is replayed from its seeds and the player's steps in order.
    const expected =
      round.game === 'mines'
        ? replayMines(
            round.serverSeed,
            round.clientSeed,
            round.nonce,
            { mines: Number(round.params.mines) },
            (round.outcome as unknown as MinesOutcome).revealed,
            round.rtpBps,
          )
        : replayHilo(
            round.serverSeed,
            round.clientSeed,
            round.nonce,
            (round.outcome as unknown as HiloOutcome).picks,
            round.rtpBps,
          );
    return canonical(expected) === canonical(round.outcome) ? 'verified' : 'mismatch';
  }
  if (isOriginalKind(round.game)) {
    // An original's multipliers depend on the RTP the round was placed at.
    if (round.rtpBps === null) return 'mismatch';
    const rules = ORIGINAL_RULES[round.game];
    const expected = rules.outcome(
      round.serverSeed,
      round.clientSeed,
      round.nonce,
      round.params as never,
      round.rtpBps,
    );
    return canonical(expected) === canonical(round.outcome) ? 'verified' : 'mismatch';
  }
  const expected =
    round.game === 'slot'
      ? slotOutcome(round.serverSeed, round.clientSeed, round.nonce)
      : diceOutcome(
          round.serverSeed,
          round.clientSeed,
          round.nonce,
          Number(round.params.target),
          round.params.direction as DiceDirection,
        );
  return canonical(expected) === canonical(round.outcome) ? 'verified' : 'mismatch';
}

/** The stand-alone verifier's command line for a round (scripts/verify-fair.mjs). */
export function verifierCommand(round: InhouseRoundSummary): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = [
    'node scripts/verify-fair.mjs',
    `--game ${round.game}`,
    `--server-seed ${round.serverSeed ?? '<revealed after rotation>'}`,
    `--client-seed ${quote(round.clientSeed)}`,
    `--nonce ${round.nonce}`,
    `--stake ${round.stakeMinor}`,
    `--hash ${round.serverSeedHash}`,
  ];
  const p = round.params;
  if (round.game === 'dice') parts.push(`--target ${String(p.target)}`, `--direction ${String(p.direction)}`);
  if (isHouseOriginal(round.game)) parts.push(`--rtp ${String(round.rtpBps)}`);
  if (round.game === 'limbo') parts.push(`--target ${String(p.targetHundredths)}`);
  if (round.game === 'plinko') parts.push(`--rows ${String(p.rows)}`, `--risk ${String(p.risk)}`);
  if (round.game === 'keno') parts.push(`--picks ${(p.picks as number[]).join(',')}`, `--risk ${String(p.risk)}`);
  if (round.game === 'mines')
    parts.push(
      `--mines ${String(p.mines)}`,
      `--tiles ${(round.outcome as unknown as MinesOutcome).revealed.join(',')}`,
    );
  if (round.game === 'hilo') parts.push(`--calls ${(round.outcome as unknown as HiloOutcome).picks.join(',')}`);
  return parts.join(' ');
}
