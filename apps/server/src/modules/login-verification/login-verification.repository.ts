import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type NewChallenge = {
  challengeHash: string;
  memberId: string | null;
  channel: 'sms' | 'email' | null;
  codeSalt: string;
  codeHash: string;
  ip: string;
  userAgent: string | null;
  mustChangePassword: boolean;
  passwordExpired: boolean;
  createdAt: Date;
  expiresAt: Date;
};

export type ChallengeRow = {
  id: string;
  memberId: string | null;
  codeSalt: string;
  codeHash: string;
  attempts: number;
  mustChangePassword: boolean;
  passwordExpired: boolean;
  expiresAt: Date;
  consumedAt: Date | null;
};

export async function insertChallenge(db: Db, c: NewChallenge): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      challenge_hash: c.challengeHash,
      member_id: c.memberId,
      channel: c.channel,
      code_salt: c.codeSalt,
      code_hash: c.codeHash,
      ip: c.ip,
      user_agent: c.userAgent,
      must_change_password: c.mustChangePassword,
      password_expired: c.passwordExpired,
      created_at: c.createdAt,
      expires_at: c.expiresAt,
    })
    .execute();
}

export async function findChallenge(db: Db, challengeHash: string): Promise<ChallengeRow | undefined> {
  const row = await db
    .selectFrom('login_challenges')
    .select([
      'id',
      'member_id',
      'code_salt',
      'code_hash',
      'attempts',
      'must_change_password',
      'password_expired',
      'expires_at',
      'consumed_at',
    ])
    .where('challenge_hash', '=', challengeHash)
    .executeTakeFirst();
  return (
    row && {
      id: String(row.id),
      memberId: row.member_id === null ? null : String(row.member_id),
      codeSalt: row.code_salt,
      codeHash: row.code_hash,
      attempts: Number(row.attempts),
      mustChangePassword: row.must_change_password,
      passwordExpired: row.password_expired,
      expiresAt: row.expires_at,
      consumedAt: row.consumed_at,
    }
  );
}

/** Spend the challenge: of parallel calls only one updates the row. */
export async function consumeChallenge(
  db: Db,
  input: { id: string; maxAttempts: number; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ consumed_at: input.now })
    .where('id', '=', input.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', input.maxAttempts)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Count a wrong code; answers the attempts made so far (undefined when the challenge is spent). */
export async function recordChallengeFailure(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('login_challenges')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** Challenges that expired before `before`: they answer nothing any more. */
export async function pruneChallenges(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
}

export type NewTrustedDevice = {
  memberId: string;
  tokenHash: string;
  label: string;
  ip: string;
  now: Date;
  expiresAt: Date;
};

export async function insertTrustedDevice(db: Db, d: NewTrustedDevice): Promise<void> {
  await db
    .insertInto('trusted_devices')
    .values({
      member_id: d.memberId,
      token_hash: d.tokenHash,
      label: d.label,
      ip: d.ip,
      last_ip: d.ip,
      created_at: d.now,
      last_used_at: d.now,
      expires_at: d.expiresAt,
    })
    .execute();
}

/** A live (unrevoked, unexpired) device of the member by its token's hash, marked as used now from `ip`. */
export async function touchTrustedDevice(
  db: Db,
  input: { memberId: string; tokenHash: string; ip: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('trusted_devices')
    .set({ last_used_at: input.now, last_ip: input.ip })
    .where('member_id', '=', input.memberId)
    .where('token_hash', '=', input.tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type TrustedDeviceRow = {
  id: string;
  tokenHash: string;
  label: string;
  ip: string;
  lastIp: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
};

/** The member's live devices, newest first. */
export async function listTrustedDevices(db: Db, memberId: string, now: Date): Promise<TrustedDeviceRow[]> {
  const rows = await db
    .selectFrom('trusted_devices')
    .select(['id', 'token_hash', 'label', 'ip', 'last_ip', 'created_at', 'last_used_at', 'expires_at'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    tokenHash: r.token_hash,
    label: r.label,
    ip: r.ip,
    lastIp: r.last_ip,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    expiresAt: r.expires_at,
  }));
}

/** Revoke one live device of the member (or all with `deviceId` undefined); answers how many. */
export async function revokeTrustedDevices(
  db: Db,
  input: { memberId: string; deviceId?: string | undefined; by: 'member' | 'operator'; now: Date },
): Promise<number> {
  let query = db
    .updateTable('trusted_devices')
    .set({ revoked_at: input.now, revoked_by: input.by })
    .where('member_id', '=', input.memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now);
  if (input.deviceId !== undefined) query = query.where('id', '=', input.deviceId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A pass for the member's next login from a device not remembered (migration 0472). */
export async function insertDevicePass(
  db: Db,
  p: { memberId: string; grantedBy: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_device_passes')
    .values({ member_id: p.memberId, granted_by: p.grantedBy, granted_at: p.now, expires_at: p.expiresAt })
    .execute();
}

/** Whether the member holds an unused, unexpired pass. */
export async function hasDevicePass(db: Db, memberId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('login_device_passes')
    .select('id')
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Use one of the member's live passes; false when none is left (of two logins at once, one takes it). */
export async function useDevicePass(db: Db, memberId: string, u: { now: Date; ip: string }): Promise<boolean> {
  const live = await db
    .selectFrom('login_device_passes')
    .select('id')
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', u.now)
    .orderBy('id')
    .execute();
  for (const { id } of live) {
    const used = await db
      .updateTable('login_device_passes')
      .set({ used_at: u.now, used_ip: u.ip })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) return true;
  }
  return false;
}
