import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { KycTiers } from '../kyc/kyc-tiers';
import type { LicenceService } from '../licence/licence.service';
import type { SystemService } from '../system/system.service';
import { createLotteryService } from './lottery.service';

/** The in-house lottery: draws on the operator's days, tickets through the seamless wallet like any vendor's rounds. */
export function wireLottery(
  ctx: AppContext,
  deps: {
    system: SystemService;
    gateway: GatewayService;
    audit: AuditService;
    changeFeed: ChangeFeed;
    kycTiers: KycTiers;
    licence: LicenceService;
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const calendarClock = ctx.calendarClock;
  return createLotteryService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system: deps.system,
    gateway: deps.gateway,
    audit: deps.audit,
    changeFeed: deps.changeFeed,
    timeZone: deps.timeZone,
    ...(calendarClock ? { now: () => new Date(calendarClock()) } : {}),
    // Tickets are play: a face check due refuses them as it refuses a game's launch.
    playGuard: (memberId) => deps.kycTiers.assertNotReverifying(memberId),
    // Menus leave out the foreign lottery draws the licence forbids; a ticket on one asks the stake door.
    licence: deps.licence.products,
  });
}
