import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContentService } from '../content/content.service';
import { createGatewayViews } from '../gateway/gateway-views';
import type { GatewayService } from '../gateway/gateway.service';
import type { LedgerService } from '../ledger/ledger.service';
import { createLedgerEntryViews } from '../ledger/ledger-entry-views';
import { createLedgerViews } from '../ledger/ledger-views';
import type { LoginVerificationService } from '../login-verification/login-verification.service';
import { createMemberAdmin } from '../member/member-admin';
import { createMemberViews } from '../member/member-views';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { OperatorMoneyService } from '../operator-money/operator-money.service';
import type { SystemService } from '../system/system.service';
import { createAgentsService } from './agents.service';
import { createAgentCentre } from './centre/agent-centre';
import { createAgentSettlementService } from './settlement/settlement.service';

/**
 * The agent side: the tree (a closure table kept by triggers on members), its operator moves and
 * the contracts between uplines and downlines; the agent centre's team reads and affiliate links;
 * the contracts' settlement, on the operator's days (the rewards engine's time zone).
 */
export function wireAgents(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    ledger: LedgerService;
    member: MemberService;
    messages: MessagesService;
    operatorMoney: OperatorMoneyService;
    system: SystemService;
    gateway: GatewayService;
    catalogue: CatalogueService;
    loginVerification: LoginVerificationService;
    content: ContentService;
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const { audit, ledger, member, catalogue, content, timeZone } = deps;
  const memberViews = createMemberViews(ctx);
  const calendarClock = ctx.calendarClock;
  // The contracts' flags show in the consolidated funds summary.
  const agents = createAgentsService({
    db: ctx.db,
    audit,
    member,
    messages: deps.messages,
    memberAdmin: createMemberAdmin(),
    setups: deps.operatorMoney.setups,
  });
  // The agent centre: team reads over the closure table and the owners' views, links behind affiliate codes.
  const agentCentre = createAgentCentre({
    db: ctx.db,
    views: {
      member: memberViews,
      gateway: { gameRounds: deps.gateway.gameRounds },
      catalogue: { vendorNames: catalogue.vendorNames, gameNames: catalogue.gameNames },
      ledger: createLedgerEntryViews(ctx),
    },
    system: deps.system,
    ledger,
    member,
    devicePasses: deps.loginVerification,
    announcements: (language, q) => content.announcements(language, q),
    // The operator's days, read when a figure is asked for.
    timeZone,
    ...(calendarClock ? { now: () => new Date(calendarClock()) } : {}),
  });
  // Each contract type's periods counted from the round records and the ledger (through their
  // modules' views) and paid through the ledger, in the operator's time zone.
  const agentSettlement = createAgentSettlementService({
    db: ctx.db,
    audit,
    ledger,
    views: {
      rounds: createGatewayViews(ctx).settledRounds,
      bonuses: createLedgerViews(ctx).playerBonusCredits,
      members: memberViews.uplines,
    },
    timeZone,
    now: ctx.calendarClock,
  });
  return { agents, agentCentre, agentSettlement };
}
