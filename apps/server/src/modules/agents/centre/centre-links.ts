import { AccountType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AgentLink, LinkCreateBody, LinkTerms } from '@wps/shared/schemas/agent-centre';
import { CONTRACT_TYPES, type ContractTier, type ContractType } from '@wps/shared/schemas/agents';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { runInTransaction } from '../../../db/run-in-transaction';
import { AppError } from '../../../http/app-error';
import type { MemberService } from '../../member/member.service';
import { periodOf } from '../agent-contracts';
import { exceedsUpline } from '../contract-rates';
import { insertContract, lockLiveContract } from '../contracts.repository';
import {
  countRegistration,
  findLinkByCode,
  findLinks,
  insertLink,
  lockLink,
  updateLink,
  type LinkRow,
} from './centre-links.repository';

type Db = Kysely<Database>;

export type LinksContext = {
  db: Db;
  member: Pick<MemberService, 'createLinkCode' | 'setLinkCodeEnabled'>;
  now?: () => Date;
};

/** The most links an agent keeps at once (deleted ones do not count). */
export const MAX_LINKS_PER_AGENT = 50;

const notFound = () => new AppError(ErrorCode.AGENT_LINK_NOT_FOUND, 'No such link');

function toLink(r: LinkRow): AgentLink {
  return {
    linkId: String(r.id),
    code: r.code,
    type: r.linkType,
    terms: r.terms as LinkTerms,
    enabled: r.enabled,
    registrations: Number(r.registrations),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** The contract types a link's terms name, in a fixed order (the order their rows are locked in). */
const termTypes = (terms: LinkTerms) => CONTRACT_TYPES.filter((t) => terms[t] !== undefined);

/**
 * Invitation links (link management): an affiliate code that registers a member, or a
 * second-line agent (type 2) that is offered the link's default contract terms. The terms are
 * checked against the agent's own contracts when the link is made (the rate cap) and again when
 * someone registers: an offer the cap no longer allows is not made.
 */
export function createCentreLinks(ctx: LinksContext) {
  const { db, member } = ctx;
  const now = ctx.now ?? (() => new Date());

  return {
    async list(agentId: string): Promise<AgentLink[]> {
      return (await findLinks(db, agentId)).map(toLink);
    },

    async create(agentId: string, body: LinkCreateBody): Promise<AgentLink> {
      const terms = (body.terms ?? {}) as LinkTerms;
      const row = await runInTransaction(db, async (trx) => {
        for (const type of termTypes(terms)) {
          const own = await lockLiveContract(trx, agentId, type);
          if (!own || exceedsUpline(terms[type] as ContractTier[], own.tiers)) {
            throw new AppError(
              ErrorCode.AGENT_RATE_ABOVE_UPLINE,
              "A link's terms cannot exceed your own contract's rate",
              { type },
            );
          }
        }
        if ((await findLinks(trx, agentId)).length >= MAX_LINKS_PER_AGENT) {
          throw new AppError(ErrorCode.AGENT_LINK_LIMIT, 'You have reached the most links you can keep', {
            max: MAX_LINKS_PER_AGENT,
          });
        }
        const code = await member.createLinkCode(trx, agentId);
        return insertLink(trx, { agentId, code, type: body.type, terms: JSON.stringify(terms) });
      });
      return toLink(row);
    },

    async setEnabled(agentId: string, linkId: string, enabled: boolean): Promise<AgentLink> {
      const row = await runInTransaction(db, async (trx) => {
        const link = await lockLink(trx, agentId, linkId);
        if (!link) throw notFound();
        await member.setLinkCodeEnabled(trx, agentId, link.code, enabled);
        return updateLink(trx, linkId, { enabled });
      });
      return toLink(row);
    },

    /** Delete a link: its code stops working for good; the row stays with its count. */
    async remove(agentId: string, linkId: string): Promise<{ linkId: string; deleted: true }> {
      await runInTransaction(db, async (trx) => {
        const link = await lockLink(trx, agentId, linkId);
        if (!link) throw notFound();
        await member.setLinkCodeEnabled(trx, agentId, link.code, false);
        await updateLink(trx, linkId, { enabled: false, deletedAt: now() });
      });
      return { linkId: String(linkId), deleted: true };
    },

    /** Registration's question (member module): the account type an affiliate code creates, null when it is no link. */
    async accountTypeFor(code: string): Promise<number | null> {
      const link = await findLinkByCode(db, code);
      if (!link) return null;
      return link.linkType === 'agent' ? AccountType.AGENT_2 : AccountType.MEMBER;
    },

    /**
     * In the registration's transaction: count it on the link, and for an agent link offer the new
     * agent the link's terms, type by type, where the agent's own live contract still allows them
     * (its row locked first: contract rows are locked top-down).
     */
    async onRegistered(trx: Db, code: string, memberId: string): Promise<void> {
      const link = await countRegistration(trx, code);
      if (!link || link.linkType !== 'agent') return;
      const agentId = String(link.agentId);
      const terms = link.terms as LinkTerms;
      for (const type of termTypes(terms)) {
        const tiers = terms[type] as ContractTier[];
        const own = await lockLiveContract(trx, agentId, type);
        if (!own || exceedsUpline(tiers, own.tiers)) continue;
        await insertContract(trx, {
          type: type satisfies ContractType,
          uplineId: agentId,
          downlineId: String(memberId),
          tiers: JSON.stringify(tiers),
          period: periodOf(type, undefined),
          status: 'offered',
          offeredAt: now(),
          offeredByType: 'member',
          offeredById: agentId,
          answeredAt: null,
        });
      }
    },
  };
}

export type CentreLinks = ReturnType<typeof createCentreLinks>;
