import type { Kysely } from 'kysely';
import type { SessionRevokeReason } from '@wps/shared/error-codes';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Why a sign-in (refresh family) ended: a session end reason, or a spent token shown again. */
export type FamilyRevokeReason = SessionRevokeReason | 'reused' | 'idle';

/** A refresh token with its family, as the refresh endpoint needs it. */
export type RefreshTokenRow = {
  tokenId: string;
  familyId: string;
  memberId: string;
  persistent: boolean;
  usedAt: Date | null;
  familyExpiresAt: Date;
  familyRevokedAt: Date | null;
};

/** Start a sign-in; returns the family id. */
export async function insertRefreshFamily(
  db: Db,
  input: { memberId: string; persistent: boolean; now: Date; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('member_refresh_families')
    .values({
      member_id: input.memberId,
      persistent: input.persistent,
      created_at: input.now,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Store a token of a family under its hash. */
export async function insertRefreshToken(
  db: Db,
  input: { familyId: string; tokenHash: string; now: Date },
): Promise<void> {
  await db
    .insertInto('member_refresh_tokens')
    .values({ family_id: input.familyId, token_hash: input.tokenHash, created_at: input.now })
    .execute();
}

/** Place the login's session in its sign-in, so revoking either ends the other. */
export async function linkSessionToFamily(db: Db, sessionId: string, familyId: string): Promise<void> {
  await db.updateTable('member_sessions').set({ refresh_family_id: familyId }).where('id', '=', sessionId).execute();
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('member_refresh_tokens as t')
    .innerJoin('member_refresh_families as f', 'f.id', 't.family_id')
    .select([
      't.id as tokenId',
      't.family_id as familyId',
      'f.member_id as memberId',
      'f.persistent as persistent',
      't.used_at as usedAt',
      'f.expires_at as familyExpiresAt',
      'f.revoked_at as familyRevokedAt',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spend a token once: false when it was already spent (by a concurrent refresh or a thief). */
export async function spendRefreshToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('member_refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The last activity of a sign-in: the latest use of any of its sessions (each refresh opens one). */
export async function findFamilyLastSeen(db: Db, familyId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('member_sessions')
    .select((eb) => eb.fn.max('last_seen_at').as('lastSeen'))
    .where('refresh_family_id', '=', familyId)
    .executeTakeFirst();
  return row?.lastSeen ?? null;
}

/**
 * End sign-ins and every live session in them. `families` picks them: one by id, the one a session
 * belongs to, or all of a member's except the one a kept session belongs to. Returns the members
 * touched (for the session cache's eviction).
 */
export async function revokeRefreshFamilies(
  db: Db,
  families: { familyId: string } | { ofSessionId: string } | { memberId: string; exceptSessionId?: string | undefined },
  now: Date,
  reason: FamilyRevokeReason,
  sessionReason: SessionRevokeReason,
): Promise<string[]> {
  let query = db
    .updateTable('member_refresh_families')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('revoked_at', 'is', null);
  if ('familyId' in families) query = query.where('id', '=', families.familyId);
  else if ('ofSessionId' in families) {
    query = query.where(
      'id',
      '=',
      db.selectFrom('member_sessions').select('refresh_family_id').where('id', '=', families.ofSessionId),
    );
  } else {
    query = query.where('member_id', '=', families.memberId);
    const except = families.exceptSessionId;
    if (except) {
      // A family the kept session is not in (a session without one keeps nothing).
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('member_sessions as s')
              .select('s.id')
              .where('s.id', '=', except)
              .whereRef('s.refresh_family_id', '=', 'member_refresh_families.id'),
          ),
        ),
      );
    }
  }
  const revoked = await query.returning(['id', 'member_id']).execute();
  if (revoked.length === 0) return [];
  await db
    .updateTable('member_sessions')
    .set({ revoked_at: now, revoke_reason: sessionReason })
    .where(
      'refresh_family_id',
      'in',
      revoked.map((r) => r.id),
    )
    .where('revoked_at', 'is', null)
    .execute();
  return [...new Set(revoked.map((r) => String(r.member_id)))];
}
