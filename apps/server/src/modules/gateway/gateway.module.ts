import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { KycTiers } from '../kyc/kyc-tiers';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import { createGatewayService, loadGatewaySettings } from './gateway.service';
import { createTransferReview } from './transfer-review';
import { createVendorConnections } from './vendor-connections';

/** Which vendors can launch: the gateway's, read by the catalogue so players see only those (built before both). */
export function wireVendorConnections(ctx: AppContext, deps: { changeFeed: ChangeFeed }) {
  const settings = loadGatewaySettings(undefined, ctx.config.startedVendorSandbox);
  const connections = createVendorConnections({
    db: ctx.db,
    isSandboxVendorAllowed: settings.isSandboxVendorAllowed,
    changeFeed: deps.changeFeed,
  });
  return { settings, connections };
}

/**
 * The game gateway: launches and the vendors' wallets, bets held to responsible gambling's guards,
 * a launch refused while a face check is due; and the vendor transfers whose outcome is not known
 * yet, for the back office's queue.
 */
export function wireGateway(
  ctx: AppContext,
  deps: {
    vendors: ReturnType<typeof wireVendorConnections>;
    system: SystemService;
    ledger: LedgerService;
    catalogue: CatalogueService;
    member: MemberService;
    session: SessionService;
    audit: AuditService;
    changeFeed: ChangeFeed;
    responsibleGaming: ResponsibleGamingService;
    kycTiers: KycTiers;
    licence: LicenceService;
  },
) {
  const { system, catalogue, member, audit } = deps;
  const gateway = createGatewayService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system,
    ledger: deps.ledger,
    catalogue,
    member,
    session: deps.session,
    audit,
    changeFeed: deps.changeFeed,
    settings: deps.vendors.settings,
    connections: deps.vendors.connections,
    betGuard: deps.responsibleGaming.guards,
    launchGuard: deps.kycTiers.assertNotReverifying,
    // The products the licence allows: each game's class from the catalogue, the licence's word on it
    // at launch and at the stake door (docs/compliance.md, "Products the licence allows").
    products: {
      classOf: catalogue.productClassOf,
      vendorClassOf: catalogue.vendorProductClassOf,
      ...deps.licence.products,
    },
  });
  const transferReview = createTransferReview({ ...ctx, system, audit, member, transfers: gateway.transfers });
  return { gateway, transferReview };
}
