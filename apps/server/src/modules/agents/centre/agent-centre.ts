import { AGENT_ANNOUNCEMENT_TYPE, type Announcement } from '@wps/shared/schemas/content';
import type { CentreAnnouncements } from '@wps/shared/schemas/agent-centre';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { LedgerService } from '../../ledger/ledger.service';
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
    'findMemberIdByAccount' | 'findAccountNames' | 'createLinkCode' | 'setLinkCodeEnabled' | 'useAffiliateLinks'
  >;
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
