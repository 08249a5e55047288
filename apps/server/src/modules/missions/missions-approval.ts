import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { GameCategory } from '@wps/shared/catalogue-constants';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { MissionStatusBody, MissionStoredStatus, OpsMission } from '@wps/shared/schemas/missions';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import { findMissions, lockMission, type MissionApprovalWrite, type MissionRow } from './missions.repository';
import {
  countAwaitingMissions,
  decideMission,
  lockMissionSetups,
  setMissionStatus,
  sumLiveRewards,
} from './missions-ops.repository';
import { refuseMissionBreach, type LicenceProfileSource } from './missions-licence';

type Db = Kysely<Database>;

export function opsView(r: MissionRow): OpsMission {
  return {
    id: String(r.id),
    cadence: r.cadence,
    titlePt: r.titlePt,
    titleEn: r.titleEn,
    status: r.status,
    rewardMinor: String(r.rewardAmount),
    steps: r.steps.map((s) => ({
      kind: s.kind,
      target: s.target,
      ...(s.category ? { category: s.category as GameCategory } : {}),
    })),
    sortOrder: r.sortOrder,
    updatedAt: new Date(r.updatedAt).toISOString(),
    ceilingReasons: r.ceilingReasons as OpsMission['ceilingReasons'],
    askedBy: r.askedBy === null ? null : String(r.askedBy),
    approvedBy: r.approvedBy === null ? null : String(r.approvedBy),
    approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
  };
}

type MissionApprovalContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  setups: Pick<SetupCeilings, 'assess' | 'assertApprover'>;
  licenceProfile: LicenceProfileSource;
};

/** What a save or a status change stores: the status, and what a switch to live found (absent: columns unchanged). */
export type StoredStatus = { status: MissionStoredStatus; approval?: MissionApprovalWrite };

/**
 * Missions held to the set-up ceilings (docs/decisions.md, "Reward set-ups wait above a money
 * ceiling"). A mission pays its reward to every player who completes it, once per period, with no
 * operator looking at the payments; so the set-up is looked at when it is switched on:
 * - one item: the reward of one completion;
 * - one period: the cadence's live missions with this one, what one player can claim from that set
 *   in a day or a week. A mission's own total has no bound (any number of players may complete
 *   it), so it cannot be the period's figure; the set's total per player is the bound the operator
 *   sets, and it stops a large reward split over many small missions.
 * Above either, the mission is stored `awaiting_approval` (hidden from players: they see and claim
 * live missions only) until an operator other than the asker, holding the kind's permission, lets
 * it go live or turns it down (back to `draft`).
 */
export function createMissionApproval({ db, audit, setups, licenceProfile }: MissionApprovalContext) {
  async function viewOf(id: string): Promise<OpsMission> {
    const saved = (await findMissions(db)).find((r) => String(r.id) === id);
    if (!saved) throw new Error(`mission ${id} vanished after its change`);
    return opsView(saved);
  }

  /**
   * The status to store for a save or status change asking for `wanted`, in the writer's
   * transaction after the mission's row lock. A live mission that pays no more (same cadence, no
   * higher reward) stays live without asking; any other switch to live asks the ceilings.
   */
  async function statusFor(
    trx: Db,
    change: {
      operatorId: string;
      wanted: MissionStoredStatus;
      before: MissionRow | undefined;
      cadence: 'daily' | 'weekly';
      rewardMinor: bigint;
    },
  ): Promise<StoredStatus> {
    const { before, wanted } = change;
    if (wanted !== 'live') return { status: wanted };
    if (
      before?.status === 'live' &&
      before.cadence === change.cadence &&
      change.rewardMinor <= BigInt(before.rewardAmount)
    )
      return { status: 'live' };
    await lockMissionSetups(trx);
    const others = await sumLiveRewards(trx, change.cadence, before ? String(before.id) : null);
    const { reasons } = await setups.assess(trx, {
      kind: 'mission',
      itemMinor: change.rewardMinor,
      periodMinor: others + change.rewardMinor,
    });
    return {
      status: reasons.length > 0 ? 'awaiting_approval' : 'live',
      approval: { ceilingReasons: reasons, askedBy: change.operatorId, approvedBy: null },
    };
  }

  return {
    statusFor,

    /** POST /ops/missions/:id/status: on (live, or waiting above a ceiling), off (draft) or archived (ended); audited `mission.status`. */
    async setStatus(operatorId: string, id: string, { status, reason }: MissionStatusBody): Promise<OpsMission> {
      await runInTransaction(db, async (trx) => {
        const before = await lockMission(trx, id);
        if (!before) throw new AppError(ErrorCode.MISSION_NOT_FOUND, 'No such mission');
        if (status === 'live') await refuseMissionBreach(trx, licenceProfile, before);
        const stored = await statusFor(trx, {
          operatorId,
          wanted: status,
          before,
          cadence: before.cadence,
          rewardMinor: BigInt(before.rewardAmount),
        });
        await setMissionStatus(trx, id, stored.status, stored.approval);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'mission.status',
          subjectType: 'mission',
          subjectId: id,
          reason,
          before: { status: before.status },
          after: { status: stored.status, ceilingReasons: stored.approval?.ceilingReasons ?? [] },
        });
      });
      return viewOf(id);
    },

    /** How many missions wait for a second operator. */
    countAwaiting: (): Promise<number> => countAwaitingMissions(db),

    /** GET /ops/missions/awaiting: the missions waiting for a second operator, oldest first. */
    async listAwaiting(): Promise<{ list: OpsMission[] }> {
      const rows = (await findMissions(db)).filter((m) => m.status === 'awaiting_approval');
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      return { list: rows.map(opsView) };
    },

    /**
     * POST /ops/missions/:id/approve|reject. Under the mission's row lock, so two decisions at once
     * find one waiting mission between them; audited with who asked and who decided.
     */
    async decide(
      approver: { operatorId: string; role: OpsRole },
      id: string,
      decision: 'approve' | 'reject',
      reason: string,
    ): Promise<OpsMission> {
      await runInTransaction(db, async (trx) => {
        const mission = await lockMission(trx, id);
        if (!mission) throw new AppError(ErrorCode.MISSION_NOT_FOUND, 'No such mission');
        if (mission.status !== 'awaiting_approval')
          throw new AppError(ErrorCode.MISSION_NOT_AWAITING, 'This mission is not waiting for approval', {
            status: mission.status,
          });
        const askedBy = mission.askedBy === null ? null : String(mission.askedBy);
        setups.assertApprover('mission', askedBy, approver);
        const status = decision === 'approve' ? 'live' : 'draft';
        // The licence may have changed while it waited.
        if (status === 'live') await refuseMissionBreach(trx, licenceProfile, mission);
        if (!(await decideMission(trx, id, { status, approvedBy: approver.operatorId })))
          throw new Error('missions: the waiting mission changed under its row lock');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: decision === 'approve' ? 'mission.approve' : 'mission.reject',
          subjectType: 'mission',
          subjectId: id,
          reason,
          before: { status: 'awaiting_approval', askedBy, ceilingReasons: mission.ceilingReasons },
          after: { status, approvedBy: approver.operatorId, rewardMinor: String(mission.rewardAmount) },
        });
      });
      return viewOf(id);
    },
  };
}

export type MissionApproval = ReturnType<typeof createMissionApproval>;
