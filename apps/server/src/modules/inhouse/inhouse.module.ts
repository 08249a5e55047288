import type { AppContext } from '../../app-context';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LicenceService } from '../licence/licence.service';
import { createInhouseService, type InhouseContext } from './inhouse.service';

/**
 * The in-house studio: its games' rounds through the gateway's wallet, the licence's stake door
 * asked where a round or a crash bet is placed, and the catalogue told which house originals the
 * licence hides for want of a lab certificate (the catalogue is built first and asks lazily).
 */
export function wireInhouse(
  ctx: AppContext,
  deps: Omit<InhouseContext, keyof AppContext | 'licence' | 'catalogue'> & {
    catalogue: CatalogueService;
    licence: LicenceService;
  },
) {
  const { licence, catalogue, ...rest } = deps;
  const inhouse = createInhouseService({
    ...ctx,
    ...rest,
    catalogue,
    licence: { ask: licence.policy.ask, profile: licence.currentProfile },
  });
  catalogue.useUncertifiedGames(() => inhouse.certificates.uncertifiedOriginals());
  return inhouse;
}
