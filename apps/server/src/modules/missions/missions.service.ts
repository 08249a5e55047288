import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { GameCategory } from '@wps/shared/catalogue-constants';
import { periodOf, type PeriodWindow, type WindowPeriod } from '@wps/shared/reward-period-windows';
import type {
  MissionClaimResult,
  MissionInput,
  MissionLeaderboard,
  MissionSummary,
  OpsMission,
  OpsMissionFiguresList,
  OpsMissionLeaderboard,
  PlayerMission,
} from '@wps/shared/schemas/missions';
import type { Database } from '../../db/schema';
import type { MissionStepRow } from '../../db/tables/missions';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { maskAccount } from '../catalogue/catalogue.service';
import type { EventSubscriber } from '../rewards/reward-events.types';
import type { GrantRequest, GrantStatus } from '../rewards/reward-grants.types';
import {
  addCounters,
  addMarks,
  findClaimCounts,
  findClaimRank,
  findLiveMissions,
  findMemberClaims,
  findMemberProgress,
  findMissions,
  insertClaim,
  insertMission,
  lockMission,
  setClaimGrant,
  updateMission,
  type CounterDelta,
  type Mark,
  type MissionRow,
} from './missions.repository';
import { countStepProgress, findClaimTotals } from './missions-ops.repository';
import { createMissionApproval, opsView } from './missions-approval';
import { missionLicenceBlockers, refuseMissionBreach, type LicenceProfileSource } from './missions-licence';
import type { SetupCeilings } from '../operator-money/operator-money-setups';

type Db = Kysely<Database>;

export type MissionsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  grants: { issue(trx: Db, req: GrantRequest): Promise<{ grantId: string; status: GrantStatus; created: boolean }> };
  timeZone: (db: Db) => Promise<string>;
  /** Every vendor's game category (the catalogue's in-memory copy); read outside any transaction. */
  vendorCategories: () => Promise<Map<string, string>>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  now?: (() => number) | undefined;
  /** The operator money policy's set-up ceilings: a switch to live above them waits (missions-approval.ts). */
  setups: Pick<SetupCeilings, 'assess' | 'assertApprover'>;
  /** The licence's profile, read in the saving transaction: a mission it forbids is refused (missions-licence.ts). */
  licenceProfile: LicenceProfileSource;
};

const CADENCES: readonly WindowPeriod[] = ['daily', 'weekly'];
const LEADERBOARD_SIZE = 20;
const DAY = 86_400_000;

/** The counter a step reads. */
function metricOf(step: MissionStepRow): string {
  switch (step.kind) {
    case 'stake':
      return `stake:${step.category ?? 'ALL'}`;
    case 'deposit':
      return 'deposit';
    case 'distinct_games':
      return 'mark:game';
    case 'login_days':
      return 'mark:day';
  }
}

/**
 * Missions: the operator's daily and weekly sets, each player's progress counted from the rewards
 * engine's events (per period of the operator's time zone, whatever the missions), and the claim
 * of a completed mission's reward, once per mission and period, as a cash grant keyed
 * `mission:<member>:<mission>:<period>`.
 *
 * Locks, in this order: the claim row (member, mission, period), then the engine's grant and the
 * ledger accounts it pays. The counters and marks are written by the consumer alone.
 */
