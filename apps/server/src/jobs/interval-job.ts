import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import {
  claimPeriod,
  completeClaim,
  findJobState,
  isClaimFinished,
  pruneJobRuns,
  releaseClaim,
  renewClaim,
  type PeriodClaim,
} from './job-runs.repository';

/** The window of time one run of an interval job stands for. */
export type JobPeriod = { key: string; start: Date };

export type IntervalJob = {
  /** Stable name: the claim key in job_runs, so renaming a job starts its periods afresh. */
  name: string;
  /**
   * Does the work of one period; returns how many items it handled. Must be safe to repeat (a
   * period can start twice when its holder dies). Work done in one transaction can mark the
   * period finished in it with `completeClaim(trx, claim, count)`, rolling back on false.
   */
  run: (period: JobPeriod, claim: PeriodClaim) => Promise<number>;
  intervalMs: number;
  /** Logged with the count when a run handled something. */
  doneMessage: string;
  /** Logged with the error when a run failed; the period is released and tried again. */
  failMessage: string;
  /** Also tick right away at start (work left over from before a restart), not only at the next period. */
  runAtStart?: boolean;
  /** How long finished runs stay in job_runs (default JOB_RUNS_KEPT_MS); a job whose runs are a record sets Infinity. */
  keepRunsMs?: number;
};

/** What every interval job of one process shares: where claims live and how long they hold. */
export type JobScheduler = {
  db: Kysely<Database>;
  /** This process, as written into job_runs.instance (host:pid:random). */
  instance: string;
  /** How long a claim holds without renewal; the holder renews it every third of this while it works. */
  leaseMs: number;
  /** Run every job on this interval instead of its own (tests, demonstrations). */
  intervalOverrideMs?: number | undefined;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => number;
};

/** Periods missed while every instance was down or busy that a tick still runs (the most recent ones). */
export const CATCH_UP_PERIODS = 10;
/** A period that failed (or lost its holder) this many times is left unfinished, with its error, for an operator. */
export const MAX_ATTEMPTS = 5;
/** Finished runs older than this are deleted by the instance that ran a job's current period. */
export const JOB_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Ticks fire this long after a period starts, so a clock a little behind still sees the new period. */
const TICK_OFFSET_MS = 25;

/** A name for this process in job_runs: readable (host and pid) and unique across restarts. */
export function newInstanceId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
}

/** The period of an `intervalMs` job that contains `atMs`: windows aligned to the epoch, named by their start. */
export function periodAt(atMs: number, intervalMs: number): JobPeriod {
  const start = new Date(Math.floor(atMs / intervalMs) * intervalMs);
  return { key: start.toISOString(), start };
}

/**
 * The periods a tick at `nowMs` tries to claim, oldest first: abandoned claims (lease ran out
 * before they finished), periods missed since the latest claimed one (at most CATCH_UP_PERIODS),
 * and the current one.
 */
export function periodsToClaim(
  nowMs: number,
  intervalMs: number,
  latestStart: Date | null,
  abandoned: JobPeriod[],
): JobPeriod[] {
  const current = periodAt(nowMs, intervalMs);
  const wanted = new Map(abandoned.map((p) => [p.key, p]));
  if (latestStart !== null) {
    const first = Math.max(
      latestStart.getTime() + intervalMs,
      current.start.getTime() - (CATCH_UP_PERIODS - 1) * intervalMs,
    );
    for (let at = periodAt(first, intervalMs).start.getTime(); at < current.start.getTime(); at += intervalMs) {
      const p = periodAt(at, intervalMs);
      wanted.set(p.key, p);
    }
  }
  wanted.set(current.key, current);
  return [...wanted.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Run `job` once per period across every instance sharing the database. Each instance ticks at
 * the start of each period and runs a period only if it claims it in job_runs; a claim left by
 * an instance that died is taken over once its lease runs out. Within one instance a slow run
 * never overlaps the next tick. Returns a stop function that resolves once the run in progress
 * (if any) has finished, so call it before the database closes. The timer never keeps the
 * process alive.
 */
export function startIntervalJob(job: IntervalJob, scheduler: JobScheduler): () => Promise<void> {
  const { db, log, leaseMs } = scheduler;
  const now = scheduler.now ?? Date.now;
  const intervalMs = scheduler.intervalOverrideMs ?? job.intervalMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  async function runClaimed(period: JobPeriod, claim: PeriodClaim): Promise<void> {
    const heartbeat = setInterval(
      () => {
        renewClaim(db, claim, leaseMs).catch((err: unknown) =>
          log.warn({ err, job: job.name }, 'job lease renewal failed'),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const count = await job.run(period, claim);
      const completed = (await completeClaim(db, claim, count)) || (await isClaimFinished(db, claim));
      if (!completed) log.warn({ job: job.name, period: period.key }, 'job period was taken over before it finished');
      if (count > 0) log.info({ count, job: job.name, period: period.key }, job.doneMessage);
    } catch (err) {
      log.error({ err, job: job.name, period: period.key }, job.failMessage);
      await releaseClaim(db, claim, err instanceof Error ? err.message : String(err)).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function tick(): Promise<void> {
    try {
      const state = await findJobState(db, job.name, MAX_ATTEMPTS);
      const abandoned = state.abandoned.map((p) => ({ key: p.periodKey, start: p.periodStart }));
      const periods = periodsToClaim(now(), intervalMs, state.latestStart, abandoned);
      let ranCurrent = false;
      for (const period of periods) {
        if (stopped) return;
        const claim = await claimPeriod(db, {
          job: job.name,
          periodKey: period.key,
          periodStart: period.start,
          instance: scheduler.instance,
          leaseMs,
          maxAttempts: MAX_ATTEMPTS,
        });
        if (!claim) continue;
        await runClaimed(period, claim);
        ranCurrent = period === periods.at(-1);
      }
      const keepMs = job.keepRunsMs ?? JOB_RUNS_KEPT_MS;
      if (ranCurrent && Number.isFinite(keepMs)) await pruneJobRuns(db, job.name, new Date(now() - keepMs));
    } catch (err) {
      log.error({ err, job: job.name }, job.failMessage);
    }
  }

  function runTick(): void {
    if (current || stopped) return;
    current = tick().finally(() => {
      current = undefined;
    });
  }

  function schedule(): void {
    if (stopped) return;
    const delay = intervalMs - (now() % intervalMs) + TICK_OFFSET_MS;
    timer = setTimeout(() => {
      runTick();
      schedule();
    }, delay);
    timer.unref();
  }

  schedule();
  if (job.runAtStart) runTick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
