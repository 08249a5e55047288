import type { InferResult, Kysely } from 'kysely';
import type { SessionRevokeReason } from '@wps/shared/error-codes';
import type { Database } from '../../db/schema';
import type { MemberStatus } from '../../db/tables/member';
import type { MemberViews } from '../member/member-views';

type Db = Kysely<Database>;
/** The member module's view of its members (member-views.ts), joined as a derived table. */
export type MemberBriefs = Pick<MemberViews, 'briefs'>;

export type SessionRow = {
  sessionId: string;
  memberId: string;
  account: string;
  type: number;
  status: MemberStatus;
  mustChangePassword: boolean;
  identityRequired: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokeReason: SessionRevokeReason | null;
};

/** Store a new session under the hash of its token; returns the session id. */
export async function insertSession(
  db: Db,
  input: {
    tokenHash: string;
    memberId: string;
    mustChangePassword: boolean;
    identityRequired: boolean;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    refreshFamilyId?: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('member_sessions')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      must_change_password: input.mustChangePassword,
      identity_required: input.identityRequired,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: input.expiresAt,
      ip: input.ip,
      user_agent: input.userAgent,
      refresh_family_id: input.refreshFamilyId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The lookup behind every authenticated request that misses the session cache: the session of a
 * token hash with the member fields every call needs, in one statement (the member's row through
 * the member module's view, a derived table PostgreSQL folds into the primary-key join). The
 * query is built and compiled once; each call sends the same SQL with its token hash as the only
 * parameter, so a lookup spends nothing on query building.
 */
export function createSessionLookup(
  db: Db,
  members: MemberBriefs,
): (tokenHash: string) => Promise<SessionRow | undefined> {
  const query = db
    .selectFrom('member_sessions as s')
    .innerJoin(members.briefs().as('m'), 'm.id', 's.member_id')
    .select([
      's.id as sessionId',
      's.member_id as memberId',
      'm.account as account',
      'm.type as type',
      'm.status as status',
      's.must_change_password as mustChangePassword',
      's.identity_required as identityRequired',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      's.revoke_reason as revokeReason',
    ])
    .where('s.token_hash', '=', '');
  const compiled = query.compile();
  if (compiled.parameters.length !== 1) throw new Error('session lookup: the token hash must be the only parameter');
  return async (tokenHash) => {
    const { rows } = await db.executeQuery<InferResult<typeof query>[number]>({ ...compiled, parameters: [tokenHash] });
    const row = rows[0];
    return row ? { ...row, type: Number(row.type) } : undefined;
  };
}

/** Record activity; the guard on last_seen_at keeps concurrent touches to one write. */
export async function touchSession(db: Db, sessionId: string, now: Date, notAfter: Date): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', notAfter)
    .execute();
}

/** Revoke one session; already revoked sessions keep their first revocation time and reason. */
export async function revokeSession(db: Db, sessionId: string, now: Date, reason: SessionRevokeReason): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revoke every live session of a member, optionally keeping one. */
export async function revokeMemberSessions(
  db: Db,
  memberId: string,
  now: Date,
  reason: SessionRevokeReason,
  exceptSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('member_sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * When a session began, as the player lived it: a session a refresh opened (a second tab, the
 * browser reopened) continues its sign-in, which began at the login.
 */
export async function findSessionStart(db: Db, sessionId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('member_sessions as s')
    .leftJoin('member_refresh_families as f', 'f.id', 's.refresh_family_id')
    .select(['s.created_at as createdAt', 'f.created_at as signInAt'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  return row ? (row.signInAt ?? row.createdAt) : undefined;
}

/**
 * `signInStartedAt`: the login the session continues (its refresh family's start), or its own
 * start: a session-time limit counts from there, so a refresh does not restart the clock.
 */
export type SessionSpan = { sessionId: string; startedAt: Date; signInStartedAt: Date; endedAt: Date | null };

/**
 * A member's sessions open at some point since `since`: each one's start and end. A revoked
 * session ended when it was revoked; an expired or idle one at its absolute expiry or its last
 * activity plus the idle time, whichever came first; a live one has no end yet.
 */
export async function findMemberSessionSpans(
  db: Db,
  memberId: string,
  since: Date,
  idleSeconds: number,
  nowMs: number,
): Promise<SessionSpan[]> {
  const rows = await db
    .selectFrom('member_sessions as s')
    .leftJoin('member_refresh_families as f', 'f.id', 's.refresh_family_id')
    .select(['s.id', 's.created_at', 's.revoked_at', 's.last_seen_at', 's.expires_at', 'f.created_at as sign_in_at'])
    .where('s.member_id', '=', memberId)
    .where((eb) => eb.or([eb('s.revoked_at', 'is', null), eb('s.revoked_at', '>=', since)]))
    .where('s.expires_at', '>=', since)
    .orderBy('s.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => {
    const idleEnd = r.last_seen_at.getTime() + idleSeconds * 1000;
    const naturalEnd = Math.min(idleEnd, r.expires_at.getTime());
    const endedAt = r.revoked_at ?? (naturalEnd <= nowMs ? new Date(naturalEnd) : null);
    return { sessionId: String(r.id), startedAt: r.created_at, signInStartedAt: r.sign_in_at ?? r.created_at, endedAt };
  });
}

/** The password was changed: this session no longer has to change it. */
export async function clearSessionMustChange(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('member_sessions').set({ must_change_password: false }).where('id', '=', sessionId).execute();
}

/** Lift the identity block of every live session of a member (the CPF and date of birth were written). */
export async function clearMemberIdentityRequired(db: Db, memberId: string): Promise<void> {
  await db
    .updateTable('member_sessions')
    .set({ identity_required: false })
    .where('member_id', '=', memberId)
    .where('identity_required', '=', true)
    .execute();
}

/** The addresses and browsers (user agents) members' sessions came from, by member. */
export async function findClientTraits(
  db: Db,
  memberIds: string[],
): Promise<Map<string, { ips: Set<string>; userAgents: Set<string> }>> {
  const out = new Map<string, { ips: Set<string>; userAgents: Set<string> }>();
  if (!memberIds.length) return out;
  const rows = await db
    .selectFrom('member_sessions')
    .select(['member_id', 'ip', 'user_agent'])
    .distinct()
    .where('member_id', 'in', [...new Set(memberIds)])
    .execute();
  for (const r of rows) {
    const t = out.get(String(r.member_id)) ?? { ips: new Set<string>(), userAgents: new Set<string>() };
    if (r.ip) t.ips.add(r.ip);
    if (r.user_agent) t.userAgents.add(r.user_agent);
    out.set(String(r.member_id), t);
  }
  return out;
}
