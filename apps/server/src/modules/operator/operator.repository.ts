import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OperatorRoleColumn, OperatorStatus } from '../../db/tables/operator';

type Db = Kysely<Database>;

export type OperatorRow = {
  id: string;
  username: string;
  passwordHash: string;
  role: OperatorRoleColumn;
  status: OperatorStatus;
  createdAt: Date;
  lastLoginAt: Date | null;
  totpEnrolled: boolean;
  /** Wrong TOTP codes in a row, the last one's time and address (operator-totp-throttle.ts). */
  totpFailures: number;
  totpFailedAt: Date | null;
  totpFailedIp: string | null;
};

export type OperatorSessionRow = {
  sessionId: string;
  operatorId: string;
  username: string;
  role: OperatorRoleColumn;
  status: OperatorStatus;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  totpPassedAt: Date | null;
};

const OPERATOR_COLUMNS = [
  'id',
  'username',
  'password_hash as passwordHash',
  'role',
  'status',
  'created_at as createdAt',
  'last_login_at as lastLoginAt',
  'totp_failures as totpFailures',
  'totp_failed_at as totpFailedAt',
  'totp_failed_ip as totpFailedIp',
] as const;

function withTotpFlag<T extends { totpSecret: string | null }>(
  row: T,
): Omit<T, 'totpSecret'> & { totpEnrolled: boolean } {
  const { totpSecret, ...rest } = row;
  return { ...rest, totpEnrolled: totpSecret !== null };
}

/** Insert an operator; undefined when the username is taken. */
export async function insertOperator(
  db: Db,
  input: { username: string; passwordHash: string; role: OperatorRoleColumn },
): Promise<string | undefined> {
  const row = await db
    .insertInto('operators')
    .values({ username: input.username, password_hash: input.passwordHash, role: input.role })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The operator with this (lower-case) username. */
export async function findOperatorByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
  const row = await db
    .selectFrom('operators')
    .select([...OPERATOR_COLUMNS, 'totp_secret as totpSecret'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row && withTotpFlag(row);
}

/** Every operator, oldest first. */
export async function findOperators(db: Db): Promise<OperatorRow[]> {
  const rows = await db
    .selectFrom('operators')
    .select([...OPERATOR_COLUMNS, 'totp_secret as totpSecret'])
    .orderBy('id')
    .execute();
  return rows.map(withTotpFlag);
}

/** Record a successful login. */
export async function setOperatorLastLogin(db: Db, operatorId: string, at: Date): Promise<void> {
  await db.updateTable('operators').set({ last_login_at: at }).where('id', '=', operatorId).execute();
}

/** Store a new operator session under the hash of its token; returns the session id. */
export async function insertOperatorSession(
  db: Db,
  input: {
    tokenHash: string;
    operatorId: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    totpPassedAt: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('operator_sessions')
    .values({
      token_hash: input.tokenHash,
      operator_id: input.operatorId,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: input.expiresAt,
      ip: input.ip,
      user_agent: input.userAgent,
      totp_passed_at: input.totpPassedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The operator session of a token hash with the operator fields every operator call needs. */
export async function findOperatorSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<OperatorSessionRow | undefined> {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as sessionId',
      's.operator_id as operatorId',
      'o.username as username',
      'o.role as role',
      'o.status as status',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      's.totp_passed_at as totpPassedAt',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Record activity; the guard on last_seen_at keeps concurrent touches to one write. */
export async function touchOperatorSession(db: Db, sessionId: string, now: Date, notAfter: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', notAfter)
    .execute();
}

/** Revoke one session; an already revoked session keeps its first revocation time. */
export async function revokeOperatorSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revoke every live session of an operator. */
export async function revokeOperatorSessions(db: Db, operatorId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Lock the active admins' rows (in id order, so concurrent changes queue) and return their ids. */
export async function lockActiveAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** The operator with this username, its row locked for a change. */
export async function lockOperatorByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
  const row = await db
    .selectFrom('operators')
    .select([...OPERATOR_COLUMNS, 'totp_secret as totpSecret'])
    .where('username', '=', username)
    .forUpdate()
    .executeTakeFirst();
  return row && withTotpFlag(row);
}

/** Set an operator's role. */
export async function updateOperatorRole(db: Db, operatorId: string, role: OperatorRoleColumn): Promise<void> {
  await db.updateTable('operators').set({ role }).where('id', '=', operatorId).execute();
}

/** Set an operator's status by id. */
export async function setOperatorStatusById(db: Db, operatorId: string, status: OperatorStatus): Promise<void> {
  await db.updateTable('operators').set({ status }).where('id', '=', operatorId).execute();
}

/** Usernames of these operator ids. */
export async function findOperatorNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const numeric = ids.filter((id) => /^\d{1,18}$/.test(id));
  if (numeric.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'username']).where('id', 'in', numeric).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
