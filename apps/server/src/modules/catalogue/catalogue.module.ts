import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { VendorConnections } from '../gateway/vendor-connections';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import { createMemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import { createCatalogueService } from './catalogue.service';

/** The games players see: only the vendors that can launch, without the products the licence forbids. */
export function wireCatalogue(
  ctx: AppContext,
  deps: {
    system: SystemService;
    audit: AuditService;
    ledger: LedgerService;
    changeFeed: ChangeFeed;
    connections: VendorConnections;
    licence: LicenceService;
  },
) {
  return createCatalogueService({
    ...ctx,
    system: deps.system,
    audit: deps.audit,
    ledger: deps.ledger,
    memberViews: createMemberViews(ctx),
    changeFeed: deps.changeFeed,
    connections: deps.connections,
    // Players' lists leave out the products the licence forbids (BR: P2P tables, foreign lottery draws).
    licence: deps.licence.products,
  });
}
