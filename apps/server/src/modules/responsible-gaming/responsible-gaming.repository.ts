import { sql, type Kysely, type Selectable } from 'kysely';
import type { RgLimitKind } from '@wps/shared/schemas/responsible-gaming';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { RgBlockReason, RgExclusionKind, ResponsibleGamingTables } from '../../db/tables/responsible-gaming';

type Db = Kysely<Database>;

export type PlayerRow = CamelRow<Selectable<ResponsibleGamingTables['rg_players']>>;
export type LimitRow = CamelRow<Selectable<ResponsibleGamingTables['rg_limits']>>;
export type ExclusionRow = CamelRow<Selectable<ResponsibleGamingTables['rg_exclusions']>>;
export type HistoryRow = CamelRow<Selectable<ResponsibleGamingTables['rg_history']>>;

/** The player's row, made when missing (without touching an existing one, so its change trigger stays quiet). */
export async function ensurePlayer(db: Db, memberId: string): Promise<void> {
  await db
    .insertInto('rg_players')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

/**
 * Lock the player's row: the first lock of every transaction that counts a player's money against
 * a limit or changes the limits (deposit orders, their crediting, limit changes, exclusions).
 */
export async function lockPlayer(db: Db, memberId: string): Promise<PlayerRow> {
  await ensurePlayer(db, memberId);
  return db
    .selectFrom('rg_players')
    .selectAll()
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

export async function findPlayer(db: Db, memberId: string): Promise<PlayerRow | undefined> {
  return db
    .selectFrom('rg_players')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

export async function findLimits(db: Db, memberId: string): Promise<LimitRow[]> {
  return findLimitsOf(db, [memberId]);
}

/** The limits of many players in one read (a batch of bets warming the guard's cache). */
export async function findLimitsOf(db: Db, memberIds: readonly string[]): Promise<LimitRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('rg_limits')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function writeLimit(
  db: Db,
  row: {
    memberId: string;
    kind: RgLimitKind;
    value: bigint | null;
    pendingValue: bigint | null;
    pendingRemove: boolean;
    pendingRequestedAt: Date | null;
    pendingEffectiveAt: Date | null;
    at: Date;
  },
): Promise<void> {
  const values = {
    value: row.value,
    pending_value: row.pendingValue,
    pending_remove: row.pendingRemove,
    pending_requested_at: row.pendingRequestedAt,
    pending_effective_at: row.pendingEffectiveAt,
    updated_at: row.at,
  };
  await db
    .insertInto('rg_limits')
    .values({ member_id: row.memberId, kind: row.kind, ...values })
    .onConflict((oc) => oc.columns(['member_id', 'kind']).doUpdateSet(values))
    .execute();
}

export async function insertHistory(
  db: Db,
  e: {
    memberId: string;
    kind: string;
    action: string;
    before: string | null;
    after: string | null;
    actorType: 'member' | 'operator' | 'system';
    actorId: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('rg_history')
    .values({
      member_id: e.memberId,
      kind: e.kind,
      action: e.action,
      before_value: e.before,
      after_value: e.after,
      actor_type: e.actorType,
      actor_id: e.actorId,
      at: e.at,
    })
    .execute();
}

export async function findHistory(db: Db, memberId: string, limit: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('rg_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function setRealityCheck(db: Db, memberId: string, minutes: number | null, at: Date): Promise<void> {
  await db
    .updateTable('rg_players')
    .set({ reality_check_minutes: minutes, updated_at: at })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setBlock(db: Db, memberId: string, until: Date, reason: RgBlockReason): Promise<void> {
  await db
    .updateTable('rg_players')
    .set({ blocked_until: until, blocked_reason: reason, updated_at: new Date() })
    .where('member_id', '=', memberId)
    .execute();
}

/** Players with a time limit (the time-limit job's list), by id. */
export async function findMembersWithTimeLimits(db: Db, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('rg_limits')
    .select('member_id')
    .distinct()
    .where('kind', 'in', ['session_time', 'daily_time'])
    .where('value', 'is not', null)
    .where('member_id', '>', afterId)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.member_id));
}

export async function insertExclusion(
  db: Db,
  e: {
    memberId: string;
    kind: RgExclusionKind;
    startsAt: Date;
    endsAt: Date | null;
    emailHash: string | null;
    phoneHash: string | null;
    cpfHash: string | null;
  },
): Promise<ExclusionRow> {
  return db
    .insertInto('rg_exclusions')
    .values({
      member_id: e.memberId,
      kind: e.kind,
      starts_at: e.startsAt,
      ends_at: e.endsAt,
      email_hash: e.emailHash,
      phone_hash: e.phoneHash,
      cpf_hash: e.cpfHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(camelRow);
}

/** A member's exclusions not yet ended (a time-out past its end is over without being marked). */
export async function findOpenExclusions(db: Db, memberId: string): Promise<ExclusionRow[]> {
  return db
    .selectFrom('rg_exclusions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .orderBy('id', 'desc')
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function findExclusions(db: Db, memberId: string): Promise<ExclusionRow[]> {
  return db
    .selectFrom('rg_exclusions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
    .then((rows) => rows.map(camelRow));
}

export async function findExclusion(
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<ExclusionRow | undefined> {
  let q = db.selectFrom('rg_exclusions').selectAll().where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && camelRow(row);
}

/**
 * Another member's exclusion in force that shares one of these hashes (a new account or a login
 * with an excluded player's e-mail, phone or CPF). In force: a self-exclusion not ended, or a
 * time-out not past its end.
 */
export async function findExclusionByHashes(
  db: Db,
  memberId: string,
  hashes: { email: string | null; phone: string | null; cpf: string | null },
  at: Date,
): Promise<ExclusionRow | undefined> {
  const matches = [
    hashes.email ? sql<boolean>`email_hash = ${hashes.email}` : null,
    hashes.phone ? sql<boolean>`phone_hash = ${hashes.phone}` : null,
    hashes.cpf ? sql<boolean>`cpf_hash = ${hashes.cpf}` : null,
  ].filter((m) => m !== null);
  if (matches.length === 0) return undefined;
  return db
    .selectFrom('rg_exclusions')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('member_id', '!=', memberId)
    .where((eb) => eb.or([eb('kind', '=', 'self_exclusion'), eb('ends_at', '>', at)]))
    .where(sql<boolean>`(${sql.join(matches, sql` OR `)})`)
    .limit(1)
    .executeTakeFirst()
    .then((row) => row && camelRow(row));
}

/** Whether a member is in a time-out or self-exclusion at `at` (rewards and messages leave them out). */
export async function isExcluded(db: Db, memberId: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('rg_exclusions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('kind', '=', 'self_exclusion'), eb('ends_at', '>', at)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these players an exclusion in force at `at` covers (isExcluded for many, in one read). */
export async function excludedAmong(db: Db, memberIds: readonly string[], at: Date): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('rg_exclusions')
    .select('member_id')
    .distinct()
    .where('member_id', 'in', memberIds)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('kind', '=', 'self_exclusion'), eb('ends_at', '>', at)]))
    .execute();
  return new Set(rows.map((r) => String(r.member_id)));
}

export async function markReopenRequested(db: Db, id: string, at: Date, coolingOffUntil: Date): Promise<void> {
  await db
    .updateTable('rg_exclusions')
    .set({ reopen_requested_at: at, cooling_off_until: coolingOffUntil })
    .where('id', '=', id)
    .where('reopen_requested_at', 'is', null)
    .execute();
}

/** End an exclusion in force; true when this call ended it (a login running beside it may have). */
export async function markEnded(db: Db, id: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('rg_exclusions')
    .set({ ended_at: at })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** The secret the reopen tokens are signed with (made by migration 0330). */
export async function readReopenSecret(db: Db): Promise<string> {
  const row = await sql<{ secret: string }>`SELECT secret FROM rg_secrets WHERE id = 1`.execute(db);
  const secret = row.rows[0]?.secret;
  if (!secret) throw new Error('responsible gaming: rg_secrets has no row (migration 0330)');
  return secret;
}
