import { drawFairResult } from '@wps/shared/lottery/fair-draw';
import type { LotteryFamily } from '@wps/shared/lottery/types';
import { hashServerSeed } from '@wps/shared/provably-fair';

export type DrawCheck = { status: 'verified' | 'mismatch' | 'hidden'; hashMatches: boolean; expected: unknown };

type DrawLike = {
  gameCode: string;
  numero: string;
  serverSeed: string | null;
  serverSeedHash: string | null;
  result: unknown;
};

/** JSON with object keys sorted: the stored result comes back from jsonb with its keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The draw key the result is derived from (docs/lottery.md, "Draws"). */
export function drawKeyOf(draw: { gameCode: string; numero: string }): string {
  return `${draw.gameCode}:${draw.numero}`;
}

/**
 * Recompute a decided fair draw in the browser: SHA-256 of the revealed seed against the hash
 * committed before sales closed, and the result from the seed and the draw key against the one
 * published. 'hidden' while the seed is secret (or for an operator-entered result, which has none).
 */
export function verifyDraw(family: LotteryFamily, draw: DrawLike): DrawCheck {
  if (!draw.serverSeed || !draw.serverSeedHash) return { status: 'hidden', hashMatches: false, expected: null };
  const hashMatches = hashServerSeed(draw.serverSeed) === draw.serverSeedHash.toLowerCase();
  const expected = drawFairResult(family, draw.serverSeed, drawKeyOf(draw));
  const resultMatches = canonical(expected) === canonical(draw.result);
  return { status: hashMatches && resultMatches ? 'verified' : 'mismatch', hashMatches, expected };
}

/** The stand-alone verifier's command line for a draw. */
export function verifierCommand(family: LotteryFamily, draw: DrawLike): string {
  return `node scripts/verify-lottery.mjs --family ${family} --seed ${draw.serverSeed ?? '…'} --hash ${draw.serverSeedHash ?? '…'} --draw ${drawKeyOf(draw)}`;
}
