import { z } from 'zod';
import { minorUnitsText } from './common';
import { GAME_CATEGORIES } from '../catalogue-constants';
import { WINDOW_PERIODS } from '../reward-period-windows';

const minor = minorUnitsText();

/**
 * What a step asks: stake (settled turnover, bet − refund) of `target` minor units, on one game
 * category or any; deposits credited of `target` minor units; `target` different games played;
 * logging in on `target` different days.
 */
export const MISSION_STEP_KINDS = ['stake', 'deposit', 'distinct_games', 'login_days'] as const;
export type MissionStepKind = (typeof MISSION_STEP_KINDS)[number];

export const missionStepSchema = z
  .object({
    kind: z.enum(MISSION_STEP_KINDS),
    category: z.enum(GAME_CATEGORIES).optional(),
    target: minor.refine((v) => BigInt(v) > 0n, 'must be above 0'),
  })
  .refine((s) => s.kind === 'stake' || s.category === undefined, {
    message: 'only a stake step names a category',
    path: ['category'],
  })
  .refine((s) => s.kind !== 'login_days' || BigInt(s.target) <= 7n, { message: 'at most 7 days', path: ['target'] });
export type MissionStep = z.infer<typeof missionStepSchema>;

export const MISSION_STATUSES = ['draft', 'live', 'ended'] as const;
/**
 * A mission's stored status: what an operator writes, or `awaiting_approval` when a switch to live
 * passed a set-up ceiling (hidden from players until a second operator decides).
 */
export const MISSION_STORED_STATUSES = ['draft', 'awaiting_approval', 'live', 'ended'] as const;
export type MissionStoredStatus = (typeof MISSION_STORED_STATUSES)[number];
/** Which set-up ceiling a mission passed: its reward (one item), or its cadence's live set with it (one period). */
export const MISSION_CEILING_REASONS = ['setup_item', 'setup_period'] as const;

/** A mission as the operator writes it (POST /ops/missions, PUT /ops/missions/:id). */
export const missionInputSchema = z.object({
  cadence: z.enum(WINDOW_PERIODS),
  titlePt: z.string().trim().min(1).max(120),
  titleEn: z.string().trim().min(1).max(120),
  status: z.enum(MISSION_STATUSES),
  rewardMinor: minor.refine((v) => BigInt(v) > 0n, 'must be above 0'),
  steps: z.array(missionStepSchema).min(1).max(5),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  reason: z.string().trim().min(3).max(500),
});
export type MissionInput = z.infer<typeof missionInputSchema>;

export const opsMissionSchema = missionInputSchema.omit({ reason: true, status: true }).extend({
  id: z.string(),
  status: z.enum(MISSION_STORED_STATUSES),
  updatedAt: z.string(),
  /** The ceilings its last switch to live passed (empty: it went live at once). */
  ceilingReasons: z.array(z.enum(MISSION_CEILING_REASONS)),
  /** Who switched it on while it waits (or last asked), and who let it go live. */
  askedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type OpsMission = z.infer<typeof opsMissionSchema>;
export const opsMissionListSchema = z.object({ list: z.array(opsMissionSchema) });
export const missionIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
/** POST /ops/missions/:id/approve|reject: a second operator's decision on a waiting mission, with the reason. */
export const missionDecisionBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export type MissionDecisionBody = z.infer<typeof missionDecisionBodySchema>;

/** A step with the player's progress (capped at the target). */
export const missionStepProgressSchema = z.object({
  kind: z.enum(MISSION_STEP_KINDS),
  category: z.enum(GAME_CATEGORIES).nullable(),
  target: minor,
  progress: minor,
});

/** `in_progress`: steps left; `claimable`: all done, reward waiting; `claimed`: paid for this period. */
export const MISSION_PLAYER_STATUSES = ['in_progress', 'claimable', 'claimed'] as const;
export const playerMissionSchema = z.object({
  id: z.string(),
  title: z.string(),
  rewardMinor: minor,
  status: z.enum(MISSION_PLAYER_STATUSES),
  steps: z.array(missionStepProgressSchema),
});
export type PlayerMission = z.infer<typeof playerMissionSchema>;

const missionSetSchema = z.object({ periodKey: z.string(), end: z.string(), missions: z.array(playerMissionSchema) });

/** GET /wps/relay/MCSFE_getMissionSummaryDetails (token): both sets in the player's language and the claimable count (the menu's badge). */
export const missionSummarySchema = z.object({
  claimableCount: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
  daily: missionSetSchema,
  weekly: missionSetSchema,
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

/** POST /wps/missions/claim (token). */
export const missionClaimBodySchema = z.object({ missionId: z.string().regex(/^\d{1,18}$/) });
export const missionClaimResultSchema = z.object({
  missionId: z.string(),
  periodKey: z.string(),
  rewardMinor: minor,
  grantId: z.string(),
});
export type MissionClaimResult = z.infer<typeof missionClaimResultSchema>;

/** GET /wps/relay/MCSFE_getMissionLeaderboard (token): missions claimed this week, the top players (masked) and the caller's place. */
export const missionLeaderboardSchema = z.object({
  periodKey: z.string(),
  list: z.array(
    z.object({ rank: z.number().int(), account: z.string(), completed: z.number().int(), isMe: z.boolean() }),
  ),
  me: z.object({ rank: z.number().int().nullable(), completed: z.number().int() }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

/** POST /ops/missions/:id/status: switch a mission on (`live`), off (`draft`) or archive it (`ended`), with the reason (audited). */
export const missionStatusBodySchema = z.object({
  status: z.enum(MISSION_STATUSES),
  reason: z.string().trim().min(3).max(500),
});
export type MissionStatusBody = z.infer<typeof missionStatusBodySchema>;

/**
 * A mission's figures: in its cadence's current period, the players who moved on any of its steps
 * (`progressed`), those who did every step (`completed`, claimed or not) and the claims; over all
 * periods, the claims and what they paid.
 */
export const opsMissionFiguresSchema = z.object({
  missionId: z.string(),
  periodKey: z.string(),
  progressed: z.number().int(),
  completed: z.number().int(),
  claimed: z.number().int(),
  claimedAllTime: z.number().int(),
  paidMinor: minor,
});
export type OpsMissionFigures = z.infer<typeof opsMissionFiguresSchema>;

const periodSchema = z.object({ periodKey: z.string(), end: z.string() });

/** GET /ops/missions/figures: every mission's figures and the current day and week. */
export const opsMissionFiguresListSchema = z.object({
  daily: periodSchema,
  weekly: periodSchema,
  list: z.array(opsMissionFiguresSchema),
});
export type OpsMissionFiguresList = z.infer<typeof opsMissionFiguresListSchema>;

/** GET /ops/missions/leaderboard: the players' board of this week (missions claimed), with their accounts as operators see them. */
export const opsMissionLeaderboardSchema = z.object({
  periodKey: z.string(),
  list: z.array(
    z.object({ rank: z.number().int(), memberId: z.string(), account: z.string(), completed: z.number().int() }),
  ),
});
export type OpsMissionLeaderboard = z.infer<typeof opsMissionLeaderboardSchema>;
