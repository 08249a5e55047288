import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type {
  Contract,
  ContractProcessBody,
  ContractTier,
  ContractType,
  ContractView,
} from '@wps/shared/schemas/agents';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { Cascade } from './contract-cascade';
import { exceedsUpline } from './contract-rates';
import {
  findContract,
  findMemberContracts,
  findOpenContractsOf,
  insertContract,
  lockContract,
  lockLiveContract,
  lockOpenOffer,
  updateContract,
  type ContractRow,
} from './contracts.repository';

type Db = Kysely<Database>;

export type AgentContractsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  member: Pick<MemberService, 'findMemberBrief' | 'findUpline' | 'findAccountNames'>;
  cascade: Cascade;
  now: () => Date;
};

/** The salary types' fixed periods; a dividend's is chosen (monthly unless given). */
const FIXED_PERIODS: Record<ContractType, string> = {
  dividend: 'monthly',
  daily_salary: 'day',
  hourly_salary: 'hour',
  realtime_salary: '5min',
};

export function periodOf(type: ContractType, asked: string | undefined): string {
  return type === 'dividend' ? (asked ?? FIXED_PERIODS.dividend) : FIXED_PERIODS[type];
}

/** The consolidated funds' contract fields: a live contract per type, and what awaits the member's answer. */
export type ContractFlags = {
  dailysalreqtype: number;
  divtypereq: number;
  contracthoursalreqtype: number;
  realtimesalreqtype: number;
  hasDailySalaryContract: boolean;
  hasHourlySalaryContract: boolean;
  hasRealTimeSalaryContract: boolean;
  hasDividendContract: boolean;
};

/** Request types: nothing awaits the member; an offer awaits its answer (new-request view); a termination request from the other side does. */
export const REQUEST_TYPE = { NONE: 0, NEW_CONTRACT: 1, TERMINATION: 2 } as const;

const stateError = () => new AppError(ErrorCode.AGENT_CONTRACT_STATE, 'This contract cannot be changed this way now');
const notFound = () => new AppError(ErrorCode.AGENT_CONTRACT_NOT_FOUND, 'No such contract');
const aboveUpline = () =>
  new AppError(ErrorCode.AGENT_RATE_ABOVE_UPLINE, "A downline's rate cannot exceed its upline's");

/**
 * Contracts between an upline agent and a direct downline agent (docs/agents.md, "Contracts"):
 * the four process calls' actions, a top agent's contract with the house, and the consolidated
 * flags. Every change runs in one transaction that locks contract rows top-down (the upline's
 * live contract, then the contract acted on, then the rows under it, level by level).
 */
