import crypto from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';

// Crash's hash chain on the server: made once per chain and kept as checkpoints, so a chain of
// ten million rounds costs one pass of SHA-256 to make (about 10 s, in slices that leave the
// event loop free between them) and at most `checkpointEvery` hashes to find any round's hash.
// The hashing is node:crypto's; the shared code's nextChainHash (pure JS, for the browser) and
// scripts/verify-fair.mjs compute the same step, and a test holds the three together.

/** How many hashes a slice computes before letting other work run. */
const SLICE = 20_000;

/** SHA-256 of a hash's hex text: the chain's one step. */
export function chainStep(hash: string): string {
  return crypto.createHash('sha256').update(hash, 'utf8').digest('hex');
}

export type MadeChain = {
  seed: string;
  terminalHash: string;
  salt: string;
  length: number;
  checkpointEvery: number;
  /** hash(i) for every i that is a multiple of checkpointEvery, i < length. */
  checkpoints: { idx: number; hash: string }[];
};

/** A new chain from a fresh random seed and salt: hash(0) = seed … hash(length) = the terminal hash. */
export async function makeChain(length: number, checkpointEvery: number): Promise<MadeChain> {
  const seed = crypto.randomBytes(32).toString('hex');
  const salt = crypto.randomBytes(32).toString('hex');
  const checkpoints: { idx: number; hash: string }[] = [];
  let hash = seed;
  for (let i = 0; i < length; i++) {
    if (i % checkpointEvery === 0) checkpoints.push({ idx: i, hash });
    hash = chainStep(hash);
    if (i % SLICE === SLICE - 1) await yieldToEvents();
  }
  return { seed, terminalHash: hash, salt, length, checkpointEvery, checkpoints };
}

/** hash(target) from the checkpoint hash(from), from ≤ target. */
export function hashFrom(checkpoint: { idx: number; hash: string }, target: number): string {
  if (target < checkpoint.idx) throw new Error(`crash chain: checkpoint ${checkpoint.idx} is after ${target}`);
  let hash = checkpoint.hash;
  for (let i = checkpoint.idx; i < target; i++) hash = chainStep(hash);
  return hash;
}

/** The chain index a round plays: round k of a chain of length n plays hash(n − k). */
export function chainIndexOfRound(length: number, roundNumber: number): number {
  return length - roundNumber;
}
