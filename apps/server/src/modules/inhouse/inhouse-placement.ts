import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InhouseGameKind } from '@wps/shared/schemas/inhouse';
import type { Database } from '../../db/schema';
import { activeSeed } from './inhouse-fair';
import { assertStakeAllowed, maxMultiplierBp, type RoundParams } from './inhouse-games';
import { stakeSubject, type InhouseLicencePort } from './inhouse-certificates';
import type { InhouseSettings } from './inhouse-settings';
import { findRoundByKey, insertRound, type RoundRow } from './inhouse-rounds.repository';
import { takeActiveNonce, takeNonce } from './inhouse-seeds.repository';

type Db = Kysely<Database>;

/** A round a player asks for: a one-shot round (play) or the start of a stepped one (start). */
export type PlaceInput = {
  memberId: string;
  nodeId: string;
  /** Crash's shared rounds are placed through crash/. */
  game: Exclude<InhouseGameKind, 'crash'>;
  stakeMinor: bigint;
  idempotencyKey: string;
  params: RoundParams;
};

/** The round's first state and payout from its seeds at the RTP it is placed at (a one-shot round's is final). */
export type DecideFirst = (
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  rtpBps: number,
) => { outcome: Record<string, unknown>; payout: bigint };

/**
 * What placing a round ended in: written (the round as stored, its money not moved yet), or
 * another request with the same key won (its round), or another unfinished round of this stepped
 * game won the one-open-round index (migration 0712).
 */
export type Placed = { kind: 'inserted' | 'keyTaken'; round: RoundRow } | { kind: 'roundOpen' };

/**
 * Placing a round, one use case for every in-house game but crash (`play` and the stepped
 * `start`): the stake checked against the game's rules (and, for an original, its largest possible
 * payout against the maximum payout), then in one transaction the licence's stake door (the
 * bettor, and a house original's lab certificate where the licence asks one: inhouse-certificates.ts),
 * the next nonce of the player's seed, the outcome fixed at the RTP in force now, and the round
 * written. Refused at the door, nothing is written and no nonce is used. The money then moves by
 * the wallet's idempotent bet of that round (the caller's), which asks the stake door again in its
 * own transaction under a licence that checks bettors.
 */
export function createRoundPlacement(deps: {
  db: Db;
  settings: Pick<InhouseSettings, 'getPlayableGame'>;
  licence: Pick<InhouseLicencePort, 'ask'>;
  money: () => Promise<{ scale: number }>;
}) {
  const { db, settings, licence } = deps;

  return async function placeRound(input: PlaceInput, decide: DecideFirst): Promise<Placed> {
    const playable = await settings.getPlayableGame(input.nodeId, input.game);
    const { rtpBps } = playable;
    // An original's stake is also capped by its payout limit at the top multiplier of these choices.
    assertStakeAllowed(
      input.stakeMinor,
      playable,
      maxMultiplierBp(input.game, input.params, rtpBps),
      (await deps.money()).scale,
    );
    const roundId = `ih-${crypto.randomBytes(12).toString('hex')}`;
    const placed = await db
      .transaction()
      .execute(async (t): Promise<Placed> => {
        await licence.ask(t, 'stake', stakeSubject(input.memberId, input.nodeId));
        const { seed, nonce } = await nextNonce(t, input.memberId);
        const { outcome, payout } = decide({ ...seed, nonce }, rtpBps);
        const round = await insertRound(t, {
          roundId,
          memberId: input.memberId,
          nodeId: input.nodeId,
          game: input.game,
          idempotencyKey: input.idempotencyKey,
          seedId: seed.id,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          nonce,
          stake: input.stakeMinor,
          payout,
          params: input.params,
          outcome,
          rtpBps,
        });
        // A concurrent request with the same key won: give the nonce back by rolling back.
        if (!round) throw new KeyTaken();
        return { kind: 'inserted', round };
      })
      .catch((err: unknown): Placed | 'keyTaken' => {
        if (err instanceof KeyTaken) return 'keyTaken';
        // Another start of this stepped game won the one-unfinished-round index (migration 0712).
        if ((err as { code?: string }).code === '23505') return { kind: 'roundOpen' };
        throw err;
      });
    if (placed !== 'keyTaken') return placed;
    const round = await findRoundByKey(db, input.memberId, input.idempotencyKey);
    if (!round) throw new Error('inhouse: round not found after a key conflict');
    return { kind: 'keyTaken', round };
  };
}

/**
 * The next nonce of the player's active seed, taken under its row lock: one UPDATE when the seed
 * exists (every round but a player's first), else the seed created (activeSeed) and its nonce taken.
 */
async function nextNonce(t: Db, memberId: string) {
  const taken = await takeActiveNonce(t, memberId);
  if (taken) return taken;
  const seed = await activeSeed(t, memberId, true);
  return { seed, nonce: await takeNonce(t, seed.id) };
}

export type PlaceRound = ReturnType<typeof createRoundPlacement>;

class KeyTaken extends Error {}
