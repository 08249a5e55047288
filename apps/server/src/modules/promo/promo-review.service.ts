import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsApplication, OpsApplicationQuery, PromoSettings, PromoSettingsBody } from '@wps/shared/schemas/promo';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { ContentService } from '../content/content.service';
import type { MemberViews } from '../member/member-views';
import type { RewardEventStream } from '../rewards/reward-events';
import { assertPayable, type PromoRewards } from './promo-rewards';
import {
  decideApplication,
  findAllSettings,
  findApplication,
  findApplicationPage,
  findOpsApplication,
  lockApplication,
  lockSettings,
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
};

export function settingsView(row: PromoSettingsRow): PromoSettings {
  return {
    promotionId: row.promotion_id,
    mode: row.mode,
    period: row.period,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    rewardKind: row.reward_kind,
    rewardAmount: row.reward_amount,
    version: row.version,
  };
}

function applicationView(row: OpsApplicationRow): OpsApplication {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    account: row.account,
    periodKey: row.period_key,
    comment: row.comment,
    imageCount: row.imageCount,
    status: row.status,
    reason: row.reason,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    grantId: row.grant_id,
    claimedAt: row.claimed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The back office's side of promotions' activity: each promotion's participation settings
 * (audited, before and after) and the applications queue. Approving issues the promotion's reward
 * as a grant the player claims (`promo-app:<id>`, source `operator`: an operator's decision, the
 * application its reference), records `application_approved` and the audit entry, all in one
 * transaction; rejecting keeps the reason the player reads.
 */
export function createPromoReviewService(ctx: PromoReviewContext) {
  const { db, audit, content, memberViews, rewardEvents, rewards } = ctx;

  async function assertPromotion(promotionId: string) {
    const item = await content.getItem(promotionId);
    if (item.kind !== 'promotion') throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'Not a promotion', { promotionId });
    return item;
  }

  async function decided(id: string): Promise<OpsApplication> {
    return applicationView((await findOpsApplication(db, memberViews, id))!);
  }

  return {
    async listSettings(): Promise<PromoSettings[]> {
      return (await findAllSettings(db)).map(settingsView);
    },

    /** PUT /ops/promo/settings/:promotionId: create or replace; audited with before and after. */
    async saveSettings(operatorId: string, promotionId: string, body: PromoSettingsBody): Promise<PromoSettings> {
      await assertPromotion(promotionId);
      if (body.rewardKind) assertPayable(rewards, body.rewardKind, 'body.rewardKind');
      return runInTransaction(db, async (trx) => {
        const before = await lockSettings(trx, promotionId);
        const row = await saveSettings(trx, promotionId, {
          mode: body.mode,
          period: body.period,
          starts_at: body.startsAt ? new Date(body.startsAt) : null,
          ends_at: body.endsAt ? new Date(body.endsAt) : null,
          reward_kind: body.rewardKind,
          reward_amount: body.rewardAmount,
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
      const item = decision === 'approved' ? await assertPromotion(found.promotion_id) : null;
      await runInTransaction(db, async (trx) => {
        const before = await lockApplication(trx, id);
        if (!before) throw new AppError(ErrorCode.PROMO_APPLICATION_NOT_FOUND, 'No such application', { id });
        if (before.status !== 'applying')
          throw new AppError(ErrorCode.PROMO_APPLICATION_DECIDED, 'This application was already decided', {
            id,
            status: before.status,
          });
        let grantId: string | null = null;
        if (decision === 'approved') {
          const settings = await lockSettings(trx, before.promotion_id);
          if (!settings?.reward_kind || !settings.reward_amount)
            throw new AppError(ErrorCode.PROMO_NOT_FOUND, 'This promotion gives no reward', {
              promotionId: before.promotion_id,
            });
          assertPayable(rewards, settings.reward_kind, 'rewardKind');
          const titles = item!.translations;
          const title = titles.PT?.title ?? titles.EN?.title ?? Object.values(titles)[0]?.title ?? '';
          const grant = await rewards.grants.issue(trx, {
            memberId: before.member_id,
            kind: settings.reward_kind,
            amount: BigInt(settings.reward_amount),
            source: 'operator',
            sourceRef: `promo-app:${id}`,
            key: `promo-app:${id}`,
            delivery: 'claim',
            title: { PT: titles.PT?.title ?? title, EN: titles.EN?.title ?? title },
            params: { promotionId: before.promotion_id, applicationId: id },
          });
          grantId = grant.grantId;
          await rewardEvents.record(trx, 'application_approved', before.member_id, {
            applicationId: id,
            promotionId: before.promotion_id,
            periodKey: before.period_key,
            grantId,
          });
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
          after: { status: decision, grantId },
        });
      });
      return decided(id);
    },
  };
}

export type PromoReviewService = ReturnType<typeof createPromoReviewService>;
