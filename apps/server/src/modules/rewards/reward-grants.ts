import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import { jurisdictionRefusals, type JurisdictionProfile } from '@wps/shared/rewards-jurisdiction';
import type { Grant, OpsGrant } from '@wps/shared/schemas/rewards';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicencePolicy } from '../licence/licence-policy';
import type { OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import { createGrantRelease, releaseFields } from './reward-grants-release';
import {
  expireDue,
  findQueuedIds,
  lockQueuedGrant,
  findGrants,
  countHeldGrants,
  holdGrant,
  findMemberGrants,
  findExistingKeys,
  findStatuses,
  insertGrant,
  lockGrant,
  markClosed,
  markPaid,
  type GrantRow,
  type OpsGrantFilter,
} from './reward-grants.repository';
import type { GrantRequest, GrantStatus, RewardGrant, RewardKind, RewardSink } from './reward-grants.types';

type Db = Kysely<Database>;

export type RewardGrantsContext = {
  db: Db;
  log: Pick<Logger, 'warn'>;
  ledger: Pick<LedgerService, 'creditPlayerFromSystem' | 'getOperatorCurrency'>;
  audit: Pick<AuditService, 'record'>;
  /** Asked when an operator releases a held grant of money (reward-grants-release.ts). */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
  /** The operator's licence profile, read in the caller's transaction (the licence module owns it). */
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
  /** The licence's door `reward.pay`, asked in the transaction that pays a grant of money. */
  licence: Pick<LicencePolicy, 'ask'>;
  /** Who gets no rewards: players in a time-out or self-exclusion (the responsible-gaming module). */
  isExcluded: (memberId: string, trx: Db) => Promise<boolean>;
};

/** The unit a grant's amount is counted in, stored as its currency: money kinds use the operator's. */
const UNIT_OF: Record<RewardKind, string | undefined> = {
  cash: undefined,
  bonus: undefined,
  points: 'PTS',
  raffle_ticket: 'TKT',
  mission_step: 'STEP',
};

export function toGrantView(row: GrantRow): Grant {
  return {
    id: String(row.id),
    kind: row.kind as Grant['kind'],
    amount: String(row.amount),
    currency: row.currency,
    source: row.source,
    status: row.status as Grant['status'],
    title: row.title,
    claimUntil: row.claimUntil ? new Date(row.claimUntil).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
    reason: row.status === 'rejected' ? row.resolveReason : null,
  };
}

/** A grant as the back office lists it: whose, from what, why it is held and whether its release waits. */
export function toOpsGrantView(row: GrantRow): OpsGrant {
  return {
    ...toGrantView(row),
    memberId: String(row.memberId),
    sourceRef: row.sourceRef,
    holdReason: row.holdReason,
    params: row.params,
    ...releaseFields(row),
  };
}

/**
 * Grants: every reward a player gets, whoever decides it, made once per key and paid by the sink
 * of its kind in the transaction that pays it. The operator's jurisdiction profile is checked on
 * every issue, so no source can give what the licence forbids.
 */
export function createRewardGrants(ctx: RewardGrantsContext) {
  const { db, ledger, audit } = ctx;
  const sinks = new Map<RewardKind, RewardSink>();

  function toRewardGrant(row: GrantRow): RewardGrant {
    return {
      grantId: String(row.id),
      memberId: String(row.memberId),
      kind: row.kind as RewardKind,
      amount: BigInt(row.amount),
      currency: row.currency,
      source: row.source as RewardGrant['source'],
      sourceRef: row.sourceRef,
      idempotencyKey: `reward:${row.id}`,
      params: row.params,
    };
  }

  /** Whether a kind pays money (its amount is in the operator's currency), which the licence's door decides. */
  const paysMoney = (kind: RewardKind) => UNIT_OF[kind] === undefined;

  /**
   * Pay a grant through its kind's payer. Money asks the licence's door first, unless the caller
   * already asked it in this transaction (`licenceAsked`: issue and payQueued decide between paying
   * and holding with that answer, so asking again would read the same rows twice).
   */
  async function pay(trx: Db, row: GrantRow, licenceAsked = false): Promise<void> {
    const sink = sinks.get(row.kind as RewardKind);
    if (!sink) throw new Error(`rewards: no payer for ${row.kind} rewards is registered`);
    if (!licenceAsked && paysMoney(row.kind as RewardKind))
      await ctx.licence.ask(trx, 'reward.pay', { memberId: String(row.memberId) });
    await sink.pay(trx, toRewardGrant(row));
  }

  // Cash: from the promotion budget to the player's main wallet, once per grant.
  sinks.set('cash', {
    kind: 'cash',
    async pay(trx, grant) {
      await ledger.creditPlayerFromSystem(
        {
          memberId: grant.memberId,
          amountMinor: grant.amount,
          systemAccount: 'promotion_budget',
          kind: 'reward_cash',
          idempotencyKey: grant.idempotencyKey,
          reference: `grant:${grant.grantId}`,
          metadata: { source: grant.source, sourceRef: grant.sourceRef },
        },
        trx,
      );
    },
  });

  const releases = createGrantRelease({ db, audit, moneyPolicy: ctx.moneyPolicy, pay, toView: toOpsGrantView });

  /** Whether the licence's door `reward.pay` lets money through to this member now (its refusal only; other errors stand). */
  async function mayPay(trx: Db, memberId: string): Promise<boolean> {
    try {
      await ctx.licence.ask(trx, 'reward.pay', { memberId });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.errorCode === ErrorCode.LICENCE_REFUSED) return false;
      throw error;
    }
  }

  /** Issue a grant in the caller's transaction; the same key again answers the grant already made. */
  async function issue(
    trx: Db,
    req: GrantRequest,
  ): Promise<{ grantId: string; status: GrantStatus; created: boolean }> {
    const reasons = jurisdictionRefusals(await ctx.licenceProfile(trx), { rewardKind: req.kind });
    if (reasons.length)
      throw new AppError(ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION, 'The jurisdiction profile forbids this reward', {
        reasons,
      });
    if (req.amount <= 0n) throw new Error('rewards: a grant is positive');
    if (!sinks.has(req.kind)) throw new Error(`rewards: no payer for ${req.kind} rewards is registered`);
    // A player in a time-out or self-exclusion gets nothing (responsible gambling): the grant is
    // kept, rejected, so its key is spent and the record shows why nothing was paid.
    const excluded = await ctx.isExcluded(String(req.memberId), trx);
    // Money the licence would not pay now (an account not yet identified under BR) is held for an
    // operator to release once it may be paid, rather than lost or paid.
    const licenceHold =
      !excluded && req.delivery === 'auto' && paysMoney(req.kind) && !(await mayPay(trx, String(req.memberId)));
    const status: GrantStatus = excluded
      ? 'rejected'
      : licenceHold
        ? 'held'
        : req.delivery === 'auto'
          ? 'paid'
          : req.delivery === 'queue'
            ? 'queued'
            : req.delivery === 'claim'
              ? 'issued'
              : 'held';
    const { row, created } = await insertGrant(trx, {
      memberId: req.memberId,
      kind: req.kind,
      amount: req.amount,
      currency: UNIT_OF[req.kind] ?? (await ledger.getOperatorCurrency(trx)),
      source: req.source,
      sourceRef: req.sourceRef,
      key: req.key,
      params: req.params ?? {},
      title: req.title ?? null,
      status,
      holdReason: licenceHold
        ? 'licence'
        : req.delivery === 'hold'
          ? String(req.params?.['holdReason'] ?? '') || null
          : null,
      claimUntil: req.claimUntil ?? null,
    });
    // A money grant reaches 'paid' only once mayPay let it through above.
    if (created && status === 'paid') await pay(trx, row, true);
    return { grantId: String(row.id), status: row.status as GrantStatus, created };
  }

  return {
    issue,

    /** The operator's jurisdiction profile, read in the caller's transaction when it gives one (a consumer's batch). */
    jurisdiction: (trx: Db = db): Promise<JurisdictionProfile> => ctx.licenceProfile(trx),

    /** Add the payer of a kind (bonus, points, raffle tickets, mission steps); cash is the engine's own. */
    registerSink(sink: RewardSink): void {
      if (sinks.has(sink.kind)) throw new Error(`rewards: a payer for ${sink.kind} is already registered`);
      sinks.set(sink.kind, sink);
    },

    /** Which of these keys already name a grant (a replayed event must not take a cap's slot again). */
    existingKeys: (trx: Db, keys: string[]): Promise<Set<string>> => findExistingKeys(trx, keys),

    /** Where grants stand, by id (a module's page shows its own rewards: paid, held, rejected). */
    statuses: async (grantIds: string[]): Promise<Map<string, GrantStatus>> =>
      (await findStatuses(db, grantIds)) as Map<string, GrantStatus>,

    /** How many grants wait for an operator's release or rejection (the back office's queue badge). */
    countHeld: (): Promise<number> => countHeldGrants(db),

    /** Whether a payer of this kind exists (a rule's reward needs one). */
    hasSink: (kind: RewardKind): boolean => sinks.has(kind),

    /** The player claims an issued grant: paid now, once. */
    async claim(memberId: string, grantId: string): Promise<Grant> {
      const outcome = await runInTransaction(db, async (trx) => {
        const row = await lockGrant(trx, grantId, memberId);
        if (!row) throw new AppError(ErrorCode.GRANT_NOT_FOUND, 'No such reward');
        if (row.status !== 'issued')
          throw new AppError(ErrorCode.GRANT_NOT_CLAIMABLE, 'This reward is not waiting for a claim', {
            status: row.status,
          });
        if (row.claimUntil && new Date(row.claimUntil).getTime() <= Date.now()) {
          await markClosed(trx, grantId, 'expired', null, null);
          return 'expired' as const;
        }
        await markPaid(trx, grantId, null);
        await pay(trx, row);
        return (await lockGrant(trx, grantId))!;
      });
      if (outcome === 'expired')
        throw new AppError(ErrorCode.GRANT_EXPIRED, 'The time to claim this reward has passed');
      return toGrantView(outcome);
    },

    /** An operator pays a held grant (a referral checked and found fair); money asks the operator money policy. */
    release: releases.release,
    /** A second operator pays a release that waited for them (never the asker). */
    approveRelease: releases.approveRelease,

    /** An operator turns down a held or unclaimed grant; the reason is shown to the player. */
    async reject(operatorId: string, grantId: string, reason: string): Promise<Grant> {
      return runInTransaction(db, async (trx) => {
        const row = await lockGrant(trx, grantId);
        if (!row) throw new AppError(ErrorCode.GRANT_NOT_FOUND, 'No such reward');
        if (row.status !== 'held' && row.status !== 'issued')
          throw new AppError(ErrorCode.GRANT_NOT_HELD, 'This reward can no longer be rejected', { status: row.status });
        await markClosed(trx, grantId, 'rejected', operatorId, reason);
        const after = (await lockGrant(trx, grantId))!;
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'reward.reject',
          subjectType: 'reward_grant',
          subjectId: grantId,
          reason,
          before: { status: row.status },
          after: { status: after.status },
        });
        return toGrantView(after);
      });
    },

    /** The player's reward centre: one page, newest first, and how many wait for a claim. */
    async listForMember(memberId: string, q: { status?: GrantStatus | undefined; page: number; pageSize: number }) {
      const { rows, total, claimable } = await findMemberGrants(
        db,
        memberId,
        q.status,
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return { list: rows.map(toGrantView), total, page: q.page, pageSize: q.pageSize, claimable };
    },

    /** The back office's list, keyset-paged. */
    async listForOps(f: OpsGrantFilter, beforeId: string | undefined, limit: number) {
      return (await findGrants(db, f, beforeId, limit)).map(toOpsGrantView);
    },

    /**
     * Pay queued grants, oldest first, each in its own short transaction (its row locked with SKIP
     * LOCKED, so two instances never pay one twice; the sink's idempotency key holds as well).
     * Returns how many were paid.
     */
    async payQueued(limit = 500): Promise<number> {
      const ids = await findQueuedIds(db, limit);
      let paid = 0;
      for (const id of ids) {
        const done = await runInTransaction(db, async (trx) => {
          const row = await lockQueuedGrant(trx, id);
          if (!row) return false;
          // Money the licence would not pay now is held for an operator, like an automatic grant.
          if (paysMoney(row.kind as RewardKind) && !(await mayPay(trx, String(row.memberId)))) {
            await holdGrant(trx, id, 'licence');
            return false;
          }
          await markPaid(trx, id, null);
          await pay(trx, row, true);
          return true;
        });
        if (done) paid++;
      }
      return paid;
    },

    /** Claimable grants past their date become expired (a periodic job; repeating it changes nothing). */
    expireDue: (now: Date = new Date()) => expireDue(db, now),
  };
}

export type RewardGrants = ReturnType<typeof createRewardGrants>;
