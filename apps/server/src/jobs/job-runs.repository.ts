import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** One claimed period: `attempt` is the fencing token every later write of the holder carries. */
export type PeriodClaim = { job: string; periodKey: string; periodStart: Date; instance: string; attempt: number };

export type JobRunRow = {
  job: string;
  periodKey: string;
  periodStart: Date;
  instance: string;
  previousInstance: string | null;
  attempt: number;
  startedAt: Date;
  leaseUntil: Date;
  finishedAt: Date | null;
  handled: number | null;
  error: string | null;
};

/**
 * Claim (job, period) for `instance`: a new row, or a takeover of an unfinished claim whose lease
 * ran out (its holder died or stalled) while it has been tried fewer than `maxAttempts` times.
 * Lease times are the database's clock, so instances with skewed clocks agree on expiry.
 * Returns the claim, or undefined when another instance holds or finished the period.
 */
export async function claimPeriod(
  db: Db,
  input: { job: string; periodKey: string; periodStart: Date; instance: string; leaseMs: number; maxAttempts: number },
): Promise<PeriodClaim | undefined> {
  const { rows } = await sql<{ attempt: number }>`
    INSERT INTO job_runs (job, period_key, period_start, instance, attempt, started_at, lease_until)
    VALUES (${input.job}, ${input.periodKey}, ${input.periodStart}, ${input.instance}, 1, now(),
            now() + ${input.leaseMs} * interval '1 millisecond')
    ON CONFLICT (job, period_key) DO UPDATE
      SET previous_instance = job_runs.instance, instance = EXCLUDED.instance, attempt = job_runs.attempt + 1,
          started_at = now(), lease_until = EXCLUDED.lease_until
      WHERE job_runs.finished_at IS NULL AND job_runs.lease_until < now() AND job_runs.attempt < ${input.maxAttempts}
    RETURNING attempt`.execute(db);
  const row = rows[0];
  return row
    ? {
        job: input.job,
        periodKey: input.periodKey,
        periodStart: input.periodStart,
        instance: input.instance,
        attempt: row.attempt,
      }
    : undefined;
}

/** Push the lease on while the holder still works; false when the claim was taken over or finished. */
export async function renewClaim(db: Db, claim: PeriodClaim, leaseMs: number): Promise<boolean> {
  const res = await sql`
    UPDATE job_runs SET lease_until = now() + ${leaseMs} * interval '1 millisecond'
    WHERE job = ${claim.job} AND period_key = ${claim.periodKey} AND attempt = ${claim.attempt} AND finished_at IS NULL`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0) === 1;
}

/**
 * Mark the period finished. Pass the job's own transaction to make the work and its completion
 * one commit. False when the claim is no longer this holder's (taken over) or already finished.
 */
export async function completeClaim(db: Db, claim: PeriodClaim, handled: number): Promise<boolean> {
  const res = await sql`
    UPDATE job_runs SET finished_at = now(), handled = ${handled}, error = NULL
    WHERE job = ${claim.job} AND period_key = ${claim.periodKey} AND attempt = ${claim.attempt} AND finished_at IS NULL`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** Whether this very claim (same attempt) is finished: a job may complete it in its own transaction. */
export async function isClaimFinished(db: Db, claim: PeriodClaim): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT 1 AS n FROM job_runs
    WHERE job = ${claim.job} AND period_key = ${claim.periodKey} AND attempt = ${claim.attempt} AND finished_at IS NOT NULL`.execute(
    db,
  );
  return rows.length === 1;
}

/** Give a failed claim up at once (lease ended now), so the next tick of any instance retries it. */
export async function releaseClaim(db: Db, claim: PeriodClaim, error: string): Promise<void> {
  await sql`
    UPDATE job_runs SET lease_until = now(), error = ${error.slice(0, 500)}
    WHERE job = ${claim.job} AND period_key = ${claim.periodKey} AND attempt = ${claim.attempt} AND finished_at IS NULL`.execute(
    db,
  );
}

/**
 * What a tick of `job` needs to decide: the start of its latest claimed period, and its unfinished
 * claims whose lease has run out (with tries left), oldest first.
 */
export async function findJobState(
  db: Db,
  job: string,
  maxAttempts: number,
): Promise<{ latestStart: Date | null; abandoned: { periodKey: string; periodStart: Date }[] }> {
  const latest = await sql<{
    latest: Date | null;
  }>`SELECT max(period_start) AS latest FROM job_runs WHERE job = ${job}`.execute(db);
  const abandoned = await sql<{ periodKey: string; periodStart: Date }>`
    SELECT period_key AS "periodKey", period_start AS "periodStart" FROM job_runs
    WHERE job = ${job} AND finished_at IS NULL AND lease_until < now() AND attempt < ${maxAttempts}
    ORDER BY period_start`.execute(db);
  const latestStart = latest.rows[0]?.latest ?? null;
  return {
    latestStart: latestStart === null ? null : new Date(latestStart),
    abandoned: abandoned.rows.map((r) => ({ ...r, periodStart: new Date(r.periodStart) })),
  };
}

/** Forget a job's finished runs of periods that started before `before` (unfinished ones stay for takeover). */
export async function pruneJobRuns(db: Db, job: string, before: Date): Promise<number> {
  const res =
    await sql`DELETE FROM job_runs WHERE job = ${job} AND period_start < ${before} AND finished_at IS NOT NULL`.execute(
      db,
    );
  return Number(res.numAffectedRows ?? 0);
}

/** Every run of the given jobs (all jobs without a filter), in period order: for tests and operators. */
export async function listJobRuns(db: Db, jobs?: string[]): Promise<JobRunRow[]> {
  const filter = jobs ? sql`WHERE job = ANY(${jobs})` : sql``;
  const { rows } = await sql<JobRunRow>`
    SELECT job, period_key AS "periodKey", period_start AS "periodStart", instance, previous_instance AS "previousInstance",
           attempt, started_at AS "startedAt", lease_until AS "leaseUntil", finished_at AS "finishedAt", handled, error
    FROM job_runs ${filter} ORDER BY job, period_start`.execute(db);
  return rows;
}
