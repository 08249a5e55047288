import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type {
  ContractType,
  HouseContractBody,
  HouseContractChange,
  HouseContractResult,
} from '@wps/shared/schemas/agents';
import type { Database } from '../../../db/schema';
import { runInTransaction } from '../../../db/run-in-transaction';
import { AppError } from '../../../http/app-error';
import type { AuditService } from '../../audit/audit.service';
import type { SetupCeilings } from '../../operator-money/operator-money-setups';
import { periodOf, type createAgentContracts } from '../agent-contracts';
import { exceedsUpline } from '../contract-rates';
import { lockHouseContractSlot, lockLiveContract, type ContractRow } from '../contracts.repository';
import {
  decideHouseChange,
  findHouseChange,
  findPendingHouseChanges,
  insertHouseChange,
  lockPendingHouseChange,
  supersedeHouseChanges,
  type HouseChangeRow,
} from './house-contract-changes.repository';

type Db = Kysely<Database>;
type Approver = { operatorId: string; role: OpsRole };

export type HouseContractChangesContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The operator money policy's check of the second operator (kind `agent_contract`). */
  setups: Pick<SetupCeilings, 'assertApprover'>;
  contracts: Pick<ReturnType<typeof createAgentContracts>, 'assertTopAgent' | 'applyHouseContract' | 'present'>;
};

/**
 * Whether new terms pay more than the live contract: there is none (a new contract pays from
 * nothing), a tier gives a higher rate for some figures (the rate cap's pointwise comparison), or
 * the period changes (a dividend settled weekly is not netted over the month, and a longer period
 * reaches higher tiers: neither is clearly less).
 */
export function raisesHouseContract(live: ContractRow | undefined, tiers: HouseContractBody['tiers'], period: string) {
  return !live || live.period !== period || exceedsUpline(tiers, live.tiers);
}

function present(row: HouseChangeRow): HouseContractChange {
  const before = row.before as { contractId: string; tiers: HouseContractChange['tiers']; period: string } | null;
  return {
    id: String(row.id),
    memberId: String(row.memberId),
    account: row.account,
    type: row.type as ContractType,
    tiers: row.tiers,
    period: row.period,
    current: before,
    reason: row.reason,
    status: row.status,
    requestedBy: String(row.requestedBy),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    contractId: row.contractId === null ? null : String(row.contractId),
  };
}

/**
 * A top agent's contracts with the house (docs/agents.md, "Contracts"; docs/decisions.md, "Rate
 * set-ups: a raise waits for a second operator"). The house pays the whole chain under a top agent
 * its top rate, so an operator alone cannot raise it: a new contract, or terms that pay more, wait
 * for an operator other than the asker whose live role holds the policy's permission of kind
 * `agent_contract`; terms that pay less are active at once, as before. Locks: the house slot's
 * advisory lock of (member, type), then the live contract, then the change row.
 */
