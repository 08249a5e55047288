import type { RewardEvent } from '../rewards/reward-events.types';
import { lockPointsAccounts } from './loyalty-batch.repository';
import type { LoyaltyContext } from './loyalty.types';
import { createPointsOps } from './points-ops';
import { createPointsService } from './points.service';
import { createVipCache } from './vip-cache';
import { createVipService } from './vip.service';

/** The consumer's name: its place in the event stream is stored under it. */
export const LOYALTY_CONSUMER = 'loyalty';

function minor(value: unknown): bigint {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;
}

/**
 * Loyalty: points (a ledger of their own, earned from play and from grants, spent in the mall or
 * converted to cash) and VIP levels (from the rolling window of turnover and deposits). It
 * listens to the player event stream (settled rounds and credited deposits) as one consumer,
 * pays the rewards engine's 'points' grants, and gives VIP bonuses as grants.
 */
export function createLoyaltyService(ctx: LoyaltyContext) {
  const points = createPointsService(ctx);
  // What member info and the VIP page read on every navigation, in memory (vip-cache.ts).
  const vipCache = createVipCache(ctx);
  const vip = createVipService(ctx, vipCache);
  const ops = createPointsOps(ctx, vipCache);

  ctx.rewards.registerSink({ kind: 'points', pay: (trx, grant) => points.payGrant(trx, grant) });

  // What the consumer reads of other modules, loaded before its transaction: on PGlite, with its one
  // connection, a read of their in-memory copies going cold inside `handle` would wait for it.
  let categories = new Map<string, string>();
  let scale = 2;
  ctx.events.subscribe({
    name: LOYALTY_CONSUMER,
    kinds: ['round_settled', 'deposit_credited'],
    async beforeBatch() {
      [categories, scale] = await Promise.all([
        ctx.catalogue.vendorCategories(),
        ctx.system.getBrand().then((b) => b.currencyScale),
      ]);
    },
    // Set-based: the batch's rows are read and written a few statements at a time, not per event.
    // Larger batches than the stream's default, as each costs a handful of statements.
    batchSize: 1000,
    async handle(trx, events: RewardEvent[]) {
      const rounds: Parameters<typeof points.earnFromRounds>[1] = [];
      const activity: { memberId: string; at: Date; turnoverMinor: bigint; depositMinor: bigint }[] = [];
      for (const e of events) {
        if (e.kind === 'round_settled') {
          const turnover = minor(e.data.bet) - minor(e.data.refund);
          rounds.push({
            eventId: e.id,
            memberId: e.memberId,
            turnoverMinor: turnover,
            category: categories.get(String(e.data.vassalage)),
            roundId: String(e.data.roundId),
          });
          activity.push({ memberId: e.memberId, at: e.occurredAt, turnoverMinor: turnover, depositMinor: 0n });
        } else if (e.kind === 'deposit_credited') {
          activity.push({
            memberId: e.memberId,
            at: e.occurredAt,
            turnoverMinor: 0n,
            depositMinor: minor(e.data.amount),
          });
        }
      }
      // The module's lock order begins with the points rows: every active member's, in id order, first.
      await lockPointsAccounts(
        trx,
        activity.filter((a) => a.turnoverMinor > 0n || a.depositMinor > 0n).map((a) => a.memberId),
      );
      // Points at the level the member had when the batch began, before its rounds count towards the next one.
      await points.earnFromRounds(trx, rounds, scale);
      await vip.applyActivity(trx, activity);
    },
  });

  return { points, vip, ops };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
