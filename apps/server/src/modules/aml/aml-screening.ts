import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { normalizeCpf } from '@wps/shared/cpf';
import type { AmlCaseTrigger, AmlReason, AmlSweepResult } from '@wps/shared/schemas/aml';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import type { AuditService } from '../audit/audit.service';
import type { IdentityDirectory } from '../identity/identity-directory';
import type { AfterInsert, IdentityGate, RegistrationIdentity } from '../member/member-core';
import type { MonitoringSignals, SignalCount } from '../monitoring/monitoring-signals';
import { AML_LOOKBACK_MS, HIGH_AT, PEP_POINTS, caseSignalFlags, rate } from './aml-rating';
import {
  findPlayers,
  findRatedAfter,
  insertCase,
  lockPlayer,
  savePep,
  saveRating,
  type PlayerRow,
} from './aml.repository';
import { screenAll, type PepFinding, type PepScreeningProvider } from './pep-screening';

type Db = Kysely<Database>;

/** How many players a sweep reads (and asks the provider about) per page. */
const SWEEP_PAGE = 1000;

export type ScreeningContext = {
  db: Db;
  log: Pick<Logger, 'info' | 'warn'>;
  audit: Pick<AuditService, 'record'>;
  /** The PEP screening provider; null when none may run (the sandbox with NODE_ENV=production unallowed). */
  pepProvider: PepScreeningProvider | null;
  identities: Pick<IdentityDirectory, 'identitiesAfter'>;
  signals: MonitoringSignals;
  now: () => number;
};

/**
 * PEP screening and the risk rating (docs/compliance.md, "Anti-money laundering"). A PEP is
 * flagged, never refused: the answer at sign-up is written in the account's transaction, raises
 * the rating and opens a case for enhanced due diligence; a provider that cannot be asked leaves
 * the account unscreened, and the daily sweep asks again. The rating is computed from the stored
 * PEP answer and the monitoring flags of the last 90 days, under the player's aml_players row
 * lock, at sign-up, by the sweep and on an operator's demand; turning high on signals alone, or a
 * new in-and-out flag, opens a case.
 */
