import crypto from 'node:crypto';
import type { SystemPurpose } from '../ledger/ledger.types';

/**
 * The house side of game money is spread over this many system accounts (`house_cash` and
 * `house_cash_s1` … `house_cash_s15`): every bet and win updates a house row and holds its lock
 * until commit, so one row would serialise all players' callbacks. Bets and wins use their
 * batch slot's shard; rollbacks use the player's. Trial (free-play) accounts play against the
 * demo house (`house_demo`, `house_demo_s1` …), sharded the same way: demo money is never house
 * cash, so it never shows in the house's figures.
 */
export const HOUSE_SHARDS = 16;

/** The house account purpose that a player's game money moves against (rollbacks, end of round). */
export function housePurposeFor(memberId: string, demo = false): SystemPurpose {
  return houseShard(Number(BigInt(memberId) % BigInt(HOUSE_SHARDS)), demo);
}

/** The house shard a batch of bets and wins uses: one per batch slot, so running batches never share one. */
export function housePurposeForSlot(slot: number, demo: boolean): SystemPurpose {
  return houseShard(slot % HOUSE_SHARDS, demo);
}

function houseShard(shard: number, demo: boolean): SystemPurpose {
  const base = demo ? 'house_demo' : 'house_cash';
  return shard === 0 ? base : `${base}_s${shard}`;
}

/** Fingerprint of what a callback asks for: the same transaction id must always come with the same one. */
export function hashCallback(parts: Record<string, string | boolean | null>): string {
  const canonical = Object.keys(parts)
    .sort()
    .map((k) => `${k}=${String(parts[k])}`)
    .join('&');
  return crypto.createHash('sha256').update(canonical).digest('hex');
}
