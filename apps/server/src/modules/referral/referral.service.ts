import type { Kysely } from 'kysely';
import type {
  ReferralInvitee,
  ReferralInviteeStatus,
  ReferralSettings,
  ReferralSettingsUpdate,
  ReferralSummary,
} from '@wps/shared/schemas/referral';
import type { Database } from '../../db/schema';
import { allowsDepositConditions, type JurisdictionProfile } from '@wps/shared/rewards-jurisdiction';
import { ErrorCode } from '@wps/shared/error-codes';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { maskAccount } from '../catalogue/catalogue.service';
import type { EventSubscriber, RewardEvent, RewardEventKind } from '../rewards/reward-events.types';
import type { GrantRequest, GrantStatus } from '../rewards/reward-grants.types';
import { findHoldReasons, type ReferralTraitSources } from './referral-abuse';
import {
  countReferrerInvitees,
  findReferrerInvitees,
  findReferrerRewards,
  lockInvitees,
  lockReferralSettings,
  readReferralSettings,
  saveInvitees,
  writeReferralSettings,
  type InviteeRow,
  type ReferralSettingsRow,
} from './referral.repository';

type Db = Kysely<Database>;

export type ReferralContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  grants: {
    issue(trx: Db, req: GrantRequest): Promise<{ grantId: string; status: GrantStatus; created: boolean }>;
    statuses(grantIds: string[]): Promise<Map<string, GrantStatus>>;
    payQueued(): Promise<number>;
    /** The operator's jurisdiction profile (in the given transaction). */
    jurisdiction(trx?: Db): Promise<JurisdictionProfile>;
  };
  /** The engine's event stream: a qualified referral is an event of its own. */
  events: { record(trx: Db, kind: RewardEventKind, memberId: string, data?: Record<string, unknown>): Promise<void> };
  traits: ReferralTraitSources;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  /** The member's invitation code (made on first use). */
  inviteCode: (memberId: string) => Promise<string>;
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  now?: (() => number) | undefined;
};

const DAY = 86_400_000;
/** Invitees the referrer's page lists, newest first. */
const PAGE_INVITEES = 100;
const TITLE = { PT: 'Indique e ganhe', EN: 'Refer and earn' };

function deadlineOf(row: InviteeRow, withinDays: number): Date {
  return new Date(row.registeredAt.getTime() + withinDays * DAY);
}

/**
 * Whether an invitee has qualified. Where the licence forbids rewards conditioned on a deposit
 * (BR), only the settled turnover counts: the invitee's deposits are not a condition at all.
 */
function qualifies(row: InviteeRow, s: ReferralSettingsRow, depositCondition: boolean): boolean {
  const deposited = !depositCondition || (row.firstDeposit !== null && row.firstDeposit >= s.minFirstDeposit);
  return row.qualifiedAt === null && deposited && row.turnover >= s.minTurnover;
}

/** The settings as they apply: no first-deposit minimum where the licence forbids deposit conditions. */
function settingsView(s: ReferralSettingsRow, depositCondition = true): ReferralSettings {
  return {
    enabled: s.enabled,
    minFirstDepositMinor: (depositCondition ? s.minFirstDeposit : 0n).toString(),
    minTurnoverMinor: s.minTurnover.toString(),
    withinDays: s.withinDays,
    rewardMinor: s.reward.toString(),
  };
}

/**
 * Refer and earn: each invited player's progress (its first deposit and settled turnover within the
 * operator's window after registering), counted by the module's consumer of the rewards engine's
 * events; an invitee that qualifies while the programme is on records a `referral_qualified` event
 * and rewards its referrer with a cash grant keyed `referral:<invitee>`, once, queued in the batch
 * and paid just after it. When the two accounts
 * share an address, browser, phone, bank account or payee name the grant is held for an operator
 * (the engine's held-rewards queue) with the reasons in `params.holdReason`.
 *
 * Locks, in this order: the invitee rows (by id), then the grant's row; paying a queued grant
 * afterwards takes its row, then ledger accounts by id. Only the consumer writes invitee rows.
 */
