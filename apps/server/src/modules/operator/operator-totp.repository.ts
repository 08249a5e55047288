import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OperatorRoleColumn } from '../../db/tables/operator';

type Db = Kysely<Database>;

/** An operator's stored TOTP state (secret still encrypted). */
export type OperatorTotpRow = { secret: string | null; lastStep: number | null };

/** The operator's encrypted secret and last used time-step. */
export async function findOperatorTotp(db: Db, operatorId: string): Promise<OperatorTotpRow | undefined> {
  const row = await db
    .selectFrom('operators')
    .select(['totp_secret as secret', 'totp_last_step as lastStep'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
  return row && { secret: row.secret, lastStep: row.lastStep === null ? null : Number(row.lastStep) };
}

/**
 * Claim a time-step for an operator: succeeds only when it is later than the last claimed one,
 * so two requests carrying the same code cannot both pass, whatever the interleaving.
 */
export async function claimOperatorTotpStep(db: Db, operatorId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Store a started enrolment under the hash of its token; older unconfirmed ones of the operator go. */
export async function insertTotpEnrolment(
  db: Db,
  input: { tokenHash: string; operatorId: string; secret: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('operator_totp_enrolments')
    .where('operator_id', '=', input.operatorId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('operator_totp_enrolments')
    .values({
      token_hash: input.tokenHash,
      operator_id: input.operatorId,
      secret: input.secret,
      created_at: input.now,
      expires_at: input.expiresAt,
    })
    .execute();
}

export type TotpEnrolmentRow = {
  id: string;
  operatorId: string;
  secret: string;
  expiresAt: Date;
  usedAt: Date | null;
  username: string;
  role: OperatorRoleColumn;
  status: 'active' | 'disabled';
  enrolled: boolean;
};

/** A started enrolment with its operator, by token hash. */
export async function findTotpEnrolment(db: Db, tokenHash: string): Promise<TotpEnrolmentRow | undefined> {
  const row = await db
    .selectFrom('operator_totp_enrolments as e')
    .innerJoin('operators as o', 'o.id', 'e.operator_id')
    .select([
      'e.id as id',
      'e.operator_id as operatorId',
      'e.secret as secret',
      'e.expires_at as expiresAt',
      'e.used_at as usedAt',
      'o.username as username',
      'o.role as role',
      'o.status as status',
      'o.totp_secret as currentSecret',
    ])
    .where('e.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { currentSecret, ...rest } = row;
  return { ...rest, enrolled: currentSecret !== null };
}

/**
 * Confirm an enrolment: mark it used and give the operator its secret and first step, only if
 * the enrolment is still unused and the operator still has no secret. False when either changed.
 */
export async function completeTotpEnrolment(
  db: Db,
  input: { enrolmentId: string; operatorId: string; secret: string; step: number; now: Date },
): Promise<boolean> {
  const used = await db
    .updateTable('operator_totp_enrolments')
    .set({ used_at: input.now })
    .where('id', '=', input.enrolmentId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  const set = await db
    .updateTable('operators')
    .set({ totp_secret: input.secret, totp_enrolled_at: input.now, totp_last_step: input.step })
    .where('id', '=', input.operatorId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(set.numUpdatedRows) === 1;
}

/** Forget an operator's TOTP (admin reset) and any started enrolment; returns whether it was enrolled. */
export async function clearOperatorTotp(db: Db, operatorId: string): Promise<boolean> {
  const before = await db
    .selectFrom('operators')
    .select('totp_secret')
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('operators')
    .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
    .where('id', '=', operatorId)
    .execute();
  await db
    .deleteFrom('operator_totp_enrolments')
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .execute();
  return before.totp_secret !== null;
}

/** The operator's run of wrong codes, its row locked until the caller's transaction ends (operator-totp-throttle.ts). */
export async function lockTotpFailures(
  trx: Db,
  operatorId: string,
): Promise<{ failures: number; failedAt: Date | null }> {
  const row = await trx
    .selectFrom('operators')
    .select(['totp_failures', 'totp_failed_at'])
    .where('id', '=', operatorId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { failures: Number(row.totp_failures), failedAt: row.totp_failed_at };
}

/** Count an admitted code as wrong until it proves right: one more in the run, now, from this address. */
export async function recordTotpAttempt(trx: Db, operatorId: string, a: { at: Date; ip: string }): Promise<void> {
  await trx
    .updateTable('operators')
    .set((eb) => ({ totp_failures: eb('totp_failures', '+', 1), totp_failed_at: a.at, totp_failed_ip: a.ip }))
    .where('id', '=', operatorId)
    .execute();
}

/** A right code ends the run. */
export async function clearTotpFailures(trx: Db, operatorId: string): Promise<void> {
  await trx
    .updateTable('operators')
    .set({ totp_failures: 0, totp_failed_at: null, totp_failed_ip: null })
    .where('id', '=', operatorId)
    .execute();
}