export function createHouseContractChanges({ db, audit, setups, contracts }: HouseContractChangesContext) {
  async function lockForDecision(trx: Db, approver: Approver, id: string): Promise<HouseChangeRow> {
    const row = await lockPendingHouseChange(trx, id);
    if (!row) {
      const existing = await findHouseChange(trx, id);
      if (!existing) throw new AppError(ErrorCode.SETUP_CHANGE_NOT_FOUND, 'No such house contract change');
      throw new AppError(ErrorCode.SETUP_CHANGE_ALREADY_DECIDED, 'This house contract change was already decided', {
        status: existing.status,
      });
    }
    setups.assertApprover('agent_contract', String(row.requestedBy), approver);
    return row;
  }

  /** The change as first read (unlocked): its slot is what the decision locks first. */
  async function slotOf(id: string): Promise<HouseChangeRow> {
    const seen = await findHouseChange(db, id);
    if (!seen) throw new AppError(ErrorCode.SETUP_CHANGE_NOT_FOUND, 'No such house contract change');
    return seen;
  }

  return {
    /** GET /ops/agents/contract-changes. */
    async listPending(): Promise<HouseContractChange[]> {
      return (await findPendingHouseChanges(db)).map(present);
    },

    /** PUT /ops/agents/:memberId/contracts/:type: lower terms at once, the rest left waiting. */
    async request(
      operatorId: string,
      memberId: string,
      type: ContractType,
      body: HouseContractBody,
    ): Promise<HouseContractResult> {
      await contracts.assertTopAgent(memberId);
      const period = periodOf(type, body.period);
      const outcome = await runInTransaction(db, async (trx) => {
        await lockHouseContractSlot(trx, memberId, type);
        const previous = await lockLiveContract(trx, memberId, type);
        if (!raisesHouseContract(previous, body.tiers, period)) {
          const created = await contracts.applyHouseContract(trx, {
            memberId,
            type,
            tiers: body.tiers,
            period,
            reason: body.reason,
            previous,
            askedBy: operatorId,
            actorId: operatorId,
          });
          return { created, waiting: null };
        }
        const superseded = await supersedeHouseChanges(trx, memberId, type);
        const before = previous
          ? { contractId: String(previous.id), tiers: previous.tiers, period: previous.period }
          : null;
        const waiting = await insertHouseChange(trx, {
          memberId,
          type,
          tiers: JSON.stringify(body.tiers),
          period,
          before,
          reason: body.reason,
          requestedBy: operatorId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'agent.contract.house_request',
          subjectType: 'member',
          subjectId: memberId,
          reason: body.reason,
          before,
          after: {
            changeId: String(waiting.id),
            status: 'pending',
            type,
            tiers: body.tiers,
            period,
            supersedes: superseded,
          },
        });
        return { created: null, waiting };
      });
      return {
        contract: outcome.created ? (await contracts.present([outcome.created]))[0]! : null,
        waiting: outcome.waiting ? present(outcome.waiting) : null,
      };
    },

    /** POST /ops/agents/contract-changes/:id/approve: the contract made now; never the asker's own. */
    async approve(approver: Approver, id: string, reason: string): Promise<HouseContractChange> {
      const seen = await slotOf(id);
      // Still a top agent: a member moved under an agent or made a player since has no house contract.
      await contracts.assertTopAgent(String(seen.memberId));
      await runInTransaction(db, async (trx) => {
        await lockHouseContractSlot(trx, String(seen.memberId), seen.type);
        const change = await lockForDecision(trx, approver, id);
        const previous = await lockLiveContract(trx, String(change.memberId), change.type);
        const created = await contracts.applyHouseContract(trx, {
          memberId: String(change.memberId),
          type: change.type as ContractType,
          tiers: change.tiers,
          period: change.period,
          reason,
          previous,
          askedBy: String(change.requestedBy),
          actorId: approver.operatorId,
          approval: { changeId: id, approvedBy: approver.operatorId },
        });
        await decideHouseChange(trx, id, {
          status: 'applied',
          decidedBy: approver.operatorId,
          reason,
          contractId: String(created.id),
        });
      });
      return present((await findHouseChange(db, id))!);
    },

    /** POST /ops/agents/contract-changes/:id/reject: nothing changes; never the asker's own. */
    async reject(approver: Approver, id: string, reason: string): Promise<HouseContractChange> {
      const seen = await slotOf(id);
      await runInTransaction(db, async (trx) => {
        await lockHouseContractSlot(trx, String(seen.memberId), seen.type);
        const change = await lockForDecision(trx, approver, id);
        await decideHouseChange(trx, id, { status: 'rejected', decidedBy: approver.operatorId, reason });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'agent.contract.house_reject',
          subjectType: 'member',
          subjectId: String(change.memberId),
          reason,
          before: { changeId: id, status: 'pending', requestedBy: String(change.requestedBy) },
          after: { changeId: id, status: 'rejected', type: change.type, tiers: change.tiers, period: change.period },
        });
      });
      return present((await findHouseChange(db, id))!);
    },
  };
}

export type HouseContractChanges = ReturnType<typeof createHouseContractChanges>;
