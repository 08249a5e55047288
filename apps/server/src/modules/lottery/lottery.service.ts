import type { AppContext } from '../../app-context';
import { newInstanceId } from '../../jobs/interval-job';
import type { AuditService } from '../audit/audit.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { SystemService } from '../system/system.service';
import { LOTTERY_VENDORS } from '@wps/shared/schemas/lottery';
import { createLotteryBetting } from './lottery-betting';
import { createLotteryDraws } from './lottery-draws';
import { createLotteryOps } from './lottery-ops';
import { createLotteryReads } from './lottery-reads';
import { createLotteryResults } from './lottery-results';
import { createLotterySettlement } from './lottery-settlement';
import { sharedLotteryRules } from './lottery-rules-shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type LotteryContext = Pick<AppContext, 'db' | 'log'> & {
  system: Pick<SystemService, 'getBrand'>;
  gateway: Pick<GatewayService, 'seamless' | 'registerInternalVendor'>;
  audit: Pick<AuditService, 'record'>;
  /** The operator's time zone (daily draws and numeros are cut in it). */
  timeZone: (db: Kysely<Database>) => Promise<string>;
  /** The lottery's clock: the server's, or the test clock door's in browser tests. */
  now?: () => Date;
};

/**
 * The in-house lottery (docs/lottery.md): games, the draws' clock, tickets through the seamless
 * wallet, settlement and refunds exactly once, results with four eyes, and the players' reads.
 * Its two vendors (quick draws and the daily draws) are internal: their launch opens our own
 * lottery pages.
 */
export function createLotteryService(ctx: LotteryContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? (() => new Date());
  const rules = sharedLotteryRules;
  const money = async () => {
    const brand = await ctx.system.getBrand();
    return { currency: brand.currency, scale: brand.currencyScale };
  };

  ctx.gateway.registerInternalVendor(LOTTERY_VENDORS.quick, { launchUrl: (input) => `/lottery?${new URLSearchParams({ gameCode: input.nodeId }).toString()}` });
  ctx.gateway.registerInternalVendor(LOTTERY_VENDORS.daily, { launchUrl: (input) => `/vnlottery?${new URLSearchParams({ gameCode: input.nodeId }).toString()}` });

  const betting = createLotteryBetting({ db, rules, seamless: ctx.gateway.seamless, now });
  const draws = createLotteryDraws({ db, log, rules, now, timeZone: () => ctx.timeZone(db) });
  const settlement = createLotterySettlement({ db, log, rules, seamless: ctx.gateway.seamless, betting, now, instance: newInstanceId() });
  const results = createLotteryResults({ db, rules, audit: ctx.audit, now });
  const reads = createLotteryReads({ db, now, money });
  const ops = createLotteryOps({ db, rules, audit: ctx.audit, money });

  /** One turn of the lottery's clock: draws planned, opened, closed and decided; decided draws finished; lost requests' tickets resolved. */
  async function runClock(): Promise<number> {
    const moved = await draws.tick();
    const finished = await settlement.finishDue();
    const resolved = await settlement.resolveStalePending();
    return moved.planned + moved.opened + moved.closed + moved.decided + finished + resolved;
  }

  return { betting, draws, settlement, results, reads, ops, rules, money, runClock };
}

export type LotteryService = ReturnType<typeof createLotteryService>;
