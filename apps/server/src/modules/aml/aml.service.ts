import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { IdentityDirectory } from '../identity/identity-directory';
import type { MonitoringSignals } from '../monitoring/monitoring-signals';
import { createAmlCases } from './aml-cases';
import { createAmlPlayers } from './aml-players';
import { createAmlScreening } from './aml-screening';
import type { ReportContext } from './coaf-report';
import type { CoafSender } from './coaf-sender';
import type { PepScreeningProvider } from './pep-screening';

/** The daily sweep's name in job_runs (jobs/aml-sweep.job.ts). */
export const AML_SWEEP_JOB = 'aml-sweep';

export type AmlContext = Omit<ReportContext, 'identities'> & {
  db: Kysely<Database>;
  log: Pick<Logger, 'info' | 'warn'>;
  audit: Pick<AuditService, 'record'>;
  /** Null when no provider may run: sign-ups stay unscreened and the sweep fails until one is connected. */
  pepProvider: PepScreeningProvider | null;
  /** Null when no sender may run: approving a filing answers AML_REPORT_UNAVAILABLE. */
  coafSender: CoafSender | null;
  identities: IdentityDirectory;
  signals: MonitoringSignals;
  /** The calendar clock (the test clock door moves it); Date.now when absent. */
  now?: (() => number) | undefined;
};

/**
 * Anti-money-laundering basics (docs/compliance.md, "Anti-money laundering"; Portaria SPA/MF
 * 1.143/2024): PEP screening at sign-up and in the daily sweep, each player's risk rating, and the
 * case queue with its COAF report. The PEP list and COAF are provider interfaces
 * (pep-screening.ts, coaf-sender.ts) with sandboxes, like KYC.
 */
export function createAmlService(ctx: AmlContext) {
  const now = ctx.now ?? Date.now;
  const players = createAmlPlayers({ db: ctx.db, identities: ctx.identities, accountNames: ctx.accountNames });
  const screening = createAmlScreening({
    db: ctx.db,
    log: ctx.log,
    audit: ctx.audit,
    pepProvider: ctx.pepProvider,
    identities: ctx.identities,
    signals: ctx.signals,
    now,
  });
  const cases = createAmlCases({ ...ctx, players, sender: ctx.coafSender, now });
  return {
    /** Wrap the identity gate so sign-ups are screened (services.ts). */
    withPepScreening: screening.withPepScreening,
    sweep: screening.sweep,
    cases,
    players: {
      view: async (memberId: string) => (await players.view(memberId)).player,
      /** Rate the player again now (an operator's request); answers the player as rated. */
      async rerate(memberId: string) {
        await players.view(memberId);
        await screening.rerate(memberId);
        return (await players.view(memberId)).player;
      },
    },
  };
}

export type AmlService = ReturnType<typeof createAmlService>;
