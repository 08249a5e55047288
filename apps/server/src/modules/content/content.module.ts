import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LicenceService } from '../licence/licence.service';
import type { SystemService } from '../system/system.service';
import { createContentService } from './content.service';

/**
 * Site content (banners, promotions, announcements, help, legal pages); live items cached per
 * instance, evicted by the change feed. A banner that launches a game names its node; the
 * catalogue gives the vendor the launch needs.
 */
export function wireContent(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    system: SystemService;
    changeFeed: ChangeFeed;
    licence: LicenceService;
    catalogue: CatalogueService;
  },
) {
  return createContentService({
    ...ctx,
    audit: deps.audit,
    system: deps.system,
    changeFeed: deps.changeFeed,
    licence: deps.licence,
    gameVendor: deps.catalogue.findOpenGameVendor,
  });
}
