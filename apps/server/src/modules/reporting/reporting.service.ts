import type {
  OriginalsReport,
  Dashboard,
  GameFigures,
  PaymentsReport,
  PlayersReport,
  PnlReport,
  Queue,
  QueueCounts,
  ReportRangeQuery,
} from '@wps/shared/schemas/reporting';
import type { AppContext } from '../../app-context';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { DepositService } from '../deposit/deposit.service';
import type { SystemService } from '../system/system.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { assertWholeHourZone, daysOf, localDay } from './reporting-time';
import {
  countActivePlayers,
  sumGameByHour,
  sumPaymentsByHour,
  sumPlayersByHour,
  type GameHourRow,
  type Range,
} from './reporting.repository';

/** The category the reports give our own games, whatever the catalogue files them under. */
export const INHOUSE_CATEGORY = 'INHOUSE';

type QueueStats = { count: number; oldestAt: Date | null; overdue?: number };

export type ReportingContext = Pick<AppContext, 'db' | 'readDb'> & {
  system: Pick<SystemService, 'getBrand'>;
  catalogue: Pick<CatalogueService, 'listVendors'>;
  deposits: Pick<DepositService, 'pendingQueue' | 'listOpsChannels'>;
  withdrawal: Pick<WithdrawalService, 'queue'>;
  /** The in-house games' figures per game and day, read from their rounds by the in-house module (inhouse-report.ts). */
  inhouse: {
    originals: (q: {
      from: Date;
      to: Date;
      timeZone: string;
    }) => Promise<Pick<OriginalsReport, 'rows' | 'games' | 'totals'>>;
  };
  gateway: { transfers: { pendingQueue: () => Promise<QueueStats> } };
  /**
   * The other queues' counts, each asked of the module that keeps the queue (wired in services.ts):
   * the points mall's redemptions, the rewards held for an operator, and the set-ups (missions, mall
   * items, raffles) waiting for a second operator.
   */
  waiting: {
    redemptions: () => Promise<number>;
    heldRewards: () => Promise<number>;
    setupApprovals: () => Promise<number>;
  };
};

type GameSum = { rounds: bigint; bets: bigint; refunds: bigint; wins: bigint };
const zeroGame = (): GameSum => ({ rounds: 0n, bets: 0n, refunds: 0n, wins: 0n });

function addGame(into: GameSum, r: Pick<GameHourRow, 'rounds' | 'bets' | 'refunds' | 'wins'>): void {
  into.rounds += r.rounds;
  into.bets += r.bets;
  into.refunds += r.refunds;
  into.wins += r.wins;
}

function figures(s: GameSum): GameFigures {
  const bets = s.bets - s.refunds;
  return {
    rounds: Number(s.rounds),
    betsMinor: bets.toString(),
    winsMinor: s.wins.toString(),
    ggrMinor: (bets - s.wins).toString(),
  };
}

function queue(q: QueueStats): Queue {
  const base = { count: q.count, oldestAt: q.oldestAt ? q.oldestAt.toISOString() : null };
  return q.overdue === undefined ? base : { ...base, overdue: q.overdue };
}

/** localDay for one call: every vendor's row of an hour asks for the same day. */
function dayCutter(timeZone: string): (hour: Date) => string {
  const days = new Map<number, string>();
  return (hour) => getOrAdd(days, hour.getTime(), () => localDay(hour, timeZone));
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}

