import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSubscriber, RewardEvent } from '../rewards/reward-events.types';
import type { BonusLifecycle } from './bonus-lifecycle';
import { addWager, findMembersWithActiveBonus, lockOpenBonuses, readSettings } from './bonus.repository';

type Db = Kysely<Database>;

/** The game category of a vendor (the catalogue's), or undefined for one it does not know. */
export type CategoryOf = (vassalage: string, trx: Db) => Promise<string | undefined>;

/** A settled stake's weighted part: turnover × percent / 100, rounded down. */
export function weightedStake(turnover: bigint, percent: number): bigint {
  return (turnover * BigInt(percent)) / 100n;
}

/**
 * The wagering consumer: every settled round of a player with an active bonus counts its stake
 * (bet less refunds, from the round's record, never a vendor's claim) times its category's share;
 * the round that meets the requirement converts the bonus in the same transaction. Applied once
 * per event by the event stream; a round also counts at most once per bonus (bonus_wagers).
 */
export function createWageringConsumer(deps: { lifecycle: BonusLifecycle; categoryOf: CategoryOf; now?: () => Date }): EventSubscriber {
  const { lifecycle, categoryOf } = deps;
  const now = deps.now ?? (() => new Date());

  async function countRound(trx: Db, event: RewardEvent, contributions: Record<string, number>): Promise<void> {
    const data = event.data as { roundId: string; vassalage: string; currency: string; bet: string; refund: string };
    const money = await lifecycle.lockMemberMoney(trx, event.memberId, data.currency);
    const active = (await lockOpenBonuses(trx, event.memberId)).find((b) => b.status === 'active');
    if (!active) return;
    const turnover = BigInt(data.bet) - BigInt(data.refund);
    const category = (await categoryOf(data.vassalage, trx)) ?? null;
    const percent = category ? Math.max(0, Math.min(100, Math.trunc(contributions[category] ?? 0))) : 0;
    const counted = weightedStake(turnover, percent);
    const wagered = await addWager(trx, {
      bonus_id: String(active.id),
      round_id: data.roundId,
      vassalage: data.vassalage,
      category,
      turnover: turnover.toString(),
      contribution_pct: percent,
      counted: counted.toString(),
    });
    if (wagered === undefined || wagered < BigInt(active.requirement)) return;
    const at = now();
    await lifecycle.end(trx, active, money, 'converted', null, null, at);
    await lifecycle.activateNext(trx, event.memberId, money, at);
  }

  return {
    name: 'bonus-wagering',
    kinds: ['round_settled'],
    // Each bonus player's accounts stay locked until the batch commits: keep batches short.
    batchSize: 100,
    async handle(trx, events) {
      const withBonus = await findMembersWithActiveBonus(trx, [...new Set(events.map((e) => e.memberId))]);
      if (withBonus.size === 0) return;
      const { contributions } = await readSettings(trx);
      for (const event of events) {
        if (withBonus.has(event.memberId)) await countRound(trx, event, contributions);
      }
    },
  };
}
