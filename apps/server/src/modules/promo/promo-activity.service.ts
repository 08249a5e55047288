import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  PROMO_IMAGE_MAX_BYTES,
  PROMO_MAX_IMAGES,
  type Activity,
  type ActivityStatus,
  type PromoApplyFields,
} from '@wps/shared/schemas/promo';
import type { Rule } from '@wps/shared/schemas/rewards';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import { readImageHeader } from '../../http/uploaded-image';
import type { ContentService } from '../content/content.service';
import type { RewardEventStream } from '../rewards/reward-events';
import type { SystemService } from '../system/system.service';
import { periodKeyOf } from './promo-period';
import type { PromoRewards } from './promo-rewards';
import {
  findAllSettings,
  findApplicationImage,
  findMemberPeriodRows,
  findSettings,
  hasJoined,
  insertApplication,
  insertJoin,
  findClaimableApplication,
  markApplicationClaimed,
  type PromoSettingsRow,
} from './promo.repository';
import { findRaffleIdsByPromotion } from './raffle.repository';
import { findRewardLinks } from './promo-reward-links.repository';

type Db = Kysely<Database>;

export type PromoActivityContext = {
  db: Db;
  content: Pick<ContentService, 'live'>;
  system: Pick<SystemService, 'getPromoSwitches'>;
  rewardEvents: Pick<RewardEventStream, 'record'>;
  rewards: Pick<PromoRewards, 'grants' | 'timeZone'>;
  /** The rewards engine's rules: a promotion whose linked rules are none of them live offers no activity. */
  rules?: (db: Db) => Promise<Pick<Rule, 'id' | 'status'>[]>;
  now?: () => number;
};

/** Where a promotion's activity window stands at an instant. */
function windowOf(s: PromoSettingsRow, at: number): 'coming_soon' | 'closed' | 'open' {
  if (s.startsAt && s.startsAt.getTime() > at) return 'coming_soon';
  if (s.endsAt && s.endsAt.getTime() <= at) return 'closed';
  return 'open';
}

/** png or jpg by the bytes, at most 5 MB; anything else is refused (the feedback form's rule). */
function checkImage(bytes: Buffer, index: number): { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  if (bytes.length === 0 || bytes.length > PROMO_IMAGE_MAX_BYTES)
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE, 'Each image may be at most 5 MB', { index });
  const header = readImageHeader(bytes, ['png', 'jpg']);
  if (!header) throw new AppError(ErrorCode.IMAGE_TYPE_INVALID, 'Only png or jpg images are accepted', { index });
  return { contentType: header.contentType as 'image/png' | 'image/jpeg', bytes };
}

/**
 * A player's participation in promotions: each live promotion with settings gets a status for the
 * current period (its time zone's day, week, half month or month), and the actions that move it:
 * join (mode join; records `promotion_joined` in the same transaction), apply with a comment and
 * images (mode apply; an operator decides, promo-review.service.ts), claim an approved
 * application's grant (through the rewards engine's claim).
 */
