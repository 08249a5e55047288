import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  licenceRules,
  ruleSource,
  type JurisdictionProfile,
  type LicenceRules,
  type ProductClass,
} from '@wps/shared/licence';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LicenceCheck, LicencePolicy } from './licence-policy';

type Db = Kysely<Database>;

/*
 * Products the licence allows (docs/compliance.md, "Products the licence allows"): under a profile
 * whose `forbiddenProducts` names a class (BR: P2P tables, foreign lottery draws), the modules that
 * sell products hide them from every list and menu, refuse their launch, and ask the stake door
 * before any money is staked on them. The class of a game is the selling module's fact
 * (licence.ts: `gameProductClass`, `lotteryProductClass`, `vendorProductClass`).
 */

/** Wired to the stake door: a stake on a class of product the licence forbids breaks forbiddenProducts. */
export const allowedProduct: LicenceCheck = {
  name: 'the product is one the licence allows (forbiddenProducts)',
  breaks: async (_trx, { rules, subject }) =>
    subject.product !== undefined && rules.forbiddenProducts.includes(subject.product) ? 'forbiddenProducts' : null,
};

/** The refusal of a product the licence in force forbids, named as the port names its refusals. */
export function productRefused(profile: JurisdictionProfile, product: ProductClass): AppError {
  return new AppError(ErrorCode.LICENCE_REFUSED, `The ${profile} licence refuses this (forbiddenProducts)`, {
    rule: 'forbiddenProducts',
    profile,
    source: ruleSource(profile, 'forbiddenProducts'),
    product,
  });
}

/** What the catalogue, the gateway and the lottery ask the licence about the products they sell (services.ts). */
export type ProductLicence = {
  /** The classes the licence in force forbids, from this instance's copy: what lists and menus hide. */
  forbidden(): Promise<readonly ProductClass[]>;
  /** Whether the licence in force, from this instance's copy, hides house originals with no lab certificate (certifiedGames). */
  certifiesGames(): Promise<boolean>;
  /**
   * Refuses (LICENCE_REFUSED) the launch of a product the licence in force forbids. A launch moves
   * no money, so it reads the profile rather than asking a door; the stake that follows asks.
   */
  refuseLaunch(product: ProductClass | null): Promise<void>;
  /**
   * Asks the stake door in `trx`, the transaction that takes the stake; throws LICENCE_REFUSED.
   * Every stake asks (the bettor must be identified and verified where the licence says so);
   * `product` is null for a game of no class a licence may forbid.
   */
  askStake(trx: Db, memberId: string, product: ProductClass | null): Promise<void>;
  /**
   * Whether the licence in force, from this instance's copy, checks the bettor at the stake door
   * (identity or kyc): the seamless wallet's batches take a bet only when it does not.
   */
  checksBettors(): Promise<boolean>;
};

export function createProductLicence(deps: {
  policy: Pick<LicencePolicy, 'ask' | 'profile'>;
  currentRules: () => Promise<LicenceRules>;
}): ProductLicence {
  return {
    forbidden: async () => (await deps.currentRules()).forbiddenProducts,
    certifiesGames: async () => (await deps.currentRules()).certifiedGames,
    async refuseLaunch(product) {
      if (product === null) return;
      const profile = await deps.policy.profile();
      if (licenceRules(profile).forbiddenProducts.includes(product)) throw productRefused(profile, product);
    },
    async askStake(trx, memberId, product) {
      await deps.policy.ask(trx, 'stake', product === null ? { memberId } : { memberId, product });
    },
    async checksBettors() {
      const rules = await deps.currentRules();
      return rules.identity !== 'none' || rules.kyc;
    },
  };
}