export function createAgentContracts(ctx: AgentContractsContext) {
  const { db, audit, member, cascade, now } = ctx;

  async function toContracts(rows: ContractRow[]): Promise<Contract[]> {
    const names = await member.findAccountNames(
      rows.flatMap((r) => [String(r.downlineId), ...(r.uplineId === null ? [] : [String(r.uplineId)])]),
    );
    const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
    return rows.map((r) => ({
      id: String(r.id),
      type: r.type as ContractType,
      upline: r.uplineId === null ? null : (names.get(String(r.uplineId)) ?? ''),
      downline: names.get(String(r.downlineId)) ?? '',
      tiers: r.tiers,
      period: r.period,
      status: r.status as Contract['status'],
      offeredAt: new Date(r.offeredAt).toISOString(),
      answeredAt: iso(r.answeredAt),
      terminationRequestedAt: iso(r.terminationRequestedAt),
      terminationRequestedBy: r.terminationRequestedBy as Contract['terminationRequestedBy'],
      terminatedAt: iso(r.terminatedAt),
      endReason: r.endReason as Contract['endReason'],
    }));
  }

  async function view(memberId: string, type: ContractType, changed: ContractRow | null): Promise<ContractView> {
    const { mine, downlines } = await findMemberContracts(db, memberId, type);
    const [current, offer, changedView, downlineViews] = await Promise.all([
      toContracts(mine.filter((r) => r.status !== 'offered')),
      toContracts(mine.filter((r) => r.status === 'offered')),
      toContracts(changed ? [changed] : []),
      toContracts(downlines),
    ]);
    return {
      type,
      current: current[0] ?? null,
      offer: offer[0] ?? null,
      downlines: downlineViews,
      changed: changedView[0] ?? null,
    };
  }

  /** The upline offers a contract to a direct downline agent, within its own contract of the type. */
  async function offer(
    memberId: string,
    type: ContractType,
    downlineId: string,
    tiers: ContractTier[],
    period: string | undefined,
  ): Promise<ContractRow> {
    const [upline, brief] = await Promise.all([member.findUpline(downlineId), member.findMemberBrief(downlineId)]);
    if (
      !upline ||
      upline.uplineId !== String(memberId) ||
      !brief ||
      !isAgentType(brief.type) ||
      brief.status !== 'active'
    ) {
      throw new AppError(
        ErrorCode.AGENT_NOT_DIRECT_DOWNLINE,
        'Contracts can only be offered to a direct downline agent',
      );
    }
    return runInTransaction(db, async (trx) => {
      const own = await lockLiveContract(trx, memberId, type);
      if (!own || exceedsUpline(tiers, own.tiers)) throw aboveUpline();
      if (await lockOpenOffer(trx, downlineId, type))
        throw new AppError(ErrorCode.AGENT_CONTRACT_PENDING, 'An offer of this type already awaits an answer');
      return insertContract(trx, {
        type,
        uplineId: String(memberId),
        downlineId,
        tiers: JSON.stringify(tiers),
        period: periodOf(type, period),
        status: 'offered',
        offeredAt: now(),
        offeredByType: 'member',
        offeredById: String(memberId),
        answeredAt: null,
      });
    });
  }

  /** The downline accepts an offer: it replaces the live contract of the type; lower terms end the downlines' contracts above them (once confirmed). */
  async function accept(
    memberId: string,
    type: ContractType,
    contractId: string,
    confirm: boolean,
  ): Promise<ContractRow> {
    const seen = await findContract(db, contractId);
    if (!seen || seen.type !== type || String(seen.downlineId) !== String(memberId)) throw notFound();
    // The refusal for unconfirmed lower terms names the downlines: their names are read after the
    // transaction (its rows are only locked and read, so nothing is written before it).
    const outcome = await runInTransaction(db, async (trx) => {
      // Top-down: the upline's live contract (the cap), then the offer, then the member's own rows.
      const uplineContract =
        seen.uplineId === null ? undefined : await lockLiveContract(trx, String(seen.uplineId), type);
      const row = await lockContract(trx, contractId);
      if (!row || row.status !== 'offered') throw stateError();
      if (row.uplineId !== null && (!uplineContract || exceedsUpline(row.tiers, uplineContract.tiers)))
        throw aboveUpline();
      const previous = await lockLiveContract(trx, memberId, type);
      const affected = await cascade.wouldExceed(trx, memberId, type, row.tiers);
      if (affected.length > 0 && !confirm) return { accepted: null, unconfirmed: affected };
      const at = now();
      if (previous) await cascade.end(trx, previous, 'replaced', at);
      const accepted = await updateContract(trx, contractId, { status: 'active', answeredAt: at });
      await cascade.afterLowered(trx, memberId, type, row.tiers);
      return { accepted, unconfirmed: [] };
    });
    if (outcome.accepted) return outcome.accepted;
    const names = await member.findAccountNames(outcome.unconfirmed.map((r) => String(r.downlineId)));
    throw new AppError(
      ErrorCode.AGENT_CONTRACT_CONFIRM_CASCADE,
      'A downline with a higher rate is terminated automatically if the contract proceeds',
      {
        affected: outcome.unconfirmed.map((r) => ({
          contractId: String(r.id),
          downline: names.get(String(r.downlineId)) ?? '',
        })),
      },
    );
  }

  /** Reject an offer, or act on a termination: `side` is who may act, `to` the status it moves to. */
  async function transition(
    memberId: string,
    type: ContractType,
    contractId: string,
    action: Exclude<ContractProcessBody['action'], 'view' | 'offer' | 'accept'>,
  ): Promise<ContractRow> {
    const seen = await findContract(db, contractId);
    const me = String(memberId);
    const side =
      seen && String(seen.downlineId) === me
        ? 'downline'
        : seen && seen.uplineId !== null && String(seen.uplineId) === me
          ? 'upline'
          : null;
    if (!seen || seen.type !== type || side === null) throw notFound();
    return runInTransaction(db, async (trx) => {
      const row = await lockContract(trx, contractId);
      if (!row) throw notFound();
      const at = now();
      switch (action) {
        case 'reject':
          if (row.status !== 'offered' || side !== 'downline') throw stateError();
          return updateContract(trx, contractId, { status: 'rejected', answeredAt: at });
        case 'requestTermination':
          if (row.status !== 'active') throw stateError();
          return updateContract(trx, contractId, {
            status: 'termination_requested',
            terminationRequestedAt: at,
            terminationRequestedBy: side,
          });
        case 'rejectTermination':
          if (row.status !== 'termination_requested' || row.terminationRequestedBy === side) throw stateError();
          return updateContract(trx, contractId, {
            status: 'active',
            terminationRequestedAt: null,
            terminationRequestedBy: null,
          });
        case 'acceptTermination': {
          if (row.status !== 'termination_requested' || row.terminationRequestedBy === side) throw stateError();
          const ended = await updateContract(trx, contractId, {
            status: 'terminated',
            terminatedAt: at,
            endReason: 'agreed',
          });
          await cascade.afterEnded(trx, String(row.downlineId), type);
          return ended;
        }
      }
    });
  }

  return {
    /** One of the four process calls, for an agent (the route refuses other members). */
    async process(memberId: string, type: ContractType, body: ContractProcessBody): Promise<ContractView> {
      switch (body.action) {
        case 'view':
          return view(memberId, type, null);
        case 'offer':
          return view(memberId, type, await offer(memberId, type, body.downlineId, body.tiers, body.period));
        case 'accept':
          return view(memberId, type, await accept(memberId, type, body.contractId, body.confirm === true));
        default:
          return view(memberId, type, await transition(memberId, type, body.contractId, body.action));
      }
    },

    /** Contract rows as the API answers them (the parties' accounts read once). */
    present: toContracts,

    /**
     * Refuses unless the member is a top agent (no agent above it): only a top agent's contracts
     * are with the house.
     */
    async assertTopAgent(memberId: string): Promise<void> {
      const [brief, upline] = await Promise.all([member.findMemberBrief(memberId), member.findUpline(memberId)]);
      if (!brief || upline === undefined) throw new AppError(ErrorCode.AGENT_MEMBER_NOT_FOUND, 'No such member');
      if (!isAgentType(brief.type) || (upline !== null && isAgentType(upline.uplineType))) {
        throw new AppError(
          ErrorCode.AGENT_CONTRACT_STATE,
          'Only a top agent (no agent above it) has a contract with the house',
        );
      }
    },

    /**
     * A top agent's contract with the house made in the caller's transaction, active at once: after
     * the house slot's advisory lock and the live contract's row lock (`previous`), it ends that one
     * (`replaced`) and the downlines' contracts above the new terms, and is audited
     * (`agent.contract.house`, with who asked and who approved when a second operator let it through).
     * The operator's PUT and a second operator's approval (ops/house-contract-changes.ts) both come here.
     */
    async applyHouseContract(
      trx: Db,
      c: {
        memberId: string;
        type: ContractType;
        tiers: ContractTier[];
        period: string;
        reason: string;
        previous: ContractRow | undefined;
        askedBy: string;
        actorId: string;
        approval?: { changeId: string; approvedBy: string };
      },
    ): Promise<ContractRow> {
      const at = now();
      if (c.previous) await cascade.end(trx, c.previous, 'replaced', at);
      const created = await insertContract(trx, {
        type: c.type,
        uplineId: null,
        downlineId: c.memberId,
        tiers: JSON.stringify(c.tiers),
        period: c.period,
        status: 'active',
        offeredAt: at,
        offeredByType: 'operator',
        offeredById: c.askedBy,
        answeredAt: at,
      });
      const ended = await cascade.afterLowered(trx, c.memberId, c.type, c.tiers);
      await audit.record(trx, {
        actorType: 'operator',
        actorId: c.actorId,
        action: 'agent.contract.house',
        subjectType: 'member',
        subjectId: c.memberId,
        reason: c.reason,
        before: c.previous
          ? { contractId: String(c.previous.id), tiers: c.previous.tiers, period: c.previous.period }
          : null,
        after: {
          contractId: String(created.id),
          type: c.type,
          tiers: c.tiers,
          period: created.period,
          endedContracts: ended.map((r) => String(r.id)),
          askedBy: c.askedBy,
          ...(c.approval ?? {}),
        },
      });
      return created;
    },

    /** The consolidated funds' contract fields for a member. */
    async findFlags(memberId: string): Promise<ContractFlags> {
      const me = String(memberId);
      const rows = await findOpenContractsOf(db, me);
      const live = (type: ContractType) =>
        rows.some((r) => r.type === type && String(r.downlineId) === me && r.status !== 'offered');
      const request = (type: ContractType) => {
        if (rows.some((r) => r.type === type && r.status === 'offered' && String(r.downlineId) === me))
          return REQUEST_TYPE.NEW_CONTRACT;
        const awaiting = rows.some((r) => {
          if (r.type !== type || r.status !== 'termination_requested') return false;
          const mySide = String(r.downlineId) === me ? 'downline' : 'upline';
          return r.terminationRequestedBy !== mySide;
        });
        return awaiting ? REQUEST_TYPE.TERMINATION : REQUEST_TYPE.NONE;
      };
      return {
        dailysalreqtype: request('daily_salary'),
        divtypereq: request('dividend'),
        contracthoursalreqtype: request('hourly_salary'),
        realtimesalreqtype: request('realtime_salary'),
        hasDailySalaryContract: live('daily_salary'),
        hasHourlySalaryContract: live('hourly_salary'),
        hasRealTimeSalaryContract: live('realtime_salary'),
        hasDividendContract: live('dividend'),
      };
    },
  };
}
