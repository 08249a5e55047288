import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventSubscriber, RewardEvent } from '../rewards/reward-events.types';
import type { BonusLifecycle } from './bonus-lifecycle';
import {
  addWagers,
  findCountedRounds,
  findMembersWithActiveBonus,
  lockMembersOpenBonuses,
  lockOpenBonuses,
  readSettings,
  type BonusRow,
} from './bonus.repository';
import { compareIds } from '../../db/ids';

type Db = Kysely<Database>;

/** The game category of a vendor (the catalogue's), or undefined for one it does not know. */
export type CategoryOf = (vassalage: string, trx: Db) => Promise<string | undefined>;

/** Games' own wagering weights (percent) by node id (the catalogue's), for those that have one. */
export type WeightsOf = (nodeIds: readonly string[], trx: Db) => Promise<Map<string, number>>;

/** A settled stake's weighted part: turnover × percent / 100, rounded down. */
export function weightedStake(turnover: bigint, percent: number): bigint {
  return (turnover * BigInt(percent)) / 100n;
}

type Round = { roundId: string; vassalage: string; nodeId: string; currency: string; turnover: bigint };

function roundOf(event: RewardEvent): Round {
  const data = event.data as {
    roundId: string;
    vassalage: string;
    nodeId?: string;
    currency: string;
    bet: string;
    refund: string;
  };
  return {
    roundId: String(data.roundId),
    vassalage: data.vassalage,
    nodeId: String(data.nodeId ?? ''),
    currency: data.currency,
    turnover: BigInt(data.bet) - BigInt(data.refund),
  };
}

/**
 * The wagering consumer: every settled round of a player with an active bonus counts its stake
 * (bet less refunds, from the round's record, never a vendor's claim) times its game's own weight
 * where the operator set one (the catalogue's), else its category's share;
 * the round that meets the requirement converts the bonus in the same transaction. Applied once
 * per event by the event stream; a round also counts at most once per bonus (bonus_wagers).
 *
 * A batch is applied set-based: the money accounts of all its bonus players are locked at once in
 * id order, then their bonus rows (the bonus module's lock order, for many members at once). Each
 * pass counts every player's rounds in stream order in memory, up to the round that converts
 * their bonus, and writes them in a few statements for all; a player whose conversion started a
 * queued bonus goes on with the rounds after it in the next pass.
 */
export function createWageringConsumer(deps: {
  lifecycle: BonusLifecycle;
  categoryOf: CategoryOf;
  weightsOf: WeightsOf;
  now?: () => Date;
}): EventSubscriber {
  const { lifecycle, now = () => new Date() } = deps;

  return {
    name: 'bonus-wagering',
    kinds: ['round_settled'],
    // A batch is a few statements, whatever its number of rounds and players, so its locks are short.
    batchSize: 500,
    async handle(trx, events) {
      const withBonus = await findMembersWithActiveBonus(trx, [...new Set(events.map((e) => e.memberId))]);
      if (withBonus.size === 0) return;
      const { contributions } = await readSettings(trx);
      let pending = new Map<string, Round[]>();
      for (const e of events) {
        if (!withBonus.has(e.memberId)) continue;
        const list = pending.get(e.memberId) ?? [];
        list.push(roundOf(e));
        pending.set(e.memberId, list);
      }
      const memberIds = [...pending.keys()].sort(compareIds);
      // The bonus module's lock order: money accounts first (all of the batch's, in id order), then bonus
      // rows. Rounds are in the operator's one currency, the bonuses' too.
      const moneys = await lifecycle.lockMembersMoney(trx, memberIds, pending.get(memberIds[0]!)![0]!.currency);
      const active = new Map<string, BonusRow>();
      for (const b of await lockMembersOpenBonuses(trx, memberIds))
        if (b.status === 'active') active.set(String(b.memberId), b);
      // Each vendor's category read once per batch.
      const categories = new Map<string, string | null>();
      for (const vassalage of new Set([...pending.values()].flat().map((r) => r.vassalage)))
        categories.set(vassalage, (await deps.categoryOf(vassalage, trx)) ?? null);
      const weights = await deps.weightsOf([...new Set([...pending.values()].flat().map((r) => r.nodeId))], trx);
      const share = (r: Round) => {
        const category = categories.get(r.vassalage) ?? null;
        const own = weights.get(r.nodeId);
        const percent = own ?? (category ? (contributions[category] ?? 0) : 0);
        return { category, percent: Math.max(0, Math.min(100, Math.trunc(percent))) };
      };

      while (pending.size > 0) {
        const members = [...pending.keys()].filter((m) => active.has(m)).sort(compareIds);
        const counted = await findCountedRounds(
          trx,
          members.flatMap((m) =>
            pending.get(m)!.map((r) => ({ bonusId: String(active.get(m)!.id), roundId: r.roundId })),
          ),
        );
        const rows: Parameters<typeof addWagers>[1] = [];
        const rest = new Map<string, Round[]>();
        const meeting = new Set<string>();
        for (const memberId of members) {
          const bonus = active.get(memberId)!;
          let wagered = BigInt(bonus.wagered);
          const rounds = pending.get(memberId)!;
          for (let i = 0; i < rounds.length; i++) {
            const r = rounds[i]!;
            const key = `${bonus.id}|${r.roundId}`;
            if (counted.has(key)) continue;
            counted.add(key);
            const { category, percent } = share(r);
            const weighted = weightedStake(r.turnover, percent);
            rows.push({
              bonusId: String(bonus.id),
              roundId: r.roundId,
              vassalage: r.vassalage,
              category,
              turnover: r.turnover.toString(),
              contributionPct: percent,
              counted: weighted.toString(),
            });
            wagered += weighted;
            if (wagered >= BigInt(bonus.requirement)) {
              meeting.add(memberId);
              rest.set(memberId, rounds.slice(i + 1));
              break;
            }
          }
        }
        const totals = await addWagers(trx, rows);
        pending = new Map();
        for (const memberId of meeting) {
          const bonus = active.get(memberId)!;
          const total = totals.get(String(bonus.id)) ?? 0n;
          if (total < BigInt(bonus.requirement)) {
            // Not met after all (a round had counted meanwhile): the rest still counts towards it.
            active.set(memberId, { ...bonus, wagered: total.toString() });
            pending.set(memberId, rest.get(memberId)!);
            continue;
          }
          const money = moneys.get(memberId)!;
          const at = now();
          await lifecycle.end(trx, bonus, money, 'converted', null, null, at);
          await lifecycle.activateNext(trx, memberId, money, at);
          active.delete(memberId);
          if (rest.get(memberId)!.length === 0) continue;
          // A queued bonus started: the player's rounds after the conversion count towards it.
          const next = (await lockOpenBonuses(trx, memberId)).find((b) => b.status === 'active');
          if (next) {
            active.set(memberId, next);
            pending.set(memberId, rest.get(memberId)!);
          }
        }
      }
    },
  };
}
