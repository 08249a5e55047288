import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { AuditService } from '../audit/audit.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import { createResponsibleGamingService } from './responsible-gaming.service';

/**
 * Responsible gambling: the players' limits, time-outs and self-exclusion. Built before what it
 * guards: every new session passes its check, deposits and bets are held to the limits, excluded
 * players get no rewards and no platform messages.
 */
export function wireResponsibleGaming(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    changeFeed: ChangeFeed;
    system: SystemService;
    licence: LicenceService;
    jurisdiction: () => Promise<JurisdictionProfile>;
    session: SessionService;
    member: MemberService;
    /** The operator's time zone (the rewards module's settings), in which its days are cut. */
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const { licence, system } = deps;
  return createResponsibleGamingService({
    db: ctx.db,
    audit: deps.audit,
    changeFeed: deps.changeFeed,
    now: ctx.calendarClock ?? Date.now,
    realNow: Date.now,
    brand: () => system.getBrand(),
    jurisdiction: deps.jurisdiction,
    jurisdictionIn: (trx) => licence.policy.profile(trx),
    timeZone: deps.timeZone,
    session: deps.session,
    members: { findContacts: deps.member.findContacts },
  });
}
