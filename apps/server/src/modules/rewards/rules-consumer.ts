import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { jurisdictionRefusals, type JurisdictionProfile } from '@wps/shared/rewards-jurisdiction';
import { periodKey } from '@wps/shared/reward-periods';
import { ruleConditionsSchema, ruleRewardSchema, usesDepositCondition } from '@wps/shared/schemas/rewards';
import type { Database } from '../../db/schema';
import type { EventSubscriber, RewardEvent } from './reward-events.types';
import type { RewardGrants } from './reward-grants';
import type { RewardKind } from './reward-grants.types';
import {
  addRuleTotals,
  addSlotUse,
  addTotals,
  findLiveRules,
  findSlotUse,
  findTotals,
  lockRuleTotals,
  readTimeZone,
  type RuleRow,
  type SlotUse,
  type TotalDelta,
} from './reward-rules.repository';
import { compareIds } from '../../db/ids';
import {
  evaluateRule,
  eventTotals,
  METRIC_DEPOSIT,
  METRIC_TURNOVER,
  type LiveRule,
  type PlayerFacts,
} from './rule-evaluation';
import { REWARD_EVENT_KINDS } from './reward-events.types';

type Db = Kysely<Database>;

/** What the rules need from other modules, asked in the consumer's transaction. */
export type RuleFactSources = {
  /** Every vendor's game category (the catalogue's in-memory copy); read outside any transaction. */
  vendorCategories: () => Promise<Map<string, string>>;
  registeredAt: (memberIds: string[], trx: Db) => Promise<Map<string, Date>>;
  /** The players' VIP rank levels; absent until the VIP levels exist (everyone is level 0). */
  vipLevels?: ((memberIds: string[], trx: Db) => Promise<Map<string, number>>) | undefined;
  /** Whether a player joined a promotion in its period containing `at`; absent: nobody has. */
  joinedPromotion?: ((promotionId: string, memberId: string, at: Date, trx: Db) => Promise<boolean>) | undefined;
};

export function toLiveRule(row: RuleRow): LiveRule {
  return {
    id: String(row.id),
    trigger: row.trigger,
    conditions: ruleConditionsSchema.parse(row.conditions),
    reward: ruleRewardSchema.parse(row.reward),
    startsAt: row.startsAt ? new Date(row.startsAt) : null,
    endsAt: row.endsAt ? new Date(row.endsAt) : null,
  };
}

/** A player's daily totals in memory: those stored before a batch plus the batch's events so far. */
export class TotalsBook {
  /** member|metric → day → amount */
  private readonly byKey = new Map<string, Map<string, bigint>>();
  add(memberId: string, metric: string, day: string, amount: bigint): void {
    const k = `${memberId}|${metric}`;
    let days = this.byKey.get(k);
    if (!days) this.byKey.set(k, (days = new Map()));
    days.set(day, (days.get(day) ?? 0n) + amount);
  }
  /** Sum over local days [from, to] (YYYY-MM-DD sorts as dates). */
  total(memberId: string, metric: string, from: string, to: string): bigint {
    let sum = 0n;
    for (const [day, v] of this.byKey.get(`${memberId}|${metric}`) ?? []) if (day >= from && day <= to) sum += v;
    return sum;
  }
}

/**
 * The rules consumer: for each event, in stream order, the daily totals first (so "deposits this
 * week" includes this deposit), then every live rule of the event's kind; a rule that holds and
 * whose caps allow issues a grant keyed by rule and event, so a replayed event pays nothing twice.
 * Rules the operator's jurisdiction profile forbids are skipped.
 */
