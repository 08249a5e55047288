import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsApplication, OpsApplicationQuery, PromoSettings, PromoSettingsBody } from '@wps/shared/schemas/promo';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from '../content/content.service';
import type { MemberViews } from '../member/member-views';
import type { MoneyDecision, OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { RewardEventStream } from '../rewards/reward-events';
import { assertPayable, type PromoRewards } from './promo-rewards';
import { promoSettingsLicenceBlockers, refusePromoReward } from './promo-settings-licence';
import {
  decideApplication,
  findAllSettings,
  findApplication,
  findApplicationPage,
  findOpsApplication,
  lockApplication,
  lockSettings,
  markApprovalAsked,
  saveSettings,
  type OpsApplicationRow,
  type PromoSettingsRow,
} from './promo.repository';

type Db = Kysely<Database>;

export type PromoReviewContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  content: Pick<ContentService, 'getItem'>;
  memberViews: MemberViews;
  rewardEvents: Pick<RewardEventStream, 'record'>;
  rewards: Pick<PromoRewards, 'grants'>;
  /** Required, never defaulted: a guard of money fails closed (docs/decisions.md, "Operator money policy"). */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
  /** The licence's profile, read in the saving transaction: a reward it forbids is refused (promo-settings-licence.ts). */
  licenceProfile: (db: Db) => Promise<JurisdictionProfile>;
};

type RewardKind = 'cash' | 'bonus' | 'points';
/** An application as its row lock reads it. */
type ApplicationRow = NonNullable<Awaited<ReturnType<typeof lockApplication>>>;
/** The reward kinds whose amount is money (minor units of the operator's currency); points are not. */
const isMoney = (kind: RewardKind): kind is 'cash' | 'bonus' => kind === 'cash' || kind === 'bonus';

export function settingsView(row: PromoSettingsRow): PromoSettings {
  return {
    promotionId: row.promotionId,
    mode: row.mode,
    period: row.period,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    rewardKind: row.rewardKind,
    rewardAmount: row.rewardAmount,
    version: row.version,
  };
}

function applicationView(row: OpsApplicationRow): OpsApplication {
  return {
    id: row.id,
    promotionId: row.promotionId,
    memberId: row.memberId,
    account: row.account,
    periodKey: row.periodKey,
    comment: row.comment,
    imageCount: row.imageCount,
    status: row.status,
    reason: row.reason,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    grantId: row.grantId,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    approvalAskedBy: row.approvalAskedBy === null ? null : String(row.approvalAskedBy),
    approvalAskedAt: row.approvalAskedAt?.toISOString() ?? null,
    approvalWaitReasons: row.approvalWaitReasons as MoneyWaitReason[],
    approvalRewardKind: row.approvalRewardKind,
    approvalRewardAmount: row.approvalRewardAmount === null ? null : String(row.approvalRewardAmount),
    approvedBy: row.approvedBy === null ? null : String(row.approvedBy),
  };
}

/**
 * The back office's side of promotions' activity: each promotion's participation settings
 * (audited, before and after) and the applications queue. Approving issues the promotion's reward
 * as a grant the player claims (`promo-app:<id>`, source `operator`: an operator's decision, the
 * application its reference), records `application_approved` and the audit entry, all in one
 * transaction; rejecting keeps the reason the player reads. An approval whose reward is money
 * asks the operator money policy in that transaction, after the application's row lock and before
 * the grant: above its thresholds nothing is issued, the application stays 'applying' with the
 * asker, the thresholds passed and the reward as approved, until an operator other than the asker,
 * holding the kind's approval permission, completes it (`approvePayment`, the policy deciding
 * again with the approver). A rejection, by anyone who may decide applications, still closes it.
 */