export function createReferralService(ctx: ReferralContext) {
  const { db, audit, grants } = ctx;
  const now = () => new Date((ctx.now ?? Date.now)());

  /** Apply one event to the invitee rows in memory; whether it changed one. */
  function apply(rows: Map<string, InviteeRow>, e: RewardEvent, s: ReferralSettingsRow): InviteeRow | undefined {
    if (e.kind === 'registered') {
      const referrerId = e.data['referrerId'];
      if (typeof referrerId !== 'string' || !referrerId || rows.has(e.memberId)) return undefined;
      const row: InviteeRow = {
        inviteeId: e.memberId,
        referrerId,
        registeredAt: e.occurredAt,
        firstDeposit: null,
        turnover: 0n,
        qualifiedAt: null,
        reward: null,
        grantId: null,
        holdReason: null,
      };
      rows.set(e.memberId, row);
      return row;
    }
    const row = rows.get(e.memberId);
    if (!row || row.qualifiedAt || e.occurredAt.getTime() > deadlineOf(row, s.withinDays).getTime()) return undefined;
    if (e.kind === 'deposit_credited') {
      if (row.firstDeposit !== null || String(e.data['first']) !== 'true') return undefined;
      row.firstDeposit = BigInt(String(e.data['amount'] ?? '0'));
      return row;
    }
    if (e.kind === 'round_settled') {
      const turnover = BigInt(String(e.data['bet'] ?? '0')) - BigInt(String(e.data['refund'] ?? '0'));
      if (turnover <= 0n) return undefined;
      row.turnover += turnover;
      return row;
    }
    return undefined;
  }

  /** Reward the referrers of invitees that qualified in this batch. */
  async function reward(trx: Db, qualified: { row: InviteeRow; at: Date }[], s: ReferralSettingsRow): Promise<void> {
    const reasons = await findHoldReasons(
      trx,
      ctx.traits,
      qualified.map(({ row }) => row),
    );
    for (const { row, at } of qualified) {
      const holdReason = (reasons.get(row.inviteeId) ?? []).join(',') || null;
      row.qualifiedAt = at;
      row.reward = s.reward;
      row.holdReason = holdReason;
      await ctx.events.record(trx, 'referral_qualified', row.referrerId, {
        inviteeId: row.inviteeId,
        reward: s.reward.toString(),
        held: holdReason !== null,
      });
      const grant = await grants.issue(trx, {
        memberId: row.referrerId,
        kind: 'cash',
        amount: s.reward,
        source: 'referral',
        sourceRef: row.inviteeId,
        key: `referral:${row.inviteeId}`,
        // Queued, not paid here: the batch's transaction must not hold the referrer's wallet while bets wait.
        delivery: holdReason ? 'hold' : 'queue',
        title: TITLE,
        params: { inviteeId: row.inviteeId, ...(holdReason ? { holdReason } : {}) },
      });
      row.grantId = grant.grantId;
    }
  }

  function inviteeStatus(
    row: InviteeRow,
    statuses: Map<string, GrantStatus>,
    withinDays: number,
    at: Date,
  ): ReferralInviteeStatus {
    if (row.grantId) {
      const status = statuses.get(row.grantId);
      // A queued grant is paid moments after the batch that qualified the invitee.
      return status === 'paid' || status === 'queued'
        ? 'paid'
        : status === 'rejected' || status === 'expired'
          ? 'rejected'
          : 'held';
    }
    return at.getTime() > deadlineOf(row, withinDays).getTime() ? 'missed' : 'in_progress';
  }

  return {
    /** The consumer that follows invited players (subscribed in services.ts). */
    subscriber(): EventSubscriber {
      return {
        name: 'referral-progress',
        kinds: ['registered', 'deposit_credited', 'round_settled'],
        async handle(trx, events) {
          const s = await readReferralSettings(trx);
          const depositCondition = allowsDepositConditions(await grants.jurisdiction(trx));
          const rows = await lockInvitees(
            trx,
            events.map((e) => e.memberId),
          );
          const changed = new Set<InviteeRow>();
          const qualified: { row: InviteeRow; at: Date }[] = [];
          for (const e of events) {
            const row = apply(rows, e, s);
            if (!row) continue;
            changed.add(row);
            // Qualifying while the programme is off rewards nothing, then or later.
            if (
              s.enabled &&
              s.reward > 0n &&
              qualifies(row, s, depositCondition) &&
              !qualified.some((q) => q.row === row)
            )
              qualified.push({ row, at: e.occurredAt });
          }
          if (qualified.length) await reward(trx, qualified, s);
          await saveInvitees(trx, [...changed]);
        },
        // The batch's rewards were queued; paid here, each in its own short transaction.
        async afterBatch() {
          await grants.payQueued();
        },
      };
    },

    /** Whether the programme is on (the player site's menu entry and footer block, through the permission call). */
    isEnabled: async (): Promise<boolean> => (await readReferralSettings(db)).enabled,

    /** GET /wps/referral: the member's code, the terms, the invited players and the rewards. */
    async summary(memberId: string): Promise<ReferralSummary> {
      const at = now();
      const [s, code, brand, invitees, counts, rewards, profile] = await Promise.all([
        readReferralSettings(db),
        ctx.inviteCode(memberId),
        ctx.brand(),
        findReferrerInvitees(db, memberId, PAGE_INVITEES),
        countReferrerInvitees(db, memberId),
        findReferrerRewards(db, memberId),
        grants.jurisdiction(),
      ]);
      const statuses = await grants.statuses(rewards.map((r) => r.grantId));
      const names = await ctx.accountNames(invitees.map((r) => r.inviteeId));
      const sum = (...of: GrantStatus[]) =>
        rewards.filter((r) => of.includes(statuses.get(r.grantId)!)).reduce((total, r) => total + r.reward, 0n);
      const list: ReferralInvitee[] = invitees.map((r) => ({
        account: maskAccount(names.get(r.inviteeId) ?? '?'),
        registeredAt: r.registeredAt.toISOString(),
        deadline: deadlineOf(r, s.withinDays).toISOString(),
        firstDepositMinor: r.firstDeposit === null ? null : r.firstDeposit.toString(),
        turnoverMinor: r.turnover.toString(),
        status: inviteeStatus(r, statuses, s.withinDays, at),
        rewardMinor: r.reward === null ? null : r.reward.toString(),
      }));
      const { enabled, ...terms } = settingsView(s, allowsDepositConditions(profile));
      return {
        enabled,
        code,
        currency: brand.currency,
        scale: brand.currencyScale,
        terms,
        invitees: list,
        totals: {
          invited: counts.invited,
          qualified: counts.qualified,
          paidMinor: sum('paid', 'queued').toString(),
          heldMinor: sum('held').toString(),
        },
      };
    },

    /** GET /ops/referral/settings. */
    readSettings: async (): Promise<ReferralSettings> => settingsView(await readReferralSettings(db)),

    /** PUT /ops/referral/settings (audited `referral.settings`). */
    async writeSettings(operatorId: string, input: ReferralSettingsUpdate): Promise<ReferralSettings> {
      const { reason, ...next } = input;
      const row: ReferralSettingsRow = {
        enabled: next.enabled,
        minFirstDeposit: BigInt(next.minFirstDepositMinor),
        minTurnover: BigInt(next.minTurnoverMinor),
        withinDays: next.withinDays,
        reward: BigInt(next.rewardMinor),
      };
      await runInTransaction(db, async (trx) => {
        if (row.minFirstDeposit > 0n && !allowsDepositConditions(await grants.jurisdiction(trx))) {
          throw new AppError(
            ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION,
            'The jurisdiction profile forbids a first-deposit condition',
            { reasons: ['DEPOSIT_CONDITION_FORBIDDEN'] },
          );
        }
        const before = await lockReferralSettings(trx);
        await writeReferralSettings(trx, row, operatorId);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'referral.settings',
          subjectType: 'referral',
          subjectId: 'settings',
          reason,
          before: settingsView(before),
          after: next,
        });
      });
      return settingsView(row);
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