/** Dashboard and reports over the hourly aggregates; other modules' queues through their services. */
export function createReportingService(ctx: ReportingContext) {
  const { db, system, catalogue, deposits, withdrawal, gateway, waiting } = ctx;
  // The figures are hourly sums an operator reads, never a money decision: the read replica's
  // (db/read-handle.ts) while it keeps up.
  // The queues' counts are their modules' own reads, on the primary.
  const reads = () => ctx.readDb?.current() ?? db;

  async function prepare(q: Pick<ReportRangeQuery, 'from' | 'to' | 'timeZone'>) {
    const range: Range = { from: new Date(q.from), to: new Date(q.to) };
    assertWholeHourZone(range.from, range.to, q.timeZone);
    const brand = await system.getBrand();
    const head = {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      timeZone: q.timeZone,
      currency: brand.currency,
      scale: brand.currencyScale,
    };
    return { range, head, currency: brand.currency };
  }

  async function vendorInfo(): Promise<Map<string, { name: string; category: string }>> {
    const vendors = await catalogue.listVendors();
    return new Map(
      vendors.map((v) => [
        v.vassalage,
        { name: v.name, category: v.vassalage === 'inhouse' ? INHOUSE_CATEGORY : v.category },
      ]),
    );
  }

  const categoryOf = (vendors: Map<string, { category: string }>, vassalage: string) =>
    vassalage === 'inhouse' ? INHOUSE_CATEGORY : (vendors.get(vassalage)?.category ?? 'OTHER');

  return {
    /**
     * GET /ops/reports/originals: each in-house game's figures per local day, per game over the
     * range and in all (rounds, players, staked, paid, GGR, the RTP measured beside the one the
     * rounds were placed at, the biggest win).
     */
    async originals(q: ReportRangeQuery): Promise<OriginalsReport> {
      const { range, head } = await prepare(q);
      return { ...head, ...(await ctx.inhouse.originals({ ...range, timeZone: q.timeZone })) };
    },

    /** GET /ops/dashboard: money, game and player figures of [from, to) with the pending queues. */
    async dashboard(q: ReportRangeQuery): Promise<Dashboard> {
      const { range, head, currency } = await prepare(q);
      const [games, payments, players, active, vendors, depositQueue, reviewQueue, disputeQueue, transferQueue] =
        await Promise.all([
          sumGameByHour(reads(), range, currency),
          sumPaymentsByHour(reads(), range, currency),
          sumPlayersByHour(reads(), range),
          countActivePlayers(reads(), range),
          vendorInfo(),
          deposits.pendingQueue(),
          withdrawal.queue('pending'),
          withdrawal.queue('disputed'),
          gateway.transfers.pendingQueue(),
        ]);
      type Day = { deposits: bigint; withdrawals: bigint; game: GameSum; newPlayers: bigint };
      const days = new Map<string, Day>(
        daysOf(range.from, range.to, q.timeZone).map((d) => [
          d,
          { deposits: 0n, withdrawals: 0n, game: zeroGame(), newPlayers: 0n },
        ]),
      );
      const cut = dayCutter(q.timeZone);
      const dayOf = (hour: Date) =>
        getOrAdd(days, cut(hour), () => ({ deposits: 0n, withdrawals: 0n, game: zeroGame(), newPlayers: 0n }));
      const total = zeroGame();
      const byCategory = new Map<string, GameSum>();
      for (const g of games) {
        addGame(total, g);
        addGame(getOrAdd(byCategory, categoryOf(vendors, g.vassalage), zeroGame), g);
        addGame(dayOf(g.hour).game, g);
      }
      const dep = { count: 0n, amount: 0n };
      const wd = { count: 0n, amount: 0n };
      for (const p of payments) {
        const into = p.kind === 'deposit' ? dep : wd;
        into.count += p.orders;
        into.amount += p.amount;
        const day = dayOf(p.hour);
        if (p.kind === 'deposit') day.deposits += p.amount;
        else day.withdrawals += p.amount;
      }
      let newPlayers = 0n;
      let firstDeposits = 0n;
      for (const p of players) {
        newPlayers += p.registrations;
        firstDeposits += p.firstDeposits;
        dayOf(p.hour).newPlayers += p.registrations;
      }
      return {
        ...head,
        deposits: { count: Number(dep.count), amountMinor: dep.amount.toString() },
        withdrawals: { count: Number(wd.count), amountMinor: wd.amount.toString() },
        netDepositsMinor: (dep.amount - wd.amount).toString(),
        games: figures(total),
        byCategory: [...byCategory.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([category, s]) => ({ category, ...figures(s) })),
        newPlayers: Number(newPlayers),
        firstDeposits: Number(firstDeposits),
        activePlayers: active,
        days: [...days.entries()].map(([day, d]) => {
          const f = figures(d.game);
          return {
            day,
            depositsMinor: d.deposits.toString(),
            withdrawalsMinor: d.withdrawals.toString(),
            betsMinor: f.betsMinor,
            winsMinor: f.winsMinor,
            ggrMinor: f.ggrMinor,
            newPlayers: Number(d.newPlayers),
          };
        }),
        queues: {
          deposits: queue(depositQueue),
          withdrawals: queue(reviewQueue),
          disputes: queue(disputeQueue),
          vendorTransfers: queue(transferQueue),
        },
      };
    },

    /** GET /ops/queues/summary: only the queues' counts (the sidebar polls it), none of the figures. */
    async queueCounts(): Promise<QueueCounts> {
      const [depositQueue, reviewQueue, disputeQueue, transferQueue, redemptions, heldRewards, setupApprovals] =
        await Promise.all([
          deposits.pendingQueue(),
          withdrawal.queue('pending'),
          withdrawal.queue('disputed'),
          gateway.transfers.pendingQueue(),
          waiting.redemptions(),
          waiting.heldRewards(),
          waiting.setupApprovals(),
        ]);
      return {
        deposits: depositQueue.count,
        withdrawals: reviewQueue.count,
        disputes: disputeQueue.count,
        vendorTransfers: transferQueue.count,
        redemptions,
        heldRewards,
        setupApprovals,
      };
    },

    /** GET /ops/reports/pnl: game money per local day, category and vendor. */
    async pnl(q: ReportRangeQuery): Promise<PnlReport> {
      const { range, head, currency } = await prepare(q);
      const [games, vendors] = await Promise.all([sumGameByHour(reads(), range, currency), vendorInfo()]);
      const cells = new Map<string, { day: string; vassalage: string; sum: GameSum }>();
      const total = zeroGame();
      const cut = dayCutter(q.timeZone);
      for (const g of games) {
        const day = cut(g.hour);
        addGame(
          getOrAdd(cells, `${day}\u0000${g.vassalage}`, () => ({ day, vassalage: g.vassalage, sum: zeroGame() })).sum,
          g,
        );
        addGame(total, g);
      }
      const rows = [...cells.values()].map((c) => ({
        day: c.day,
        category: categoryOf(vendors, c.vassalage),
        vassalage: c.vassalage,
        vendorName: vendors.get(c.vassalage)?.name ?? c.vassalage,
        ...figures(c.sum),
      }));
      rows.sort(
        (a, b) =>
          a.day.localeCompare(b.day) || a.category.localeCompare(b.category) || a.vassalage.localeCompare(b.vassalage),
      );
      return { ...head, rows, totals: figures(total) };
    },

    /** GET /ops/reports/payments: deposits credited and withdrawals approved per local day and channel. */
    async payments(q: ReportRangeQuery): Promise<PaymentsReport> {
      const { range, head, currency } = await prepare(q);
      const [payments, channels] = await Promise.all([
        sumPaymentsByHour(reads(), range, currency),
        deposits.listOpsChannels(),
      ]);
      const channelNames = new Map(channels.map((c) => [c.id, c.name]));
      const cells = new Map<string, PaymentsReport['rows'][number] & { amount: bigint; fee: bigint }>();
      const totals = { deposit: { count: 0, amount: 0n }, withdrawal: { count: 0, amount: 0n } };
      const cut = dayCutter(q.timeZone);
      for (const p of payments) {
        const day = cut(p.hour);
        const name = p.kind === 'deposit' ? (channelNames.get(p.channel) ?? `#${p.channel}`) : p.channel;
        const cell = getOrAdd(cells, `${day}\u0000${p.kind}\u0000${p.channel}`, () => ({
          day,
          kind: p.kind,
          channel: p.channel,
          channelName: name,
          count: 0,
          amountMinor: '0',
          feeMinor: '0',
          amount: 0n,
          fee: 0n,
        }));
        cell.count += Number(p.orders);
        cell.amount += p.amount;
        cell.fee += p.fee;
        totals[p.kind].count += Number(p.orders);
        totals[p.kind].amount += p.amount;
      }
      const rows = [...cells.values()]
        .map(({ amount, fee, ...r }) => ({ ...r, amountMinor: amount.toString(), feeMinor: fee.toString() }))
        .sort(
          (a, b) =>
            a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind) || a.channelName.localeCompare(b.channelName),
        );
      return {
        ...head,
        rows,
        totals: {
          deposits: { count: totals.deposit.count, amountMinor: totals.deposit.amount.toString() },
          withdrawals: { count: totals.withdrawal.count, amountMinor: totals.withdrawal.amount.toString() },
        },
      };
    },

    /** GET /ops/reports/players: registrations and first deposits per local day. */
    async players(q: ReportRangeQuery): Promise<PlayersReport> {
      const { range, head } = await prepare(q);
      const hours = await sumPlayersByHour(reads(), range);
      const days = new Map(
        daysOf(range.from, range.to, q.timeZone).map((d) => [d, { registrations: 0n, firstDeposits: 0n, amount: 0n }]),
      );
      const total = { registrations: 0n, firstDeposits: 0n, amount: 0n };
      for (const h of hours) {
        const d = getOrAdd(days, localDay(h.hour, q.timeZone), () => ({
          registrations: 0n,
          firstDeposits: 0n,
          amount: 0n,
        }));
        for (const into of [d, total]) {
          into.registrations += h.registrations;
          into.firstDeposits += h.firstDeposits;
          into.amount += h.firstDepositAmount;
        }
      }
      return {
        ...head,
        rows: [...days.entries()].map(([day, d]) => ({
          day,
          registrations: Number(d.registrations),
          firstDeposits: Number(d.firstDeposits),
          firstDepositAmountMinor: d.amount.toString(),
        })),
        totals: {
          registrations: Number(total.registrations),
          firstDeposits: Number(total.firstDeposits),
          firstDepositAmountMinor: total.amount.toString(),
        },
      };
    },
  };
}

export type ReportingService = ReturnType<typeof createReportingService>;
