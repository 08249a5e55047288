import { ErrorCode } from '@wps/shared/error-codes';
import type { Kysely } from 'kysely';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { clearTotpFailures, lockTotpFailures, recordTotpAttempt } from './operator-totp.repository';

/** An admitted code's place in the operator's run of wrong codes: counted as the `failures`-th, after the one at `previousAt`. */
export type TotpFailures = { failures: number; previousAt: Date | null };

// Wrong TOTP codes counted per operator, across addresses (migration 0471). A code is checked only
// after the right password, so a run of wrong codes means the password is known to someone: the
// per-address limiter alone gave that someone 5 codes per address per 15 minutes. Here the first
// FREE_FAILURES wrong codes cost nothing (a mistyped code, a phone's clock); after them each next
// code must wait 2^(failures - FREE_FAILURES + 1) seconds from the last wrong one, at most
// MAX_WAIT_SECONDS, and one that comes earlier is refused unchecked (OPERATOR_TOTP_TOO_EARLY with
// retryAfterSeconds). Nothing locks the operator out: with the right code they are in after the
// wait. Every attempt admitted counts as a failure until its code proves right (then the count
// goes back to 0), so parallel guesses are admitted one at a time under the operator's row lock.
// Every wrong code is audited (operator.totp_failed, with the address, the count and the wait), and
// the run stays on the operator's row, which the admins' operators list shows, until a right code
// ends it (operator.totp_failures_cleared, with the count, also handed to the operator at sign-in).

const FREE_FAILURES = 2;
const MAX_WAIT_SECONDS = 15 * 60;

/** How long the next code waits after this many wrong ones in a row (0: no wait). */
export function totpWaitSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, 2 ** (failures - FREE_FAILURES));
}

type Db = Kysely<Database>;

export type TotpThrottleContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The clock the waits run on (the app's calendar clock, which tests move). */
  clock: () => number;
};

export function createTotpThrottle(ctx: TotpThrottleContext) {
  const { db, audit, clock } = ctx;

  return {
    /**
     * Admit one code of this operator from this address, or refuse it while the last wrong one's
     * wait runs. Admitted, it counts as a wrong code until `succeeded` says otherwise.
     */
    async admit(operatorId: string, ip: string): Promise<TotpFailures> {
      const at = new Date(clock());
      const admitted = await runInTransaction(
        db,
        async (trx): Promise<TotpFailures | { retryAfterSeconds: number }> => {
          const run = await lockTotpFailures(trx, operatorId);
          const readyAt = run.failedAt ? run.failedAt.getTime() + totpWaitSeconds(run.failures) * 1000 : 0;
          if (at.getTime() < readyAt) return { retryAfterSeconds: Math.ceil((readyAt - at.getTime()) / 1000) };
          await recordTotpAttempt(trx, operatorId, { at, ip });
          return { failures: run.failures + 1, previousAt: run.failedAt };
        },
      );
      if ('retryAfterSeconds' in admitted) {
        throw new AppError(
          ErrorCode.OPERATOR_TOTP_TOO_EARLY,
          `Too many wrong codes; the next one is checked in ${admitted.retryAfterSeconds} s`,
          { retryAfterSeconds: admitted.retryAfterSeconds },
        );
      }
      return admitted;
    },

    /** The admitted code was wrong: audit it with the run so far and the next wait. */
    async failed(operator: { id: string; username: string }, admitted: TotpFailures, ip: string): Promise<void> {
      await runInTransaction(db, (trx) =>
        audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'operator.totp_failed',
          subjectType: 'operator',
          subjectId: operator.id,
          reason: null,
          before: null,
          after: {
            username: operator.username,
            ip,
            failures: admitted.failures,
            waitSeconds: totpWaitSeconds(admitted.failures),
          },
        }),
      );
    },

    /** The admitted code was right: the run ends; returns how many wrong codes came before it. */
    async succeeded(operator: { id: string; username: string }, admitted: TotpFailures): Promise<number> {
      const before = admitted.failures - 1;
      await runInTransaction(db, async (trx) => {
        await clearTotpFailures(trx, operator.id);
        if (before > 0)
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operator.id,
            action: 'operator.totp_failures_cleared',
            subjectType: 'operator',
            subjectId: operator.id,
            reason: null,
            before: { failures: before, lastFailedAt: admitted.previousAt?.toISOString() ?? null },
            after: { failures: 0 },
          });
      });
      return before;
    },
  };
}

export type TotpThrottle = ReturnType<typeof createTotpThrottle>;
