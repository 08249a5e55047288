import type { Kysely } from 'kysely';
import type { ProductClass } from '@wps/shared/licence';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  applySeamlessOps,
  findRoundBet,
  type BetLimits,
  type SeamlessOp,
  type SeamlessOpAnswer,
  type UnshardedOp,
} from './seamless.repository';
import { refuse } from './seamless-refusals';
import type { SeamlessBetInput, SeamlessResult } from './seamless.types';

type Db = Kysely<Database>;

/** What the seamless wallet asks about the product a bet is staked on (services.ts composes it). */
export type SeamlessProducts = {
  /** The game's class of product a licence may forbid (the catalogue's); null for none. */
  classOf(nodeId: string): Promise<ProductClass | null>;
  /** The stake door (licence-products.ts), asked in `trx`; throws LICENCE_REFUSED. */
  askStake(trx: Db, memberId: string, product: ProductClass | null): Promise<void>;
  /**
   * Whether the licence in force checks the bettor at the stake door (identity, kyc), from this
   * instance's cached copy of the profile (licence.service `currentRules`): no query per bet.
   */
  checksBettors(): Promise<boolean>;
};

/**
 * Bets on a product a licence may forbid (docs/compliance.md, "Products the licence allows": a P2P
 * table). The stake door is asked in the transaction that takes the stake, before the player's own
 * limits (a product the licence forbids is refused whatever they say), and the bet is applied there
 * alone (seamless_apply) rather than in a shared batch, so a refusal holds up no other bet. Refused,
 * nothing is written and no money moves; the refusal is the wallet's own (`licence_product`,
 * seamless-refusals.ts) with the rule and its source. A vendor's retry of a bet accepted before is
 * answered as the replay it is, whatever the licence says now.
 *
 * Under a licence that checks the bettor at the stake door (BR: a CPF and a passed identity check)
 * every bet takes this path, product or not (seamless.service.ts `bet`); the
 * refusal is then `licence_identity`. Why not the batch: the door's checks are per-member reads in
 * the transaction that moves the money, and a refusal inside a shared batch would roll back the
 * other bets with it. The cost is one transaction per bet under such a licence only; under
 * permissive the cached profile says so and the batches are untouched (docs/compliance.md).
 */
export function createProductBets(deps: {
  products: SeamlessProducts;
  inTransaction: <T>(fn: (t: Db) => Promise<T>) => Promise<T>;
  guardBet: (t: Db, input: SeamlessBetInput) => Promise<BetLimits | null>;
  settleAnswer: (
    op: Pick<SeamlessOp, 'op' | 'vassalage' | 'amount'>,
    answer: SeamlessOpAnswer,
  ) => SeamlessResult | AppError;
}) {
  async function askStake(t: Db, memberId: string, product: ProductClass | null): Promise<void> {
    try {
      await deps.products.askStake(t, memberId, product);
    } catch (err) {
      const value = err instanceof AppError ? (err.value as { rule?: unknown } | undefined) : undefined;
      if (value?.rule === 'forbiddenProducts') throw refuse('licence_product', value);
      // An account not identified, or not verified, where the licence asks (migration 0655).
      if (value?.rule === 'identity' || value?.rule === 'kyc') throw refuse('licence_identity', value);
      throw err;
    }
  }

  return {
    async bet(
      input: SeamlessBetInput,
      op: UnshardedOp,
      houseId: string,
      product: ProductClass | null,
    ): Promise<SeamlessResult> {
      const { demo, ...rest } = op;
      const answer = await deps.inTransaction(async (t) => {
        if (!(await findRoundBet(t, op.vassalage, op.txId))) await askStake(t, op.memberId, product);
        const rg = demo ? null : await deps.guardBet(t, input);
        const [applied] = await applySeamlessOps(t, [{ ...rest, ...(rg ? { rg } : {}), houseId }]);
        if (!applied) throw new Error('seamless_apply answered nothing for one bet');
        return applied;
      });
      const settled = deps.settleAnswer(op, answer);
      if (settled instanceof AppError) throw settled;
      return settled;
    },
  };
}
