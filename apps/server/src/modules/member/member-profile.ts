import { LANGUAGE_CODES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  AVATAR_COUNT,
  avatarUrl,
  type MemberAvatar,
  type MemberInfo,
  type PlayerAvatarList,
} from '@wps/shared/schemas/member';
import { createTtlCache } from '../../cache/ttl-cache';
import { CHANGE_CHANNELS } from '../../db/change-feed';
import { AppError } from '../../http/app-error';
import type { MemberCore } from './member-core';
import { MEMBER_LIMITS, failFields, maskEmail, maskMobile, type RequestOrigin } from './member-helpers';
import { findAvatarId, findMemberInfo, updateAvatarId, updateLanguage, type MemberInfoRow } from './member.repository';

/**
 * Member info is read on every page load. It is cached briefly and evicted when the member row
 * changes: by the members trigger's notification on every instance, and at once on this
 * instance by the writer's announcement after its commit (read-your-writes).
 */
const INFO_CACHE_TTL_MS = 5_000;
const INFO_CACHE_MAX_ENTRIES = 20_000;

/** Member info, avatar, language and the affiliate check. */
export function createProfile(core: MemberCore) {
  const { db, now } = core;
  const { rateLimiter } = core.ctx;
  const feed = core.ctx.changeFeed;
  // Holds only what comes from the members row: a field read from another table would also need
  // evicting when that table changes.
  const infoCache = createTtlCache<MemberInfoRow>({
    ttlMs: INFO_CACHE_TTL_MS,
    maxEntries: INFO_CACHE_MAX_ENTRIES,
    now,
  });
  feed?.subscribe(CHANGE_CHANNELS.memberChange, (memberId) => infoCache.delete(memberId));
  feed?.onReset(() => infoCache.clear());
  // The club label (VIP level) and member labels belong to the loyalty module, built after this
  // one: it hands its reader over in the composition root. It keeps its own copy, evicted by its
  // own tables' notifications (loyalty/vip-cache.ts), so they are not held in the row's cache.
  let findLabels: (memberId: string) => Promise<Pick<MemberInfo, 'clubLabel' | 'memberLabel'>> = async () => ({
    clubLabel: null,
    memberLabel: [],
  });

  /** The members-row fields of member info, from the cache while the change feed is live. */
  async function readMemberInfo(memberId: string): Promise<MemberInfoRow | undefined> {
    const isCacheUsable = feed?.isLive === true;
    const cached = isCacheUsable ? infoCache.get(memberId) : undefined;
    if (cached) return cached;
    const readVersion = infoCache.version;
    const row = await findMemberInfo(db, memberId);
    if (row && isCacheUsable) infoCache.set(memberId, row, readVersion);
    return row;
  }

  return {
    /** The loyalty module's reader of a member's club label and member labels (services.ts). */
    useLabels(reader: typeof findLabels): void {
      findLabels = reader;
    },

    /** GET /wps/member/info. */
    async getInfo(memberId: string): Promise<MemberInfo> {
      // Side by side: when either copy has gone cold the answer waits for one round trip, not two.
      const [row, labels] = await Promise.all([readMemberInfo(memberId), findLabels(memberId)]);
      if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      return {
        id: row.id,
        account: row.account,
        nickname: row.nickname,
        type: row.type,
        toUpline: row.uplineId !== null,
        clubLabel: labels.clubLabel,
        memberLabel: labels.memberLabel,
        language: row.language,
        mobileNum: maskMobile(row.dialingCode, row.mobile),
        email: maskEmail(row.email),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** GET /wps/member/info/icon: the member's avatar (nulls mean the default avatar). */
    async getAvatar(memberId: string): Promise<MemberAvatar> {
      const avatarId = await findAvatarId(db, memberId);
      return { avatarId, url: avatarId === null ? null : avatarUrl(avatarId) };
    },

    /** GET /wps/relay/MCSFE_getPlayerAvatar: every avatar on offer and the member's current one. */
    async listAvatars(memberId: string): Promise<PlayerAvatarList> {
      const list = Array.from({ length: AVATAR_COUNT }, (_, i) => ({ avatarId: i + 1, url: avatarUrl(i + 1) }));
      return { list, current: await findAvatarId(db, memberId) };
    },

    /** PUT /wps/member/info/icon: choose one of the drawn avatars. */
    async setAvatar(memberId: string, avatarId: number): Promise<MemberAvatar> {
      await updateAvatarId(db, memberId, avatarId);
      return { avatarId, url: avatarUrl(avatarId) };
    },

    /** PUT /wps/member/language: store one of the listed language codes. */
    async setLanguage(memberId: string, language: string): Promise<string> {
      const code = language.trim().toUpperCase();
      if (!(LANGUAGE_CODES as readonly string[]).includes(code)) {
        failFields([{ field: 'language', code: 'pattern', patternId: 0, min: 2, max: 8 }]);
      }
      await updateLanguage(db, memberId, code);
      feed?.announce(CHANGE_CHANNELS.memberChange, memberId);
      return code;
    },

    /** GET /wps/agent/affiliate: the agent behind a code valid on the given domain. */
    async checkAffiliate(
      code: string,
      domain: string | undefined,
      origin: RequestOrigin,
    ): Promise<{ code: string; agent: string }> {
      await rateLimiter.consume(
        'affiliate-ip',
        origin.ip,
        MEMBER_LIMITS.affiliatePerIp.limit,
        MEMBER_LIMITS.affiliatePerIp.windowSeconds,
      );
      const row = await core.resolveCode(code, domain);
      if (!row) throw new AppError(ErrorCode.INVITATION_CODE_ERROR, 'The invitation code is not valid');
      return { code: row.code, agent: row.memberAccount };
    },
  };
}