export function createRulesConsumer(ctx: {
  grants: RewardGrants;
  facts: RuleFactSources;
  log: Pick<Logger, 'warn'>;
  licenceProfile: (db: Kysely<Database>) => Promise<JurisdictionProfile>;
}): EventSubscriber {
  const { grants, facts } = ctx;
  let categories = new Map<string, string>();
  return {
    name: 'rules',
    kinds: REWARD_EVENT_KINDS,
    async beforeBatch() {
      categories = await facts.vendorCategories();
    },
    // The batch's grants are queued; paid here, each in its own short transaction.
    async afterBatch() {
      await grants.payQueued();
    },
    async handle(trx, events) {
      const timeZone = await readTimeZone(trx);
      const categoryOf = (e: RewardEvent) =>
        e.kind === 'round_settled' ? categories.get(String(e.data['vassalage'] ?? '')) : undefined;

      // The batch's additions to the daily totals, written in one statement.
      const deltas: TotalDelta[] = [];
      for (const e of events)
        for (const t of eventTotals(e, categoryOf(e), timeZone)) deltas.push({ memberId: e.memberId, ...t });

      const rows = await findLiveRules(trx, [...new Set(events.map((e) => e.kind))]);
      if (rows.length === 0) {
        await addTotals(trx, mergeDeltas(deltas));
        return;
      }
      const profile = await ctx.licenceProfile(trx);
      const rules = rows
        .filter((r) => {
          const rule = toLiveRule(r);
          return (
            jurisdictionRefusals(profile, {
              rewardKind: rule.reward.kind,
              trigger: rule.trigger,
              usesDepositCondition: usesDepositCondition(rule.conditions),
            }).length === 0
          );
        })
        .map((r) => ({ row: r, rule: toLiveRule(r) }));

      const memberIds = [...new Set(events.map((e) => e.memberId))];
      const book = new TotalsBook();
      const needsTotals = rules.some(({ rule }) => rule.conditions.depositInPeriod || rule.conditions.turnoverInPeriod);
      if (needsTotals) {
        const earliest = new Date(Math.min(...events.map((e) => e.occurredAt.getTime())) - 31 * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const metrics = [
          METRIC_DEPOSIT,
          METRIC_TURNOVER,
          ...[...new Set([...categories.values()].filter(Boolean))].map((c) => `${METRIC_TURNOVER}:${c}`),
        ];
        const extra = rules
          .map(({ rule }) => rule.conditions.turnoverInPeriod?.category)
          .filter((c): c is NonNullable<typeof c> => Boolean(c))
          .map((c) => `${METRIC_TURNOVER}:${c}`);
        for (const t of await findTotals(trx, memberIds, [...new Set([...metrics, ...extra])], earliest))
          book.add(t.memberId, t.metric, t.day, t.amount);
      }
      const registered = rules.some(({ rule }) => rule.conditions.registeredFrom || rule.conditions.registeredUntil)
        ? await facts.registeredAt(memberIds, trx)
        : new Map<string, Date>();
      const levels =
        rules.some(
          ({ rule }) => rule.conditions.vipLevelMin !== undefined || rule.conditions.vipLevelMax !== undefined,
        ) && facts.vipLevels
          ? await facts.vipLevels(memberIds, trx)
          : new Map<string, number>();

      // Grants already made for this batch's (rule, event) pairs: only a replayed stream has any.
      const candidateKeys = events.flatMap((e) =>
        rules.filter(({ rule }) => rule.trigger === e.kind).map(({ rule }) => `rule:${rule.id}:${e.id}`),
      );
      const granted = await grants.existingKeys(trx, candidateKeys);

      // Every rule against every event in memory, in stream order: the grants the batch would make before caps.
      const held: Held[] = [];
      for (const e of events) {
        const category = categoryOf(e);
        for (const t of eventTotals(e, category, timeZone)) book.add(e.memberId, t.metric, t.day, t.amount);
        for (const { row, rule } of rules) {
          if (rule.trigger !== e.kind) continue;
          const joined =
            rule.conditions.joinedPromotion && row.promotionId && facts.joinedPromotion
              ? await facts.joinedPromotion(String(row.promotionId), e.memberId, e.occurredAt, trx)
              : false;
          const playerFacts: PlayerFacts = {
            category,
            vipLevel: levels.get(e.memberId),
            registeredAt: registered.get(e.memberId) ?? null,
            joinedPromotion: joined,
            total: (metric, from, to) => book.total(e.memberId, metric, from, to),
          };
          const verdict = evaluateRule(rule, e, playerFacts, timeZone);
          if (!verdict.ok) continue;
          const key = `rule:${rule.id}:${e.id}`;
          // Replayed: already granted, and its cap slots already taken.
          if (granted.has(key)) continue;
          const slot = row.perPlayerCap
            ? {
                ruleId: rule.id,
                memberId: e.memberId,
                periodKey: periodKey(e.occurredAt, periodOf(row.capPeriod), timeZone),
              }
            : undefined;
          held.push({ e, row, rule, amount: verdict.amount, key, slot });
        }
      }

      for (const h of await takeCaps(trx, held)) {
        const { e, row, rule, key } = h;
        const claimDays = Number(rule.reward.params['claimDays'] ?? 7);
        await grants.issue(trx, {
          memberId: e.memberId,
          kind: rule.reward.kind as RewardKind,
          amount: h.amount,
          source: 'rule',
          sourceRef: rule.id,
          key,
          params: {
            ...rule.reward.params,
            ...(row.promotionId ? { promotionId: String(row.promotionId) } : {}),
            eventId: e.id,
          },
          delivery: row.delivery === 'claim' ? 'claim' : 'queue',
          title: { PT: row.name, EN: row.name },
          ...(row.delivery === 'claim'
            ? { claimUntil: new Date(e.occurredAt.getTime() + claimDays * 86_400_000) }
            : {}),
        });
      }
      await addTotals(trx, mergeDeltas(deltas));
    },
  };
}

/** A grant a batch would make, before its rule's caps. */
type Held = {
  e: RewardEvent;
  row: RuleRow;
  rule: LiveRule;
  amount: bigint;
  key: string;
  slot: { ruleId: string; memberId: string; periodKey: string } | undefined;
};

/**
 * The caps of a batch's grants, decided in memory in stream order as one grant at a time would:
 * a grant takes its player's slot for the period (kept even when a total cap then refuses it), then
 * a place under its rule's total caps. The slots' use is read once and written once, the rules'
 * totals locked, read and written once; returns the grants that passed, in stream order.
 */
async function takeCaps(trx: Kysely<Database>, held: Held[]): Promise<Held[]> {
  if (held.length === 0) return [];
  const used = await findSlotUse(
    trx,
    held.flatMap((h) => (h.slot ? [h.slot] : [])),
  );
  const totals = await lockRuleTotals(trx, [...new Set(held.map((h) => h.rule.id))].sort(compareIds));
  const uses = new Map<string, SlotUse>();
  const added = new Map<string, { count: bigint; amount: bigint }>();
  const passed: Held[] = [];
  for (const h of held) {
    if (h.slot) {
      const k = `${h.slot.ruleId}|${h.slot.memberId}|${h.slot.periodKey}`;
      const cap = h.row.perPlayerCap!;
      const use = uses.get(k) ?? { ...h.slot, cap, grants: 0 };
      if ((used.get(k) ?? 0) + use.grants >= cap) continue;
      use.grants++;
      uses.set(k, use);
    }
    const t = totals.get(h.rule.id);
    if (!t) continue;
    const add = added.get(h.rule.id) ?? { count: 0n, amount: 0n };
    if (t.capCount !== null && t.count + add.count + 1n > t.capCount) continue;
    if (t.capAmount !== null && t.amount + add.amount + h.amount > t.capAmount) continue;
    add.count++;
    add.amount += h.amount;
    added.set(h.rule.id, add);
    passed.push(h);
  }
  await addSlotUse(trx, [...uses.values()]);
  await addRuleTotals(trx, added);
  return passed;
}

function periodOf(capPeriod: string): 'daily' | 'weekly' | 'monthly' | 'none' {
  return capPeriod === 'daily' || capPeriod === 'weekly' || capPeriod === 'monthly' ? capPeriod : 'none';
}

export function mergeDeltas(deltas: TotalDelta[]): TotalDelta[] {
  const merged = new Map<string, TotalDelta>();
  for (const d of deltas) {
    const k = `${d.memberId}|${d.metric}|${d.day}`;
    const prev = merged.get(k);
    merged.set(k, prev ? { ...prev, amount: prev.amount + d.amount } : { ...d });
  }
  return [...merged.values()];
}
