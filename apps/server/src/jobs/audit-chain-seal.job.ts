import type { AuditService } from '../modules/audit/audit.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** The job's name in job_runs. */
export const AUDIT_CHAIN_SEAL_JOB = 'audit-chain-seal';

/**
 * How often new audit chain links get their keyed seals: every minute, well inside the check's
 * grace (KEYED_SEAL_GRACE_MS, 15 minutes), so a link left unsealed longer than that was skipped on
 * purpose or had its seal removed.
 */
export const AUDIT_CHAIN_SEAL_INTERVAL_MS = 60_000;

/**
 * The audit chain's keyed seals (migration 0485; docs/decisions.md, "The audit chain is sealed with
 * a key the database does not hold"). Safe to repeat: a run seals from the last seal on, and a place
 * sealed twice keeps its first seal. A run that finds the chain rewritten seals nothing and fails
 * (logged, and the period is left failing for an operator).
 */
export function startAuditChainSealJob(
  audit: Pick<AuditService, 'sealChain'>,
  scheduler: JobScheduler,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: AUDIT_CHAIN_SEAL_JOB,
      run: () => audit.sealChain(),
      intervalMs: AUDIT_CHAIN_SEAL_INTERVAL_MS,
      doneMessage: 'audit chain links sealed',
      failMessage: 'audit chain sealing refused or failed',
      runAtStart: true,
    },
    scheduler,
  );
}
