import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSubscriber, RewardEvent } from '../rewards/reward-events.types';
import type { BonusLifecycle, MemberMoney } from './bonus-lifecycle';
import { addWagers, findCountedRounds, findMembersWithActiveBonus, lockMembersOpenBonuses, lockOpenBonuses, readSettings, type BonusRow } from './bonus.repository';

type Db = Kysely<Database>;

/** The game category of a vendor (the catalogue's), or undefined for one it does not know. */
export type CategoryOf = (vassalage: string, trx: Db) => Promise<string | undefined>;

/** A settled stake's weighted part: turnover × percent / 100, rounded down. */
export function weightedStake(turnover: bigint, percent: number): bigint {
  return (turnover * BigInt(percent)) / 100n;
}

type Round = { roundId: string; vassalage: string; currency: string; turnover: bigint };

function roundOf(event: RewardEvent): Round {
  const data = event.data as { roundId: string; vassalage: string; currency: string; bet: string; refund: string };
  return { roundId: String(data.roundId), vassalage: data.vassalage, currency: data.currency, turnover: BigInt(data.bet) - BigInt(data.refund) };
}

/**
 * The wagering consumer: every settled round of a player with an active bonus counts its stake
 * (bet less refunds, from the round's record, never a vendor's claim) times its category's share;
 * the round that meets the requirement converts the bonus in the same transaction. Applied once
 * per event by the event stream; a round also counts at most once per bonus (bonus_wagers).
 *
 * A batch is applied set-based: the money accounts of all its bonus players are locked at once in
 * id order, then their bonus rows (the bonus module's lock order, for many members at once); each
 * player's rounds are counted in stream order in memory and written in two statements. A conversion
 * ends that counting: the player's rounds after it count towards the next bonus, if one starts.
 */
export function createWageringConsumer(deps: { lifecycle: BonusLifecycle; categoryOf: CategoryOf; now?: () => Date }): EventSubscriber {
  const { lifecycle, now = () => new Date() } = deps;

  /**
   * Count a player's rounds towards their active bonus, in order, up to the one that meets the
   * requirement (which converts it); the rounds left over, to count towards the next one.
   */
  async function countRounds(
    trx: Db,
    active: BonusRow,
    rounds: Round[],
    money: MemberMoney,
    categoryOf: (r: Round) => string | null,
    contributions: Record<string, number>,
  ): Promise<Round[]> {
    const counted = await findCountedRounds(trx, String(active.id), rounds.map((r) => r.roundId));
    const requirement = BigInt(active.requirement);
    let wagered = BigInt(active.wagered);
    const rows: Parameters<typeof addWagers>[2] = [];
    let converting = false;
    let taken = 0;
    for (const r of rounds) {
      taken++;
      if (counted.has(r.roundId)) continue;
      counted.add(r.roundId);
      const category = categoryOf(r);
      const percent = category ? Math.max(0, Math.min(100, Math.trunc(contributions[category] ?? 0))) : 0;
      const weighted = weightedStake(r.turnover, percent);
      rows.push({ round_id: r.roundId, vassalage: r.vassalage, category, turnover: r.turnover.toString(), contribution_pct: percent, counted: weighted.toString() });
      wagered += weighted;
      if (wagered >= requirement) {
        converting = true;
        break;
      }
    }
    if (rows.length > 0) wagered = await addWagers(trx, String(active.id), rows);
    if (converting && wagered >= requirement) {
      const at = now();
      await lifecycle.end(trx, active, money, 'converted', null, null, at);
      await lifecycle.activateNext(trx, String(active.member_id), money, at);
    }
    return rounds.slice(taken);
  }

  return {
    name: 'bonus-wagering',
    kinds: ['round_settled'],
    // A batch is a few statements per bonus player, whatever its number of rounds, so its locks are short.
    batchSize: 500,
    async handle(trx, events) {
      const withBonus = await findMembersWithActiveBonus(trx, [...new Set(events.map((e) => e.memberId))]);
      if (withBonus.size === 0) return;
      const { contributions } = await readSettings(trx);
      const byMember = new Map<string, Round[]>();
      for (const e of events) {
        if (!withBonus.has(e.memberId)) continue;
        const list = byMember.get(e.memberId) ?? [];
        list.push(roundOf(e));
        byMember.set(e.memberId, list);
      }
      const memberIds = [...byMember.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      // The bonus module's lock order: money accounts first (all of the batch's, in id order), then bonus rows.
      const moneys = await lifecycle.lockMembersMoney(trx, memberIds.map((memberId) => ({ memberId, currency: byMember.get(memberId)![0]!.currency })));
      const open = await lockMembersOpenBonuses(trx, memberIds);
      // Each vendor's category read once per batch.
      const categories = new Map<string, string | null>();
      for (const vassalage of new Set([...byMember.values()].flat().map((r) => r.vassalage))) categories.set(vassalage, (await deps.categoryOf(vassalage, trx)) ?? null);
      const categoryOf = (r: Round) => categories.get(r.vassalage) ?? null;
      for (const memberId of memberIds) {
        let active = open.find((b) => String(b.member_id) === memberId && b.status === 'active');
        let rest = byMember.get(memberId)!;
        while (active && rest.length > 0) {
          rest = await countRounds(trx, active, rest, moneys.get(memberId)!, categoryOf, contributions);
          // A conversion activated the next bonus, if one was queued: the rounds after it count towards that one.
          if (rest.length > 0) active = (await lockOpenBonuses(trx, memberId)).find((b) => b.status === 'active');
        }
      }
    },
  };
}