export function createPromoReviewService(ctx: PromoReviewContext) {
  const { db, audit, content, memberViews, rewardEvents, rewards, moneyPolicy } = ctx;

  async function assertPromotion(promotionId: string) {
    const item = await content.getItem(promotionId);
    if (item.kind !== 'promotion') throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'Not a promotion', { promotionId });
    return item;
  }

  async function decided(id: string): Promise<OpsApplication> {
    return applicationView((await findOpsApplication(db, memberViews, id))!);
  }

  type PromotionItem = Awaited<ReturnType<typeof assertPromotion>>;

  /** Issue the approved reward as the player's claimable grant and record `application_approved`; the grant id. */
  async function issueReward(
    trx: Db,
    app: ApplicationRow,
    item: PromotionItem,
    reward: { kind: RewardKind; amount: bigint },
  ): Promise<string> {
    assertPayable(rewards, reward.kind, 'rewardKind');
    const titles = item.translations;
    const title = titles.PT?.title ?? titles.EN?.title ?? Object.values(titles)[0]?.title ?? '';
    const id = String(app.id);
    const grant = await rewards.grants.issue(trx, {
      memberId: String(app.memberId),
      kind: reward.kind,
      amount: reward.amount,
      source: 'operator',
      sourceRef: `promo-app:${id}`,
      key: `promo-app:${id}`,
      delivery: 'claim',
      title: { PT: titles.PT?.title ?? title, EN: titles.EN?.title ?? title },
      params: { promotionId: app.promotionId, applicationId: id },
    });
    await rewardEvents.record(trx, 'application_approved', String(app.memberId), {
      applicationId: id,
      promotionId: app.promotionId,
      periodKey: app.periodKey,
      grantId: grant.grantId,
    });
    return grant.grantId;
  }

  /** The operator money policy's decision on paying an application's reward of money. */
  function decideMoney(
    trx: Db,
    app: ApplicationRow,
    amount: bigint,
    askedBy: string,
    approver: { operatorId: string; role: OpsRole } | null,
  ): Promise<MoneyDecision> {
    return moneyPolicy.decide(trx, {
      kind: 'promo_application',
      reference: `promo-app:${app.id}`,
      direction: 'credit',
      operatorId: askedBy,
      playerId: String(app.memberId),
      amountMinor: amount,
      approver,
    });
  }

  const policyNote = (d: MoneyDecision) => ({ waitReasons: d.reasons, limits: d.limits, totalsBefore: d.totalsBefore });

  /** The application locked for a decision, still applying; the refusal that explains why not. */
  async function lockApplying(trx: Db, id: string): Promise<ApplicationRow> {
    const before = await lockApplication(trx, id);
    if (!before) throw new AppError(ErrorCode.PROMO_APPLICATION_NOT_FOUND, 'No such application', { id });
    if (before.status !== 'applying')
      throw new AppError(ErrorCode.PROMO_APPLICATION_DECIDED, 'This application was already decided', {
        id,
        status: before.status,
      });
    return before;
  }

  return {
    /** The promotions' settings a profile would forbid (the licence's switch asks, in its transaction). */
    licenceBlockers: promoSettingsLicenceBlockers,

    async listSettings(): Promise<PromoSettings[]> {
      return (await findAllSettings(db)).map(settingsView);
    },

    /** PUT /ops/promo/settings/:promotionId: create or replace; audited with before and after. */
    async saveSettings(operatorId: string, promotionId: string, body: PromoSettingsBody): Promise<PromoSettings> {
      await assertPromotion(promotionId);
      if (body.rewardKind) assertPayable(rewards, body.rewardKind, 'body.rewardKind');
      return runInTransaction(db, async (trx) => {
        await refusePromoReward(trx, ctx.licenceProfile, body);
        const before = await lockSettings(trx, promotionId);
        const row = await saveSettings(trx, promotionId, {
          mode: body.mode,
          period: body.period,
          startsAt: body.startsAt ? new Date(body.startsAt) : null,
          endsAt: body.endsAt ? new Date(body.endsAt) : null,
          rewardKind: body.rewardKind,
          rewardAmount: body.rewardAmount,
        });
        const after = settingsView(row);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'promo.settings',
          subjectType: 'promotion',
          subjectId: promotionId,
          reason: body.reason,
          before: before ? settingsView(before) : null,
          after,
        });
        return after;
      });
    },

    async listApplications(q: OpsApplicationQuery): Promise<OpsPage<OpsApplication>> {
      const { rows, total } = await findApplicationPage(
        db,
        memberViews,
        { status: q.status, promotionId: q.promotionId, account: q.account },
        q.order,
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return {
        list: rows.map(applicationView),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** Approve or reject an application still applying; a second decision is 409 PROMO_APPLICATION_DECIDED. */
    async decide(
      operatorId: string,
      id: string,
      decision: 'approved' | 'rejected',
      reason: string,
    ): Promise<OpsApplication> {
      const found = await findApplication(db, id);
      if (!found) throw new AppError(ErrorCode.PROMO_APPLICATION_NOT_FOUND, 'No such application', { id });
      const item = decision === 'approved' ? await assertPromotion(found.promotionId) : null;
      await runInTransaction(db, async (trx) => {
        const before = await lockApplying(trx, id);
        let grantId: string | null = null;
        let policy: MoneyDecision | null = null;
        if (decision === 'approved') {
          if (before.approvalAskedBy !== null)
            throw new AppError(ErrorCode.PROMO_APPLICATION_WAITING, 'This approval waits for a second operator', {
              id,
              askedBy: String(before.approvalAskedBy),
            });
          const settings = await lockSettings(trx, before.promotionId);
          if (!settings?.rewardKind || !settings.rewardAmount)
            throw new AppError(ErrorCode.PROMO_NOT_FOUND, 'This promotion gives no reward', {
              promotionId: before.promotionId,
            });
          assertPayable(rewards, settings.rewardKind, 'rewardKind');
          const reward = { kind: settings.rewardKind, amount: BigInt(settings.rewardAmount) };
          if (isMoney(reward.kind)) {
            policy = await decideMoney(trx, before, reward.amount, operatorId, null);
            if (policy.outcome === 'wait') {
              await markApprovalAsked(trx, id, {
                operatorId,
                waitReasons: policy.reasons,
                reason,
                rewardKind: reward.kind,
                rewardAmount: reward.amount,
              });
              await audit.record(trx, {
                actorType: 'operator',
                actorId: operatorId,
                action: 'promo.application.approve_request',
                subjectType: 'promo_application',
                subjectId: id,
                reason,
                before: { status: before.status },
                after: {
                  status: before.status,
                  rewardKind: reward.kind,
                  rewardAmount: String(reward.amount),
                  policy: policyNote(policy),
                },
              });
              return;
            }
          }
          grantId = await issueReward(trx, before, item!, reward);
        }
        await decideApplication(trx, id, { status: decision, reason, operatorId, grantId });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: decision === 'approved' ? 'promo.application.approve' : 'promo.application.reject',
          subjectType: 'promo_application',
          subjectId: id,
          reason,
          before: { status: before.status },
          after: {
            status: decision,
            grantId,
            ...(decision === 'approved' ? { askedBy: operatorId, approvedBy: null } : {}),
            ...(policy ? { policy: policyNote(policy) } : {}),
          },
        });
      });
      return decided(id);
    },

    /**
     * POST /ops/promo/applications/:id/approve-payment: a second operator completes an approval
     * that waited, never its asker; pays the reward as the asker approved it.
     */
    async approvePayment(
      approver: { operatorId: string; role: OpsRole },
      id: string,
      reason: string,
    ): Promise<OpsApplication> {
      const found = await findApplication(db, id);
      if (!found) throw new AppError(ErrorCode.PROMO_APPLICATION_NOT_FOUND, 'No such application', { id });
      const item = await assertPromotion(found.promotionId);
      await runInTransaction(db, async (trx) => {
        const before = await lockApplying(trx, id);
        if (before.approvalAskedBy === null || !before.approvalRewardKind || before.approvalRewardAmount === null)
          throw new AppError(ErrorCode.PROMO_APPLICATION_NOT_WAITING, 'No approval of this application waits', { id });
        const askedBy = String(before.approvalAskedBy);
        const reward = { kind: before.approvalRewardKind, amount: BigInt(before.approvalRewardAmount) };
        const policy = await decideMoney(trx, before, reward.amount, askedBy, approver);
        const grantId = await issueReward(trx, before, item, reward);
        await decideApplication(trx, id, {
          status: 'approved',
          reason: before.approvalReason ?? reason,
          operatorId: askedBy,
          grantId,
          approvedBy: approver.operatorId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'promo.application.approve',
          subjectType: 'promo_application',
          subjectId: id,
          reason,
          before: { status: before.status, askedBy },
          after: { status: 'approved', grantId, askedBy, approvedBy: approver.operatorId, policy: policyNote(policy) },
        });
      });
      return decided(id);
    },
  };
}

export type PromoReviewService = ReturnType<typeof createPromoReviewService>;
