import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  RgExclusion,
  RgHistoryEntry,
  RgOpsPlayer,
  RgSessionSummary,
} from '@wps/shared/schemas/responsible-gaming';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  findExclusions,
  findHistory,
  findMembersWithTimeLimits,
  isExcluded,
  type ExclusionRow,
  type HistoryRow,
} from './responsible-gaming.repository';
import { createRgAccess } from './rg-access';
import type { RgContext, RgLatePorts } from './rg-context';
import { createRgGuards } from './rg-guards';
import { createRgLimits } from './rg-limits';
import { latePort } from '../../late-port';

type Db = Kysely<Database>;

/** Players whose time limits one job run checks per page. */
const TIME_LIMIT_PAGE = 200;
const HISTORY_SHOWN = 200;

function exclusionView(row: ExclusionRow, at: number): RgExclusion {
  const ends = row.endsAt?.getTime() ?? null;
  const active = row.endedAt === null && (row.kind === 'self_exclusion' || (ends !== null && ends > at));
  return {
    id: String(row.id),
    kind: row.kind,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    reopenRequestedAt: row.reopenRequestedAt?.toISOString() ?? null,
    coolingOffUntil: row.coolingOffUntil?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    active,
  };
}

function historyView(row: HistoryRow): RgHistoryEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    action: row.action as RgHistoryEntry['action'],
    before: row.beforeValue,
    after: row.afterValue,
    actorType: row.actorType,
    actorId: row.actorId,
    at: row.at.toISOString(),
  };
}

/**
 * Responsible gambling (docs/compliance.md "Responsible gambling"): the player's limits
 * (rg-limits.ts), the money checks other modules call (rg-guards.ts: deposits, bets), who may be
 * logged in (rg-access.ts: time-outs, self-exclusion, time limits), reality checks, and the back
 * office's read-only view of a player.
 */
export function createResponsibleGamingService(ctx: RgContext & { changeFeed?: ChangeFeed }) {
  const late: RgLatePorts = {
    rounds: latePort('responsibleGaming.rounds'),
    cpfOf: latePort('responsibleGaming.cpfOf'),
  };
  const feed = ctx.changeFeed;
  const guards = createRgGuards(ctx, () => feed?.isLive === true);
  // Here at once; other instances through the change feed (triggers on the module's tables, migration 0330).
  const evict = (memberId: string) => guards.evict(memberId);
  feed?.subscribe(CHANGE_CHANNELS.rgChange, (memberId) => guards.evict(memberId));
  // A licence switch reaches the bet path's cached profile at once, not after its few seconds.
  feed?.subscribe(CHANGE_CHANNELS.licenceChange, () => guards.forgetProfile());
  feed?.onReset(() => guards.clear());
  const limits = createRgLimits(ctx, evict);
  const access = createRgAccess(ctx, late, evict);

  return {
    limits,
    access,
    guards,
    latePorts: [late.rounds, late.cpfOf],

    /** The gateway's round sums (loss limits, the reality check), bound once the gateway is built. */
    useRounds(rounds: Parameters<RgLatePorts['rounds']['set']>[0]): void {
      late.rounds.set(rounds);
    },
    /** The identity module's CPF of a member, so a self-exclusion also refuses a new account with the same CPF. */
    useCpf(cpfOf: Parameters<RgLatePorts['cpfOf']['set']>[0]): void {
      late.cpfOf.set(cpfOf);
    },

    /** Whether a member is in a time-out or self-exclusion (rewards and marketing leave them out). */
    isExcluded: (memberId: string, t: Db = ctx.db) => isExcluded(t, String(memberId), new Date(ctx.now())),

    /**
     * The reality check's figures for the caller's login session: time since it began and its
     * rounds' stakes and wins, read from the round records. Ends the session first when a time
     * limit is past (the answer is then the session's end).
     */
    async sessionSummary(memberId: string, sessionId: string): Promise<RgSessionSummary> {
      const ended = await access.enforceTime(memberId);
      if (ended) throw new AppError(ErrorCode.UNAUTHORIZED, 'Your time limit is reached', { sessionEnded: ended });
      const [startedAt, status] = await Promise.all([ctx.session.sessionStartedAt(sessionId), limits.status(memberId)]);
      if (!startedAt) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      const [sums] = await late.rounds.get()(memberId, [startedAt]);
      const stakes = sums!.stakes - sums!.refunds;
      const wins = sums!.wins;
      return {
        sessionStartedAt: startedAt.toISOString(),
        elapsedSeconds: Math.max(0, Math.floor((ctx.realNow() - startedAt.getTime()) / 1000)),
        currency: status.currency,
        scale: status.scale,
        stakes: formatMinor(stakes, status.scale),
        wins: formatMinor(wins, status.scale),
        net: formatMinor(wins - stakes, status.scale),
        intervalMinutes: status.realityCheckMinutes,
      };
    },

    /** The time-limit job's run: every player with a time limit, page by page; returns how many were logged out. */
    async enforceAllTimeLimits(): Promise<number> {
      let ended = 0;
      let after = '0';
      for (;;) {
        const ids = await findMembersWithTimeLimits(ctx.db, after, TIME_LIMIT_PAGE);
        for (const id of ids) if (await access.enforceTime(id)) ended++;
        if (ids.length < TIME_LIMIT_PAGE) return ended;
        after = ids[ids.length - 1]!;
      }
    },

    /** GET /ops/players/:id/responsible-gaming: limits, exclusions and history; the operator's look is audited. */
    async opsView(operatorId: string, memberId: string): Promise<RgOpsPlayer> {
      const at = ctx.now();
      const [status, exclusions, history] = await Promise.all([
        limits.status(memberId),
        findExclusions(ctx.db, memberId),
        findHistory(ctx.db, memberId, HISTORY_SHOWN),
      ]);
      await ctx.audit.record(ctx.db, {
        actorType: 'operator',
        actorId: operatorId,
        action: 'responsible_gaming.view',
        subjectType: 'member',
        subjectId: memberId,
        reason: null,
        before: null,
        after: null,
      });
      return {
        memberId,
        status,
        exclusions: exclusions.map((e) => exclusionView(e, at)),
        history: history.map(historyView),
      };
    },
  };
}

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
