import type { AppContext } from '../../app-context';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { InhouseService } from '../inhouse/inhouse.service';
import { createLotteryViews } from '../lottery/lottery-views';
import type { SystemService } from '../system/system.service';
import { createBetRecordService } from './bet-record.service';

/** The player's bet records: the gateway's rounds, the in-house games' and the lottery's tickets (through its views). */
export function wireBetRecord(
  ctx: AppContext,
  deps: { system: SystemService; gateway: GatewayService; catalogue: CatalogueService; inhouse: InhouseService },
) {
  return createBetRecordService({ ...ctx, ...deps, lottery: createLotteryViews(ctx) });
}
