import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { roleHasPermission, type OpsPermission, type OpsRole } from '@wps/shared/ops-permissions';
import type { MoneyLimits } from '@wps/shared/schemas/operator-money';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { limitsOf } from './operator-money-policy';
import { findLimits } from './operator-money.repository';

type Db = Kysely<Database>;

/**
 * The reward set-ups held to the ceilings, each with the permission the second operator who lets
 * one above them go live must hold (the money permission of manual credits: finance and admin
 * hold it, marketing does not). A set-up kind not listed here cannot be assessed: an error, never
 * a pass.
 */
export const REWARD_SETUP_KINDS = {
  raffle: 'adjustments.approve',
  /** The rebate's settings: a change that pays more (docs/decisions.md, "Rate set-ups: a raise waits for a second operator"). */
  rebate: 'adjustments.approve',
  /** A top agent's contract with the house: a new one, or terms that pay more. */
  agent_contract: 'adjustments.approve',
  /** A mission switched live: its reward (one completion) and its cadence's live set (docs/decisions.md). */
  mission: 'adjustments.approve',
  /** A points mall item with a cash value offered: one redemption's cash and its stock's. */
  mall_item: 'adjustments.approve',
} as const satisfies Record<string, OpsPermission>;
export type RewardSetupKind = keyof typeof REWARD_SETUP_KINDS;

/** Which ceiling a set-up passes: the money of its largest item, or of one period. */
export type SetupCeilingReason = 'setup_item' | 'setup_period';

export type SetupAssessment = { reasons: SetupCeilingReason[]; limits: MoneyLimits };

function permissionOf(kind: RewardSetupKind): OpsPermission {
  const permission: OpsPermission | undefined = Object.hasOwn(REWARD_SETUP_KINDS, kind)
    ? REWARD_SETUP_KINDS[kind]
    : undefined;
  if (!permission) throw new Error(`the operator money policy does not know the reward set-up "${kind}"`);
  return permission;
}

/**
 * The set-up ceilings (docs/decisions.md, "Reward set-ups wait above a money ceiling"): a reward
 * set-up that pays by itself once live (a raffle's prizes at its draw) is looked at when it is made,
 * not per payment. `assess` reads the ceilings in the set-up's own transaction (FOR SHARE, like
 * the policy's decisions) and names the ones passed; the owning module keeps the set-up waiting
 * and lets it go live only through `assertApprover`. Both fail closed: an unknown kind or a missing
 * thresholds row throws, and the caller's transaction writes nothing.
 */
export function createSetupCeilings() {
  return {
    async assess(
      trx: Db,
      setup: { kind: RewardSetupKind; itemMinor: bigint; periodMinor: bigint },
    ): Promise<SetupAssessment> {
      permissionOf(setup.kind);
      const row = await findLimits(trx, 'share');
      if (!row) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
      const limits = limitsOf(row);
      const reasons: SetupCeilingReason[] = [];
      if (setup.itemMinor > BigInt(limits.setupItemMinor)) reasons.push('setup_item');
      if (setup.periodMinor > BigInt(limits.setupPeriodMinor)) reasons.push('setup_period');
      return { reasons, limits };
    },

    /** Throws unless `approver` may let a waiting set-up that `askedBy` made go live (or turn it down). */
    assertApprover(
      kind: RewardSetupKind,
      askedBy: string | null,
      approver: { operatorId: string; role: OpsRole },
    ): void {
      const permission = permissionOf(kind);
      if (askedBy !== null && approver.operatorId === askedBy)
        throw new AppError(ErrorCode.MONEY_OWN_REQUEST, 'Another operator must approve a set-up you made');
      if (!roleHasPermission(approver.role, permission))
        throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'This role may not approve this set-up', { permission });
    },
  };
}

export type SetupCeilings = ReturnType<typeof createSetupCeilings>;