export function createPromoActivityService(ctx: PromoActivityContext) {
  const { db, content, rewardEvents, rewards } = ctx;
  const now = ctx.now ?? Date.now;

  /** The settings of a promotion that is live now, or 404 PROMO_NOT_FOUND. */
  async function liveSettings(promotionId: string): Promise<PromoSettingsRow> {
    const [settings, live] = await Promise.all([findSettings(db, promotionId), content.live('promotion', undefined)]);
    if (!settings || !live.some((p) => p.id === promotionId))
      throw new AppError(ErrorCode.PROMO_NOT_FOUND, 'This promotion has no activity', { promotionId });
    return settings;
  }

  async function assertOpen(s: PromoSettingsRow, mode: PromoSettingsRow['mode']): Promise<string> {
    if (s.mode !== mode)
      throw new AppError(ErrorCode.PROMO_MODE_MISMATCH, `This promotion's mode is ${s.mode}`, { mode: s.mode });
    if (windowOf(s, now()) !== 'open') throw new AppError(ErrorCode.PROMO_NOT_OPEN, 'This promotion is not open now');
    return periodKeyOf(s.period, new Date(now()), await rewards.timeZone(db));
  }

  /**
   * The promotions linked to reward rules none of which is live now (docs/decisions.md, "A promotion
   * pays what it promises"): their activity is not offered, as their call to action is not.
   */
  async function unpaid(promotionIds: readonly string[]): Promise<Set<string>> {
    if (!ctx.rules || promotionIds.length === 0) return new Set();
    const links = await findRewardLinks(db, promotionIds);
    if (links.size === 0) return new Set();
    const live = new Set((await ctx.rules(db)).filter((r) => r.status === 'live').map((r) => r.id));
    return new Set([...links].filter(([, ruleIds]) => !ruleIds.some((id) => live.has(id))).map(([id]) => id));
  }

  async function activities(memberId: string | null): Promise<{ list: Activity[]; availablePromoCount: number }> {
    const [all, live, timeZone] = await Promise.all([
      findAllSettings(db),
      content.live('promotion', undefined),
      rewards.timeZone(db),
    ]);
    const liveIds = new Set(live.map((p) => p.id));
    const withdrawn = await unpaid(all.map((s) => s.promotionId).filter((id) => liveIds.has(id)));
    const settings = all.filter((s) => liveIds.has(s.promotionId) && !withdrawn.has(s.promotionId));
    const at = now();
    const keys = settings.map((s) => ({
      promotionId: s.promotionId,
      periodKey: periodKeyOf(s.period, new Date(at), timeZone),
    }));
    const [rows, raffles] = await Promise.all([
      memberId ? findMemberPeriodRows(db, memberId, keys) : Promise.resolve({ joins: [], applications: [] }),
      findRaffleIdsByPromotion(
        db,
        settings.map((s) => s.promotionId),
      ),
    ]);
    let available = 0;
    const list = settings.map((s, i): Activity => {
      const periodKey = keys[i]!.periodKey;
      const joined = rows.joins.some((j) => j.promotionId === s.promotionId && j.periodKey === periodKey);
      const application = rows.applications.find((a) => a.promotionId === s.promotionId && a.periodKey === periodKey);
      const window = windowOf(s, at);
      let status: ActivityStatus;
      if (window !== 'open') status = window;
      else if (s.mode === 'auto') status = 'process';
      else if (!memberId) status = 'login';
      else if (s.mode === 'join') status = joined ? 'joined' : 'join';
      else if (!application) status = 'apply';
      else if (application.status === 'applying') status = 'applying';
      else if (application.status === 'rejected') status = 'rejected';
      else status = application.claimedAt ? 'claimed' : 'issued';
      if (status === 'join' || status === 'apply') available++;
      return {
        promotionId: s.promotionId,
        mode: s.mode,
        period: s.period,
        status,
        periodKey: memberId ? periodKey : null,
        reason: status === 'rejected' ? (application?.reason ?? null) : null,
        startsAt: s.startsAt?.toISOString() ?? null,
        endsAt: s.endsAt?.toISOString() ?? null,
        raffleIds: raffles.get(s.promotionId) ?? [],
      };
    });
    return { list, availablePromoCount: available };
  }

  return {
    activities,

    /** The rules engine's fact: whether the player joined the promotion in its period containing `at`. */
    async joinedPromotion(promotionId: string, memberId: string, at: Date, trx: Db): Promise<boolean> {
      const settings = await findSettings(trx, promotionId);
      return settings
        ? hasJoined(trx, promotionId, memberId, periodKeyOf(settings.period, at, await rewards.timeZone(trx)))
        : false;
    },

    /** The public state's promotion figures: what the player can join now, and the referral switch. */
    async publicState(memberId: string | null) {
      const [{ availablePromoCount }, switches] = await Promise.all([
        memberId ? activities(memberId) : { availablePromoCount: 0 },
        ctx.system.getPromoSwitches(),
      ]);
      // The referral programme's switch (its settings), as the permission call serves it.
      return { availablePromoCount, availablePromo: { REFERRAL: switches.REFERRAL } };
    },

    /** POST /wps/promo/join: once per period; a second join in the period is 409 PROMO_ALREADY_DONE. */
    async join(memberId: string, promotionId: string): Promise<Activity> {
      const settings = await liveSettings(promotionId);
      const periodKey = await assertOpen(settings, 'join');
      await runInTransaction(db, async (trx) => {
        const row = await insertJoin(trx, { promotionId, memberId, periodKey });
        if (!row) throw new AppError(ErrorCode.PROMO_ALREADY_DONE, 'Already joined in this period', { periodKey });
        await rewardEvents.record(trx, 'promotion_joined', memberId, { promotionId, periodKey, joinId: row.id });
      });
      return (await activities(memberId)).list.find((a) => a.promotionId === promotionId)!;
    },

    /** POST /wps/promo/apply: a comment (≤ 140) and up to 3 png/jpg images of 5 MB, once per period. */
    async apply(memberId: string, fields: PromoApplyFields, files: Buffer[]): Promise<Activity> {
      if (files.length > PROMO_MAX_IMAGES)
        throw new AppError(ErrorCode.IMAGE_TOO_MANY, `At most ${PROMO_MAX_IMAGES} images`);
      const images = files.map(checkImage);
      const settings = await liveSettings(fields.promotionId);
      const periodKey = await assertOpen(settings, 'apply');
      const id = await runInTransaction(db, (trx) =>
        insertApplication(trx, {
          promotionId: fields.promotionId,
          memberId,
          periodKey,
          comment: fields.comment,
          images,
        }),
      );
      if (!id) throw new AppError(ErrorCode.PROMO_ALREADY_DONE, 'Already applied in this period', { periodKey });
      return (await activities(memberId)).list.find((a) => a.promotionId === fields.promotionId)!;
    },

    /**
     * POST /wps/promo/claim: the approved application of the current period pays its grant (the
     * engine's claim, which pays once per grant); then the application reads Claimed (also when the
     * reward centre claimed it first). A repeat after the claim answers 409 PROMO_NOTHING_TO_CLAIM.
     */
    async claim(memberId: string, promotionId: string): Promise<Activity> {
      const settings = await liveSettings(promotionId);
      const periodKey = periodKeyOf(settings.period, new Date(now()), await rewards.timeZone(db));
      const application = await findClaimableApplication(db, memberId, promotionId, periodKey);
      if (!application?.grantId || application.claimedAt)
        throw new AppError(ErrorCode.PROMO_NOTHING_TO_CLAIM, 'Nothing to claim in this promotion');
      try {
        await rewards.grants.claim(memberId, application.grantId);
      } catch (err) {
        // Claimed meanwhile in the reward centre: paid once already, so this page now reads Claimed.
        const isPaid =
          err instanceof AppError &&
          err.errorCode === ErrorCode.GRANT_NOT_CLAIMABLE &&
          (err.value as { status?: string } | undefined)?.status === 'paid';
        if (!isPaid) throw err;
      }
      await runInTransaction(db, (trx) => markApplicationClaimed(trx, application.id));
      return (await activities(memberId)).list.find((a) => a.promotionId === promotionId)!;
    },

    /** An image of the member's own application; 404 otherwise. */
    async image(applicationId: string, position: number, memberId?: string) {
      const found = await findApplicationImage(db, applicationId, position, memberId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'No such image');
      return found;
    },
  };
}

export type PromoActivityService = ReturnType<typeof createPromoActivityService>;
