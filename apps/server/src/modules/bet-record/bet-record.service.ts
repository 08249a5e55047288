import { formatMinor } from '@wps/shared/money';
import type { BetProfitResult, BetRecordPage, BetStatus, BetTotals } from '@wps/shared/schemas/bet-record';
import { VENDOR_GROUPS, type GameCategory } from '@wps/shared/schemas/catalogue';
import type { AppContext } from '../../app-context';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GatewayService } from '../gateway/gateway.service';
import type { InhouseService } from '../inhouse/inhouse.service';
import type { LotteryViews } from '../lottery/lottery-views';
import type { SystemService } from '../system/system.service';
import {
  findBets,
  sumByCategory,
  sumByDay,
  type BetFilter,
  type BetRecordViews,
  type TotalsRow,
} from './bet-record.repository';

export type BetRecordContext = Pick<AppContext, 'db'> & {
  system: Pick<SystemService, 'getBrand'>;
  /** The owners' views the report joins: rounds, vendor and game names, in-house fairness. */
  gateway: Pick<GatewayService, 'gameRounds'>;
  catalogue: Pick<CatalogueService, 'vendorNames' | 'gameNames'>;
  inhouse: Pick<InhouseService, 'roundFairness'>;
  /** A lottery ticket's selections and draw, for its round. */
  lottery: Pick<LotteryViews, 'roundDetails'>;
};

type FilterInput = {
  category?: GameCategory | undefined;
  vassalage?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** A category and the categories grouped under it (COCKFIGHT and ESPORTS are also SPORTS). */
function categoriesFor(category: GameCategory | undefined): string[] | undefined {
  if (!category) return undefined;
  const children = Object.entries(VENDOR_GROUPS)
    .filter(([, g]) => g.parent === category)
    .map(([c]) => c);
  return [category, ...children];
}

function toFilter(memberId: string, q: FilterInput): BetFilter {
  return {
    memberId: String(memberId),
    categories: categoriesFor(q.category),
    vassalage: q.vassalage,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

/**
 * The betting record (personalHistoryCopy) and personal profit and loss (personalProfit). Both
 * read the round records that the seamless wallet writes in the same transaction as the ledger
 * entries, so every figure is money that really moved, never a number a vendor only claimed.
 */
export function createBetRecordService(ctx: BetRecordContext) {
  const { db, system } = ctx;
  const views: BetRecordViews = {
    gameRounds: ctx.gateway.gameRounds,
    vendorNames: ctx.catalogue.vendorNames,
    gameNames: ctx.catalogue.gameNames,
    roundFairness: ctx.inhouse.roundFairness,
  };

  function totals(t: TotalsRow, scale: number): BetTotals {
    const profit = t.totalPaid - t.totalBet;
    return {
      count: t.count,
      stake: formatMinor(t.totalBet, scale),
      stakeMinor: t.totalBet.toString(),
      payout: formatMinor(t.totalPaid, scale),
      payoutMinor: t.totalPaid.toString(),
      profit: formatMinor(profit, scale),
      profitMinor: profit.toString(),
    };
  }

  return {
    /** GET /wps/bet-record: one page of rounds, newest first, with totals over the filter. */
    async list(memberId: string, q: FilterInput & { page: number; pageSize: number }): Promise<BetRecordPage> {
      const brand = await system.getBrand();
      const scale = brand.currencyScale;
      const { rows, totals: sum } = await findBets(
        db,
        views,
        toFilter(memberId, q),
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      const tickets = await ctx.lottery.roundDetails(rows.map((r) => r.roundId));
      return {
        currency: brand.currency,
        scale,
        list: rows.map((r) => {
          const paid = r.totalWin + r.totalRefund;
          const status: BetStatus =
            r.status === 'open' ? 'open' : r.totalRefund === r.totalBet ? 'cancelled' : 'settled';
          return {
            roundId: r.roundId,
            vassalage: r.vassalage,
            vendorName: r.vendorName,
            category: r.category,
            nodeId: r.nodeId,
            gameName: r.gameName,
            stake: formatMinor(r.totalBet, scale),
            stakeMinor: r.totalBet.toString(),
            payout: formatMinor(paid, scale),
            payoutMinor: paid.toString(),
            profit: formatMinor(paid - r.totalBet, scale),
            profitMinor: (paid - r.totalBet).toString(),
            status,
            createdAt: r.createdAt.toISOString(),
            settledAt: r.settledAt ? r.settledAt.toISOString() : null,
            fair: r.fair,
            lottery: tickets.get(r.roundId) ?? null,
          };
        }),
        page: q.page,
        pageSize: q.pageSize,
        total: sum.count,
        totalPages: Math.max(1, Math.ceil(sum.count / q.pageSize)),
        totals: totals(sum, scale),
      };
    },

    /** GET /wps/bet-record/profit: totals, by local day and by category. */
    async profit(memberId: string, q: FilterInput & { utcOffsetMinutes: number }): Promise<BetProfitResult> {
      const brand = await system.getBrand();
      const scale = brand.currencyScale;
      const filter = toFilter(memberId, q);
      const [days, categories] = await Promise.all([
        sumByDay(db, views, filter, q.utcOffsetMinutes),
        sumByCategory(db, views, filter),
      ]);
      const all = categories.reduce<TotalsRow>(
        (acc, c) => ({
          count: acc.count + c.count,
          totalBet: acc.totalBet + c.totalBet,
          totalPaid: acc.totalPaid + c.totalPaid,
        }),
        {
          count: 0,
          totalBet: 0n,
          totalPaid: 0n,
        },
      );
      return {
        currency: brand.currency,
        scale,
        totals: totals(all, scale),
        byDay: days.map((d) => ({ day: d.day, ...totals(d, scale) })),
        byCategory: categories.map((c) => ({ category: c.category, ...totals(c, scale) })),
      };
    },
  };
}

export type BetRecordService = ReturnType<typeof createBetRecordService>;