export function createAmlScreening(ctx: ScreeningContext) {
  const { db, log, audit, pepProvider, signals, now } = ctx;

  async function ask(cpfs: readonly string[]): Promise<Map<string, PepFinding>> {
    if (!pepProvider) throw new Error('no PEP screening provider is connected');
    return screenAll(pepProvider, cpfs);
  }

  /** Open a system case (once while one of the trigger is live), audited; true when opened. */
  async function openCase(
    trx: Db,
    memberId: string,
    trigger: Exclude<AmlCaseTrigger, 'operator'>,
    summary: string,
    reasons: AmlReason[],
  ): Promise<boolean> {
    const id = await insertCase(trx, { memberId, trigger, summary, reasons, openedBy: null });
    if (id === null) return false;
    await audit.record(trx, {
      actorType: 'system',
      actorId: null,
      action: 'aml.case.open',
      subjectType: 'aml_case',
      subjectId: id,
      reason: summary,
      before: null,
      after: { memberId, trigger, status: 'open' },
    });
    return true;
  }

  /**
   * Rate a player whose row the caller locked (its PEP answer as stored now), from flags read
   * before the transaction: save the rating, audit a change, open the cases it calls for.
   * Answers how many cases were opened.
   */
  async function applyRating(trx: Db, player: PlayerRow, counts: SignalCount[], at: Date): Promise<number> {
    const rated = rate({
      pep: player.isPep ? { role: player.pepRole } : null,
      signals: counts.map((c) => ({ rule: c.rule, flags: c.flags })),
    });
    await saveRating(trx, player.memberId, { ...rated, at });
    if (rated.rating !== player.rating) {
      await audit.record(trx, {
        actorType: 'system',
        actorId: null,
        action: 'aml.rating',
        subjectType: 'member',
        subjectId: player.memberId,
        reason: null,
        before: { rating: player.rating, points: player.points },
        after: { rating: rated.rating, points: rated.points, reasons: rated.reasons },
      });
    }
    let opened = 0;
    // A PEP's high rating is the PEP case's business; a high rating from the signals alone is a case of its own.
    const signalPoints = rated.points - (player.isPep ? PEP_POINTS : 0);
    if (rated.rating === 'high' && player.rating !== 'high' && signalPoints >= HIGH_AT) {
      const summary = `Risk rating turned high (${rated.points} points)`;
      if (await openCase(trx, player.memberId, 'high_risk', summary, rated.reasons)) opened += 1;
    }
    if (caseSignalFlags(rated.reasons) > caseSignalFlags(player.reasons)) {
      if (await openCase(trx, player.memberId, 'signal', 'Money withdrawn and brought back to play', rated.reasons))
        opened += 1;
    }
    return opened;
  }

  /** Record a PEP answer on a player the caller locked; a new PEP opens a case. Answers the changed player. */
  async function recordPep(
    trx: Db,
    player: PlayerRow,
    finding: PepFinding,
    at: Date,
    where: 'at sign-up' | 'by the sweep',
  ): Promise<{ player: PlayerRow; opened: number }> {
    await savePep(trx, player.memberId, { isPep: finding.pep, role: finding.role, at });
    const next: PlayerRow = { ...player, isPep: finding.pep, pepRole: finding.role, pepCheckedAt: at };
    let opened = 0;
    if (finding.pep && player.isPep !== true) {
      const reasons: AmlReason[] = [{ kind: 'pep', rule: null, count: 1, points: PEP_POINTS, detail: finding.role }];
      const summary = `Politically exposed person found ${where}${finding.role ? ` (${finding.role})` : ''}`;
      if (await openCase(trx, player.memberId, 'pep', summary.slice(0, 500), reasons)) opened += 1;
    }
    return { player: next, opened };
  }

  /** Rate one player now: the flags read first, then the rating under the row's lock. Answers the cases opened. */
  async function rerate(memberId: string): Promise<number> {
    const at = new Date(now());
    const counts = await signals.countsOf([memberId], new Date(at.getTime() - AML_LOOKBACK_MS));
    return runInTransaction(db, async (trx) => applyRating(trx, await lockPlayer(trx, memberId), counts, at));
  }

  /** The PEP pass of a sweep: every identity asked page by page; a changed answer recorded and the player rated. */
  async function screenBase(result: AmlSweepResult, at: Date, done: Set<string>): Promise<void> {
    let after = '0';
    for (;;) {
      const page = await ctx.identities.identitiesAfter(after, SWEEP_PAGE);
      if (page.length === 0) break;
      const findings = await ask(page.map((row) => row.cpf));
      const stored = await findPlayers(
        db,
        page.map((row) => row.memberId),
      );
      result.screened += page.length;
      // Only a changed answer (or a first one) is written: an unchanged base costs no write.
      const changed = page.filter((row) => {
        const finding = findings.get(row.cpf)!;
        const was = stored.get(row.memberId);
        return was?.isPep !== finding.pep || (finding.pep && was?.pepRole !== finding.role);
      });
      const since = new Date(at.getTime() - AML_LOOKBACK_MS);
      const counts = await signals.countsOf(
        changed.map((row) => row.memberId),
        since,
      );
      for (const row of changed) {
        const finding = findings.get(row.cpf)!;
        if (finding.pep) result.peps += 1;
        result.opened += await runInTransaction(db, async (trx) => {
          const locked = await lockPlayer(trx, row.memberId);
          const pep = await recordPep(trx, locked, finding, at, 'by the sweep');
          const mine = counts.filter((c) => c.memberId === row.memberId);
          return pep.opened + (await applyRating(trx, pep.player, mine, at));
        });
        result.rated += 1;
        done.add(row.memberId);
      }
      after = page[page.length - 1]!.memberId;
    }
  }

  /** The rating pass of a sweep: players flagged in the look-back window, then those rated above low (it can fall). */
  async function rateFlagged(result: AmlSweepResult, at: Date, done: Set<string>): Promise<void> {
    const since = new Date(at.getTime() - AML_LOOKBACK_MS);
    const sources = [
      (after: string) => signals.flaggedAfter(since, after, SWEEP_PAGE),
      (after: string) => findRatedAfter(db, after, SWEEP_PAGE),
    ];
    for (const next of sources) {
      let after = '0';
      for (;;) {
        const page = await next(after);
        if (page.length === 0) break;
        for (const memberId of page) {
          if (done.has(memberId)) continue;
          done.add(memberId);
          result.opened += await rerate(memberId);
          result.rated += 1;
        }
        after = page[page.length - 1]!;
      }
    }
  }

  return {
    /**
     * The identity gate with PEP screening at sign-up: once the identity's own checks admitted
     * the CPF, the provider is asked (outside any transaction); the answer, the rating and a PEP's
     * case are written in the account's transaction. Never refuses a sign-up.
     */
    withPepScreening(gate: IdentityGate): IdentityGate {
      return {
        ...gate,
        async registration(input: Parameters<IdentityGate['registration']>[0]): Promise<RegistrationIdentity | null> {
          const identity = await gate.registration(input);
          if (!identity) return null;
          return {
            ...identity,
            async admit(): Promise<AfterInsert> {
              const write = await identity.admit();
              const cpf = normalizeCpf(input.cpf ?? '');
              let finding: PepFinding | null = null;
              if (cpf) {
                try {
                  finding = (await ask([cpf])).get(cpf) ?? null;
                } catch (err) {
                  log.warn({ err }, 'PEP screening at sign-up failed; the account is left for the sweep');
                }
              }
              const at = new Date(now());
              return async (trx, memberId) => {
                await write(trx, memberId);
                let player = await lockPlayer(trx, memberId);
                if (finding) player = (await recordPep(trx, player, finding, at, 'at sign-up')).player;
                // A new account has no flags yet.
                await applyRating(trx, player, [], at);
              };
            },
          };
        },
      };
    },

    rerate,

    /**
     * One period of the daily sweep (jobs/aml-sweep.job.ts): the whole base's PEP screening, then
     * the ratings of every flagged or above-low player. Safe to run twice: answers are written
     * only when they changed, and a case is opened once while one of its trigger is live. With no
     * provider the ratings are still computed and the sweep then fails, so the period is tried again.
     */
    async sweep(): Promise<AmlSweepResult> {
      const at = new Date(now());
      const result: AmlSweepResult = { screened: 0, peps: 0, rated: 0, opened: 0 };
      // Players the PEP pass rated are not rated twice.
      const done = new Set<string>();
      let screeningError: Error | null = null;
      try {
        await screenBase(result, at, done);
      } catch (err) {
        screeningError = err instanceof Error ? err : new Error(String(err));
      }
      await rateFlagged(result, at, done);
      if (screeningError) throw screeningError;
      return result;
    },
  };
}

export type AmlScreening = ReturnType<typeof createAmlScreening>;