export function createMissionsService(ctx: MissionsContext) {
  const { db, audit, grants } = ctx;
  const approval = createMissionApproval({ db, audit, setups: ctx.setups, licenceProfile: ctx.licenceProfile });
  const now = () => new Date((ctx.now ?? Date.now)());

  function windows(at: Date, timeZone: string): Record<WindowPeriod, PeriodWindow> {
    return { daily: periodOf(at, 'daily', timeZone), weekly: periodOf(at, 'weekly', timeZone) };
  }

  function playerMission(
    m: MissionRow,
    periodKey: string,
    progress: Map<string, bigint>,
    claims: Set<string>,
    language: string,
  ): PlayerMission {
    const steps = m.steps.map((s) => {
      const target = BigInt(s.target);
      const done = progress.get(`${periodKey}|${metricOf(s)}`) ?? 0n;
      return {
        kind: s.kind,
        category: (s.category ?? null) as GameCategory | null,
        target: s.target,
        progress: (done < target ? done : target).toString(),
      };
    });
    const complete = steps.every((s) => s.progress === s.target);
    const status = claims.has(`${m.id}|${periodKey}`) ? 'claimed' : complete ? 'claimable' : 'in_progress';
    return {
      id: String(m.id),
      title: language.toLowerCase().startsWith('en') ? m.titleEn : m.titlePt,
      rewardMinor: String(m.rewardAmount),
      status,
      steps,
    };
  }

  /** This week and the period keys its claims are under: the week's own and each of its days'. */
  function weekKeys(timeZone: string): { week: PeriodWindow; keys: string[] } {
    const week = periodOf(now(), 'weekly', timeZone);
    const keys = [week.key];
    for (let t = week.start.getTime() + DAY / 2; t < week.end.getTime(); t += DAY)
      keys.push(periodOf(new Date(t), 'daily', timeZone).key);
    return { week, keys };
  }

  async function summary(db: Db, memberId: string, language: string): Promise<MissionSummary> {
    const at = now();
    const w = windows(at, await ctx.timeZone(db));
    const keys = [w.daily.key, w.weekly.key];
    const [missions, progress, claims] = await Promise.all([
      findLiveMissions(db),
      findMemberProgress(db, memberId, keys),
      findMemberClaims(db, memberId, keys),
    ]);
    const set = (cadence: WindowPeriod) => ({
      periodKey: w[cadence].key,
      end: w[cadence].end.toISOString(),
      missions: missions
        .filter((m) => m.cadence === cadence)
        .map((m) => playerMission(m, w[cadence].key, progress, claims, language)),
    });
    const daily = set('daily');
    const weekly = set('weekly');
    const claimableCount = [...daily.missions, ...weekly.missions].filter((m) => m.status === 'claimable').length;
    const brand = await ctx.brand();
    return { claimableCount, currency: brand.currency, scale: brand.currencyScale, daily, weekly };
  }

  return {
    /** The consumer that counts what players do (subscribed in services.ts). */
    subscriber(): EventSubscriber {
      // Read before the batch's transaction: on PGlite's one connection a read of the catalogue's
      // copy from inside it would wait for the transaction itself.
      let categories = new Map<string, string>();
      return {
        name: 'missions-progress',
        kinds: ['round_settled', 'deposit_credited', 'login'],
        async beforeBatch() {
          categories = await ctx.vendorCategories();
        },
        async handle(trx, events) {
          const timeZone = await ctx.timeZone(trx);
          const counters = new Map<string, CounterDelta>();
          const marks: Mark[] = [];
          const add = (memberId: string, periodKey: string, metric: string, amount: bigint) => {
            const key = `${memberId}|${periodKey}|${metric}`;
            const c = counters.get(key);
            if (c) c.amount += amount;
            else counters.set(key, { memberId, periodKey, metric, amount });
          };
          for (const e of events) {
            for (const cadence of CADENCES) {
              const periodKey = periodOf(e.occurredAt, cadence, timeZone).key;
              if (e.kind === 'round_settled') {
                const turnover = BigInt(String(e.data['bet'] ?? '0')) - BigInt(String(e.data['refund'] ?? '0'));
                if (turnover > 0n) {
                  add(e.memberId, periodKey, 'stake:ALL', turnover);
                  const category = categories.get(String(e.data['vassalage'] ?? ''));
                  if (category) add(e.memberId, periodKey, `stake:${category}`, turnover);
                }
                if (e.data['nodeId'])
                  marks.push({
                    memberId: e.memberId,
                    periodKey,
                    kind: 'game',
                    mark: `${String(e.data['vassalage'])}:${String(e.data['nodeId'])}`,
                  });
              } else if (e.kind === 'deposit_credited') {
                add(e.memberId, periodKey, 'deposit', BigInt(String(e.data['amount'] ?? '0')));
              } else if (e.kind === 'login') {
                marks.push({
                  memberId: e.memberId,
                  periodKey,
                  kind: 'day',
                  mark: periodOf(e.occurredAt, 'daily', timeZone).key,
                });
              }
            }
          }
          await addCounters(
            trx,
            [...counters.values()].filter((c) => c.amount > 0n),
          );
          await addMarks(trx, marks);
        },
      };
    },

    /** GET /wps/relay/MCSFE_getMissionSummaryDetails. */
    summary: (memberId: string, language: string) => summary(db, memberId, language),

    /** POST /wps/missions/claim: a completed mission's reward for the current period, once. */
    async claim(memberId: string, missionId: string): Promise<MissionClaimResult> {
      return runInTransaction(db, async (trx) => {
        const mission = (await findLiveMissions(trx)).find((m) => String(m.id) === missionId);
        if (!mission) throw new AppError(ErrorCode.MISSION_NOT_FOUND, 'No such mission');
        const periodKey = windows(now(), await ctx.timeZone(trx))[mission.cadence].key;
        const amount = BigInt(mission.rewardAmount);
        if (!(await insertClaim(trx, { memberId, missionId, periodKey, amount })))
          throw new AppError(ErrorCode.MISSION_ALREADY_CLAIMED, 'This mission was claimed already');
        const progress = await findMemberProgress(trx, memberId, [periodKey]);
        const view = playerMission(mission, periodKey, progress, new Set(), 'pt');
        // Rolls the claim row back with the refusal.
        if (view.status !== 'claimable')
          throw new AppError(ErrorCode.MISSION_NOT_COMPLETED, 'This mission is not completed yet');
        const grant = await grants.issue(trx, {
          memberId,
          kind: 'cash',
          amount,
          source: 'mission',
          sourceRef: missionId,
          key: `mission:${memberId}:${missionId}:${periodKey}`,
          delivery: 'auto',
          title: { PT: mission.titlePt, EN: mission.titleEn },
          params: { missionId, periodKey },
        });
        await setClaimGrant(trx, { memberId, missionId, periodKey, grantId: grant.grantId });
        return { missionId, periodKey, rewardMinor: amount.toString(), grantId: grant.grantId };
      });
    },

    /** GET /wps/relay/MCSFE_getMissionLeaderboard: missions claimed this week (its days' and its own), the top players and the caller. */
    async leaderboard(memberId: string): Promise<MissionLeaderboard> {
      const { week, keys } = weekKeys(await ctx.timeZone(db));
      const top = await findClaimCounts(db, keys, LEADERBOARD_SIZE);
      const names = await ctx.accountNames(top.map((r) => r.memberId));
      const mine = await findClaimRank(db, memberId, keys);
      return {
        periodKey: week.key,
        list: top.map((r, i) => ({
          rank: i + 1,
          account: maskAccount(names.get(r.memberId) ?? '?'),
          completed: r.completed,
          isMe: r.memberId === String(memberId),
        })),
        me: { rank: mine.completed > 0 ? mine.ahead + 1 : null, completed: mine.completed },
      };
    },

    /** GET /ops/missions/figures: each mission's players in its current period (progressed, completed, claimed) and its claims in all. */
    async figures(): Promise<OpsMissionFiguresList> {
      const w = windows(now(), await ctx.timeZone(db));
      const missions = await findMissions(db);
      const claims = await findClaimTotals(db, [w.daily.key, w.weekly.key]);
      const list = [];
      for (const m of missions) {
        const periodKey = w[m.cadence].key;
        const counts = await countStepProgress(
          db,
          periodKey,
          m.steps.map((s) => ({ metric: metricOf(s), target: s.target })),
        );
        const c = claims.get(String(m.id));
        list.push({
          missionId: String(m.id),
          periodKey,
          ...counts,
          claimed: c?.claimed ?? 0,
          claimedAllTime: c?.claimedAllTime ?? 0,
          paidMinor: (c?.paid ?? 0n).toString(),
        });
      }
      const period = (p: PeriodWindow) => ({ periodKey: p.key, end: p.end.toISOString() });
      return { daily: period(w.daily), weekly: period(w.weekly), list };
    },

    /** GET /ops/missions/leaderboard: the players' board of this week, with account names (operators see them unmasked). */
    async opsLeaderboard(): Promise<OpsMissionLeaderboard> {
      const { week, keys } = weekKeys(await ctx.timeZone(db));
      const top = await findClaimCounts(db, keys, LEADERBOARD_SIZE);
      const names = await ctx.accountNames(top.map((r) => r.memberId));
      return {
        periodKey: week.key,
        list: top.map((r, i) => ({
          rank: i + 1,
          memberId: r.memberId,
          account: names.get(r.memberId) ?? '?',
          completed: r.completed,
        })),
      };
    },

    /** POST /ops/missions/:id/status, GET /ops/missions/awaiting, POST /ops/missions/:id/approve|reject (missions-approval.ts). */
    setStatus: approval.setStatus,
    listAwaiting: approval.listAwaiting,
    countAwaiting: approval.countAwaiting,
    decide: approval.decide,

    /** The live missions a profile would forbid (the licence's switch asks, in its transaction). */
    licenceBlockers: missionLicenceBlockers,

    /** GET /ops/missions. */
    listForOps: async (): Promise<{ list: OpsMission[] }> => ({ list: (await findMissions(db)).map(opsView) }),

    /** POST /ops/missions and PUT /ops/missions/:id (audited `mission.create` / `mission.update`). */
    async save(operatorId: string, input: MissionInput, id?: string): Promise<OpsMission> {
      const { reason, ...m } = input;
      const write = {
        ...m,
        rewardMinor: BigInt(m.rewardMinor),
        steps: m.steps.map((s) => ({
          kind: s.kind,
          target: s.target,
          ...(s.category ? { category: s.category } : {}),
        })),
      };
      const savedId = await runInTransaction(db, async (trx) => {
        const before = id === undefined ? undefined : await lockMission(trx, id);
        if (id !== undefined && !before) throw new AppError(ErrorCode.MISSION_NOT_FOUND, 'No such mission');
        // Whatever its status: a draft the licence forbids could only go live by losing the step.
        await refuseMissionBreach(trx, ctx.licenceProfile, write);
        const stored = await approval.statusFor(trx, { operatorId, wanted: m.status, before, ...write });
        const toWrite = { ...write, status: stored.status };
        const after = { ...m, status: stored.status, ceilingReasons: stored.approval?.ceilingReasons ?? [] };
        if (id === undefined || !before) {
          const newId = await insertMission(trx, toWrite, operatorId, stored.approval);
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'mission.create',
            subjectType: 'mission',
            subjectId: newId,
            reason,
            before: null,
            after,
          });
          return newId;
        }
        await updateMission(trx, id, toWrite, stored.approval);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'mission.update',
          subjectType: 'mission',
          subjectId: id,
          reason,
          before: opsView(before),
          after,
        });
        return id;
      });
      const saved = (await findMissions(db)).find((r) => String(r.id) === savedId);
      if (!saved) throw new Error(`mission ${savedId} vanished after its save`);
      return opsView(saved);
    },
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;
