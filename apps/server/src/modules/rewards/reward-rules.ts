import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { jurisdictionRefusals, type JurisdictionProfile } from '@wps/shared/rewards-jurisdiction';
import { periodKey } from '@wps/shared/reward-periods';
import {
  ruleInputSchema,
  type DryRunResult,
  type Rule,
  type RuleInput,
  type RuleInputParsed,
  usesDepositCondition,
} from '@wps/shared/schemas/rewards';
import type { LicenceRule } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { RewardEventStream } from './reward-events';
import type { RewardEventKind } from './reward-events.types';
import {
  findRule,
  findRules,
  insertRule,
  lockRule,
  readTimeZone,
  setRuleStatus,
  updateRule,
  type RuleRow,
} from './reward-rules.repository';
import { TotalsBook, toLiveRule, type RuleFactSources } from './rules-consumer';
import { evaluateRule, eventTotals, type LiveRule } from './rule-evaluation';

type Db = Kysely<Database>;

/** How many events one dry run reads at most (the figures then say they cover the first ones). */
const DRY_RUN_MAX_EVENTS = 200_000;
const DRY_RUN_PAGE = 5_000;

export function toRuleView(row: RuleRow): Rule {
  const live = toLiveRule(row);
  return {
    id: String(row.id),
    name: row.name,
    promotionId: row.promotionId === null ? null : String(row.promotionId),
    status: row.status as Rule['status'],
    trigger: row.trigger as Rule['trigger'],
    conditions: live.conditions,
    reward: live.reward,
    delivery: row.delivery as Rule['delivery'],
    startsAt: row.startsAt ? new Date(row.startsAt).toISOString() : null,
    endsAt: row.endsAt ? new Date(row.endsAt).toISOString() : null,
    perPlayerCap: row.perPlayerCap,
    capPeriod: row.capPeriod as Rule['capPeriod'],
    totalCapCount: row.totalCapCount,
    totalCapAmount: row.totalCapAmount === null ? null : String(row.totalCapAmount),
    grantedCount: row.grantedCount,
    grantedAmount: String(row.grantedAmount),
    version: row.version,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function refusalsOf(profile: JurisdictionProfile, r: RuleInputParsed) {
  return jurisdictionRefusals(profile, {
    rewardKind: r.reward.kind,
    trigger: r.trigger,
    usesDepositCondition: usesDepositCondition(r.conditions),
  });
}

function assertAllowed(profile: JurisdictionProfile, r: RuleInputParsed): void {
  const reasons = refusalsOf(profile, r);
  if (reasons.length)
    throw new AppError(
      ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION,
      `The ${profile} jurisdiction profile forbids this rule`,
      { reasons, profile },
    );
}

/** The licence rule each refusal of a rule breaks (a key of LicenceRules). */
const LICENCE_RULE_OF: Record<ReturnType<typeof jurisdictionRefusals>[number], LicenceRule> = {
  REWARD_KIND_FORBIDDEN: 'forbiddenRewardKinds',
  TRIGGER_FORBIDDEN: 'forbiddenRewardTriggers',
  DEPOSIT_CONDITION_FORBIDDEN: 'depositConditions',
  SIGN_UP_BONUS_FORBIDDEN: 'signUpBonus',
  LEVEL_CHANGE_MONEY_FORBIDDEN: 'moneyOnLevelChange',
};

/**
 * The live rules a profile would forbid: a switch of licence to it is refused while they are live
 * (the licence module asks, in the switch's transaction; the ops console's licence:set too).
 */
export async function rewardRuleLicenceBlockers(trx: Db, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
  const blockers: LicenceBlocker[] = [];
  for (const r of await findRules(trx)) {
    if (r.status !== 'live') continue;
    const [refusal] = refusalsOf(to, ruleInputSchema.parse(toRuleView(r)));
    if (refusal)
      blockers.push({ kind: 'reward_rule', id: String(r.id), label: r.name, rule: LICENCE_RULE_OF[refusal] });
  }
  return blockers;
}

/** Rules as other modules read them (the promo module's links to its promotions), all or those named, in the caller's transaction. */
export async function rewardRuleViews(trx: Db, ids?: readonly string[]): Promise<Rule[]> {
  const rows = await findRules(trx);
  return (ids ? rows.filter((r) => ids.includes(String(r.id))) : rows).map(toRuleView);
}

/**
 * The live rules giving a raffle's tickets that a profile forbids (a deposit trigger or condition):
 * that raffle's entry is conditioned on a deposit, and the promo module lists it beside the rule.
 */
export async function raffleTicketRuleBreaches(
  trx: Db,
  to: JurisdictionProfile,
): Promise<{ raffleId: string; rule: LicenceRule }[]> {
  const out: { raffleId: string; rule: LicenceRule }[] = [];
  for (const r of await findRules(trx)) {
    if (r.status !== 'live') continue;
    const parsed = ruleInputSchema.parse(toRuleView(r));
    const raffleId = parsed.reward.params['raffleId'];
    if (parsed.reward.kind !== 'raffle_ticket' || raffleId === undefined) continue;
    const [refusal] = refusalsOf(to, parsed);
    if (refusal) out.push({ raffleId: String(raffleId), rule: LICENCE_RULE_OF[refusal] });
  }
  return out;
}

/** The operator's rules: written in the back office (audited), checked against the jurisdiction profile on every save and status change. */
export function createRewardRules(ctx: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  events: Pick<RewardEventStream, 'history'>;
  facts: RuleFactSources;
  hasSink: (kind: string) => boolean;
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
}) {
  const { db, audit } = ctx;

  function assertPayable(r: RuleInputParsed): void {
    if (!ctx.hasSink(r.reward.kind)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, `No payer for ${r.reward.kind} rewards is installed`, {
        fields: { 'reward.kind': 'unavailable' },
      });
    }
  }

  return {
    list: async (): Promise<Rule[]> => (await findRules(db)).map(toRuleView),

    async get(id: string): Promise<Rule> {
      const row = await findRule(db, id);
      if (!row) throw new AppError(ErrorCode.REWARD_RULE_NOT_FOUND, 'No such rule');
      return toRuleView(row);
    },

    async create(operatorId: string, input: RuleInput): Promise<Rule> {
      const parsed = ruleInputSchema.parse(input);
      return runInTransaction(db, async (trx) => {
        assertAllowed(await ctx.licenceProfile(trx), parsed);
        assertPayable(parsed);
        const row = await insertRule(trx, parsed, operatorId);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'reward_rule.create',
          subjectType: 'reward_rule',
          subjectId: String(row.id),
          reason: null,
          before: null,
          after: toRuleView(row),
        });
        return toRuleView(row);
      });
    },

    /** A draft or paused rule changes; a live one is paused first, so what it paid stays explained by one version. */
    async update(operatorId: string, id: string, version: number, input: RuleInput): Promise<Rule> {
      const parsed = ruleInputSchema.parse(input);
      return runInTransaction(db, async (trx) => {
        const before = await lockRule(trx, id);
        if (!before) throw new AppError(ErrorCode.REWARD_RULE_NOT_FOUND, 'No such rule');
        if (before.version !== version)
          throw new AppError(ErrorCode.SETTING_CHANGED, 'The rule changed since it was loaded');
        if (before.status !== 'draft' && before.status !== 'paused')
          throw new AppError(ErrorCode.REWARD_RULE_NOT_EDITABLE, 'Pause the rule before changing it', {
            status: before.status,
          });
        assertAllowed(await ctx.licenceProfile(trx), parsed);
        assertPayable(parsed);
        const row = await updateRule(trx, id, parsed);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'reward_rule.update',
          subjectType: 'reward_rule',
          subjectId: id,
          reason: null,
          before: toRuleView(before),
          after: toRuleView(row),
        });
        return toRuleView(row);
      });
    },

    /** draft|paused → live, live → paused, anything but ended → ended. Going live checks the profile again. */
    async setStatus(
      operatorId: string,
      id: string,
      status: 'live' | 'paused' | 'ended',
      version: number,
    ): Promise<Rule> {
      return runInTransaction(db, async (trx) => {
        const before = await lockRule(trx, id);
        if (!before) throw new AppError(ErrorCode.REWARD_RULE_NOT_FOUND, 'No such rule');
        if (before.version !== version)
          throw new AppError(ErrorCode.SETTING_CHANGED, 'The rule changed since it was loaded');
        const allowed =
          (status === 'live' && (before.status === 'draft' || before.status === 'paused')) ||
          (status === 'paused' && before.status === 'live') ||
          (status === 'ended' && before.status !== 'ended');
        if (!allowed)
          throw new AppError(ErrorCode.REWARD_RULE_STATUS_INVALID, `A ${before.status} rule cannot become ${status}`, {
            status: before.status,
          });
        if (status === 'live') assertAllowed(await ctx.licenceProfile(trx), ruleInputSchema.parse(toRuleView(before)));
        const row = await setRuleStatus(trx, id, status);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: `reward_rule.${status}`,
          subjectType: 'reward_rule',
          subjectId: id,
          reason: null,
          before: { status: before.status },
          after: { status },
        });
        return toRuleView(row);
      });
    },

    /**
     * The live rules a profile would forbid: a switch of licence to it is refused while they are
     * live (the licence module asks, in the switch's transaction).
     */
    licenceBlockers: rewardRuleLicenceBlockers,

    /** The licence's profile the rules are checked against (changed on the licence screen, not here). */
    getJurisdiction: () => ctx.licenceProfile(db),

    /**
     * Replay a rule, saved or not, over the events of a window of history, with nothing written:
     * the totals are rebuilt from the window's own deposits and rounds (a period that began before
     * the window counts only from its start), caps are counted in memory, and VIP levels and
     * promotion joins are today's. It shows what the rule would have paid.
     */
    async dryRun(input: RuleInput, from: Date, until: Date): Promise<DryRunResult> {
      const parsed = ruleInputSchema.parse(input);
      const rule: LiveRule = {
        id: 'dry-run',
        trigger: parsed.trigger,
        conditions: parsed.conditions,
        reward: parsed.reward,
        startsAt: parsed.startsAt ? new Date(parsed.startsAt) : null,
        endsAt: parsed.endsAt ? new Date(parsed.endsAt) : null,
      };
      const timeZone = await readTimeZone(db);
      const kinds = [...new Set<RewardEventKind>([parsed.trigger, 'deposit_credited', 'round_settled'])];
      const book = new TotalsBook();
      const perPlayer = new Map<string, number>();
      const players = new Set<string>();
      const categories = await ctx.facts.vendorCategories();
      const sample: DryRunResult['sample'] = [];
      let scanned = 0,
        grants = 0,
        cappedOut = 0,
        amount = 0n,
        afterId = '0',
        truncated = false;
      let registered = new Map<string, Date>();
      let levels = new Map<string, number>();
      for (;;) {
        const page = await ctx.events.history(kinds, from, until, afterId, DRY_RUN_PAGE);
        if (!page.length) break;
        const ids = [...new Set(page.map((e) => e.memberId))];
        if (parsed.conditions.registeredFrom || parsed.conditions.registeredUntil)
          registered = await ctx.facts.registeredAt(ids, db);
        if (
          (parsed.conditions.vipLevelMin !== undefined || parsed.conditions.vipLevelMax !== undefined) &&
          ctx.facts.vipLevels
        )
          levels = await ctx.facts.vipLevels(ids, db);
        for (const e of page) {
          scanned++;
          const v = e.kind === 'round_settled' ? String(e.data['vassalage'] ?? '') : '';
          const category = v ? categories.get(v) : undefined;
          for (const t of eventTotals(e, category, timeZone)) book.add(e.memberId, t.metric, t.day, t.amount);
          if (e.kind !== parsed.trigger) continue;
          const joined =
            parsed.conditions.joinedPromotion && parsed.promotionId && ctx.facts.joinedPromotion
              ? await ctx.facts.joinedPromotion(parsed.promotionId, e.memberId, e.occurredAt, db)
              : false;
          const verdict = evaluateRule(
            rule,
            e,
            {
              category,
              vipLevel: levels.get(e.memberId),
              registeredAt: registered.get(e.memberId) ?? null,
              joinedPromotion: joined,
              total: (m, f, t) => book.total(e.memberId, m, f, t),
            },
            timeZone,
          );
          if (!verdict.ok) continue;
          const slot = `${e.memberId}|${periodKey(e.occurredAt, parsed.capPeriod === 'none' ? 'none' : parsed.capPeriod, timeZone)}`;
          const overPlayer = parsed.perPlayerCap !== null && (perPlayer.get(slot) ?? 0) >= parsed.perPlayerCap;
          const overTotal =
            (parsed.totalCapCount !== null && grants >= parsed.totalCapCount) ||
            (parsed.totalCapAmount !== null && amount + verdict.amount > BigInt(parsed.totalCapAmount));
          if (overPlayer || overTotal) {
            cappedOut++;
            continue;
          }
          perPlayer.set(slot, (perPlayer.get(slot) ?? 0) + 1);
          grants++;
          amount += verdict.amount;
          players.add(e.memberId);
          if (sample.length < 20)
            sample.push({
              memberId: e.memberId,
              eventId: e.id,
              occurredAt: e.occurredAt.toISOString(),
              amount: verdict.amount.toString(),
            });
        }
        afterId = page[page.length - 1]!.id;
        if (scanned >= DRY_RUN_MAX_EVENTS) {
          truncated = true;
          break;
        }
      }
      return {
        eventsScanned: scanned,
        truncated,
        grants,
        players: players.size,
        amount: amount.toString(),
        kind: parsed.reward.kind,
        cappedOut,
        sample,
      };
    },
  };
}

export type RewardRules = ReturnType<typeof createRewardRules>;
