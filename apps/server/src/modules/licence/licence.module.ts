import type { Kysely } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContentService } from '../content/content.service';
import type { IdentityService } from '../identity/identity.service';
import type { KycService } from '../kyc/kyc.service';
import type { LotteryService } from '../lottery/lottery.service';
import type { LoyaltyService } from '../loyalty/loyalty.service';
import type { MissionsService } from '../missions/missions.service';
import type { PromoReviewService } from '../promo/promo-review.service';
import type { RaffleService } from '../promo/raffle.service';
import type { RewardsService } from '../rewards/rewards.service';
import type { SystemService } from '../system/system.service';
import {
  certifiedHouseGame,
  clearedOfBarredList,
  confirmedContact,
  identifiedAndVerified,
  identifiedBettor,
  transfersBetweenPlayers,
} from './licence-checks';
import type { LicenceBlockerSource } from './licence-changes';
import { allowedProduct } from './licence-products';
import { createLicenceService, type LicenceService } from './licence.service';

/**
 * The operator's licence (packages/shared/src/licence.ts): the profile in force and the port every
 * door asks. Built early, so the modules after it get its policy at construction; what its doors
 * check and what blocks a switch are read from modules built later (wireLicenceDoors, wireLicenceBlockers).
 */
export function wireLicence(
  ctx: AppContext,
  deps: { audit: AuditService; changeFeed: ChangeFeed; operators: Pick<OperatorService, 'namesOf'> },
) {
  const licence = createLicenceService({
    db: ctx.db,
    audit: deps.audit,
    changeFeed: deps.changeFeed,
    operators: deps.operators,
  });
  /** The profile in force, for the modules that only read it. */
  const jurisdiction = (): Promise<JurisdictionProfile> => licence.policy.profile();
  return { licence, jurisdiction };
}

/**
 * The licence's doors (docs/compliance.md, "The licence as one policy"): what each checks. A door
 * not wired here is refused by the port (it fails closed); test/licence-doors.test.ts lists them.
 */
export function wireLicenceDoors(
  licence: LicenceService,
  deps: {
    identity: Pick<IdentityService, 'cpfOf' | 'isClearToday' | 'isContactPending'>;
    kyc: Pick<KycService, 'passedIn'>;
    /** The in-house module's reader of its originals' lab certificates. */
    houseGames: { isCertified: (trx: Kysely<Database>, nodeId: string) => Promise<boolean> };
  },
): void {
  const { identity, kyc } = deps;
  const identified = identifiedBettor(identity.cpfOf);
  licence.policy.wire('account.create', identified);
  // A session opens only for a CPF the barred-persons list found clear this operator day (asked
  // before the transaction by the identity gate's beforeLogin, read here inside it).
  licence.policy.wire('session.open', clearedOfBarredList(identity.isClearToday));
  licence.policy.wire('money.transfer', transfersBetweenPlayers);
  licence.policy.wire('reward.pay', identified);
  // Money in and out: under a licence that identifies players, no deposit order and no
  // withdrawal request from an account without a CPF. Asked where the player starts the movement;
  // a credit and a payout (closures, barred refunds) follow an order already let through
  // (docs/compliance.md, "Money in and out at the licence's doors").
  licence.policy.wire('money.in', identified);
  licence.policy.wire('money.out', identified);
  // A stake on a product the licence forbids (a P2P table, a foreign lottery's draw) is refused;
  // asked by the bets, tickets and vendor transfers on such products (licence-products.ts).
  licence.policy.wire('stake', allowedProduct);
  // A new round of a house original the licence asks a lab certificate of (BR) and that has none
  // on record is refused; asked by the in-house round's placement and crash's bet (inhouse-certificates.ts).
  licence.policy.wire('stake', certifiedHouseGame(deps.houseGames.isCertified));
  // Every stake (vendor bets, in-house rounds, tickets, transfer-wallet deposits): under a licence
  // that identifies players, a CPF and, under kyc, a passed identity check.
  licence.policy.wire('stake', identifiedAndVerified(identity.cpfOf, kyc.passedIn));
  // A new account registered without a confirmed contact (by username) stakes and moves no money
  // until it confirms an e-mail or a mobile number by a code (the security module's links tell the
  // identity module, in the link's transaction).
  const contactConfirmed = confirmedContact(identity.isContactPending);
  for (const door of ['money.in', 'money.out', 'money.transfer', 'stake', 'reward.pay'] as const)
    licence.policy.wire(door, contactConfirmed);
}

/**
 * What refuses a switch of licence while it is live, in the order a refusal lists it: rules that
 * would break the profile it goes to (rewards, site settings); no bonus, advance or
 * deposit-conditioned reward (docs/compliance.md, "Bonuses and advances": a live mission, VIP
 * level, raffle, promotion's reward or published item of content); the products it forbids (P2P
 * tables, foreign draws on sale).
 */
export function wireLicenceBlockers(
  licence: LicenceService,
  deps: {
    rewards: Pick<RewardsService, 'rules'>;
    system: Pick<SystemService, 'licenceBlockers'>;
    missions: Pick<MissionsService, 'licenceBlockers'>;
    loyalty: Pick<LoyaltyService, 'vip'>;
    raffles: Pick<RaffleService, 'licenceBlockers'>;
    promoReview: Pick<PromoReviewService, 'licenceBlockers'>;
    content: Pick<ContentService, 'licenceBlockers'>;
    catalogue: Pick<CatalogueService, 'licenceBlockers'>;
    lottery: Pick<LotteryService, 'licenceBlockers'>;
  },
): void {
  const { rewards, system, missions, loyalty, raffles, promoReview, content, catalogue, lottery } = deps;
  const add = (source: LicenceBlockerSource) => licence.changes.addBlockerSource(source);
  add((trx, to) => rewards.rules.licenceBlockers(trx, to));
  add((trx, to) => system.licenceBlockers(trx, to));
  add((trx, to) => missions.licenceBlockers(trx, to));
  add((trx, to) => loyalty.vip.licenceBlockers(trx, to));
  add((trx, to) => raffles.licenceBlockers(trx, to));
  add((trx, to) => promoReview.licenceBlockers(trx, to));
  add((trx, to) => content.licenceBlockers(trx, to));
  add((trx, to) => catalogue.licenceBlockers(trx, to));
  add((trx, to) => lottery.licenceBlockers(trx, to));
}
