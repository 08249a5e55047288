import { AGENT_ANNOUNCEMENT_TYPE, type Announcement } from '@wps/shared/schemas/content';
import type { CentreAnnouncements } from '@wps/shared/schemas/agent-centre';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../../http/app-error';
import type { LedgerService } from '../../ledger/ledger.service';
import type { LoginVerificationService } from '../../login-verification/login-verification.service';
import type { MemberService } from '../../member/member.service';
import type { SystemService } from '../../system/system.service';
import type { ActivityViews } from './centre-activity.repository';
import { createCentreLinks } from './centre-links';
import { createCentreReads } from './centre.service';

export type AgentCentreContext = {
  db: Kysely<Database>;
  views: ActivityViews;
  system: Pick<SystemService, 'getBrand'>;
  ledger: Pick<LedgerService, 'getPlayerBalance'>;
  member: Pick<
    MemberService,
    | 'findMemberIdByAccount'
    | 'findAccountNames'
    | 'createLinkCode'
    | 'setLinkCodeEnabled'
    | 'useAffiliateLinks'
    | 'findUpline'
    | 'findMemberBrief'
  >;
  /** The login-verification module's pass for an account no login code can reach. */
  devicePasses: Pick<LoginVerificationService, 'grantPass'>;
  /** The content module's announcements of a type, newest first (the agents' type here). */
  announcements: (
    language: string | undefined,
    q: { type: Announcement['type']; pageNo: number; pageSize: number },
  ) => Promise<{ list: Announcement[]; total: number }>;
  /** The operator's time zone: where the team figures' days begin. */
  timeZone: (db: Kysely<Database>) => Promise<string>;
  now?: () => Date;
};

/**
 * The agent centre (docs/agents.md, "The agent centre"): the team reads (centre.service.ts),
 * invitation links (centre-links.ts, which registration asks through the member module), and the
 * agents' announcements. The register centre and transfers are the member and transfer modules'
 * own calls, which the routes reach directly.
 */
export function createAgentCentre(ctx: AgentCentreContext) {
  const links = createCentreLinks(ctx);
  ctx.member.useAffiliateLinks({ accountTypeFor: links.accountTypeFor, onRegistered: links.onRegistered });
  return {
    reads: createCentreReads(ctx),
    links,
    /**
     * Let a direct downline's next login from a new device through once (docs/decisions.md, "Login
     * from a new device"): for an account with no mobile and no e-mail, which no login code reaches.
     */
    async grantDevicePass(agentId: string, downlineId: string): Promise<{ account: string; expiresAt: string }> {
      const [upline, brief] = await Promise.all([
        ctx.member.findUpline(downlineId),
        ctx.member.findMemberBrief(downlineId),
      ]);
      if (!upline || upline.uplineId !== String(agentId) || !brief || brief.status !== 'active')
        throw new AppError(ErrorCode.AGENT_NOT_DIRECT_DOWNLINE, 'Only your own active direct downlines');
      const { expiresAt } = await ctx.devicePasses.grantPass(String(agentId), String(downlineId));
      return { account: brief.account, expiresAt };
    },
    async announcements(
      language: string | undefined,
      q: { page: number; pageSize: number },
    ): Promise<CentreAnnouncements> {
      const { list, total } = await ctx.announcements(language, {
        type: AGENT_ANNOUNCEMENT_TYPE,
        pageNo: q.page,
        pageSize: q.pageSize,
      });
      return {
        list,
        page: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },
  };
}

export type AgentCentre = ReturnType<typeof createAgentCentre>;
