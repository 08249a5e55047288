import type { ContractType } from '@wps/shared/schemas/agents';
import type { AgentSettlementService } from '../modules/agents/settlement/settlement.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/**
 * How often each contract type's settlement looks for ended periods: every 5 minutes (a real-time
 * salary's period; a day, an hour or a dividend's period is settled within 5 minutes of its end).
 */
export const AGENT_SETTLEMENT_INTERVAL_MS = 5 * 60_000;

const TYPES: readonly ContractType[] = ['realtime_salary', 'hourly_salary', 'daily_salary', 'dividend'];

/**
 * One job per contract type: each run settles the type's ended periods not settled yet. The job's
 * claim keeps two instances from doing the same work; the settlement's own keys (one run per
 * stream and period, one statement per contract and period, one ledger transaction per statement)
 * make it pay once even when a claim is taken over from an instance that died mid-run.
 */
export function startAgentSettlementJobs(
  settlement: Pick<AgentSettlementService, 'settleEnded'>,
  scheduler: JobScheduler,
): (() => Promise<void>)[] {
  return TYPES.map((type) =>
    startIntervalJob(
      {
        name: `agent-settlement-${type}`,
        run: () => settlement.settleEnded(type),
        intervalMs: AGENT_SETTLEMENT_INTERVAL_MS,
        doneMessage: 'agent statements paid',
        failMessage: 'agent settlement failed',
        runAtStart: true,
      },
      scheduler,
    ),
  );
}
