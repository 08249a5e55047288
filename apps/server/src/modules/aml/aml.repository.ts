import { sql, type Kysely, type Updateable } from 'kysely';
import type { AmlCaseStatus, AmlCaseTrigger, AmlRating, AmlReason } from '@wps/shared/schemas/aml';
import { snakeRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type PlayerRow = {
  memberId: string;
  isPep: boolean | null;
  pepRole: string | null;
  pepCheckedAt: Date | null;
  rating: AmlRating;
  points: number;
  reasons: AmlReason[];
  ratedAt: Date | null;
};

const PLAYER_COLUMNS = [
  'member_id as memberId',
  'is_pep as isPep',
  'pep_role as pepRole',
  'pep_checked_at as pepCheckedAt',
  'rating',
  'points',
  'reasons',
  'rated_at as ratedAt',
] as const;

function toPlayer(row: Omit<PlayerRow, 'reasons' | 'memberId'> & { memberId: unknown; reasons: unknown }): PlayerRow {
  return { ...row, memberId: String(row.memberId), reasons: (row.reasons ?? []) as AmlReason[] };
}

export async function findPlayer(db: Db, memberId: string): Promise<PlayerRow | undefined> {
  const row = await db
    .selectFrom('aml_players')
    .select(PLAYER_COLUMNS)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? toPlayer(row) : undefined;
}

/** The rows of these players (a sweep's page); players with none are left out. */
export async function findPlayers(db: Db, memberIds: readonly string[]): Promise<Map<string, PlayerRow>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('aml_players')
    .select(PLAYER_COLUMNS)
    .where('member_id', 'in', [...memberIds])
    .execute();
  return new Map(rows.map((row) => [String(row.memberId), toPlayer(row)]));
}

/** The player's row under its lock, made first when missing: every change of a player's standing queues on it. */
export async function lockPlayer(trx: Db, memberId: string): Promise<PlayerRow> {
  await trx
    .insertInto('aml_players')
    .values({ member_id: memberId, is_pep: null, pep_role: null, pep_checked_at: null, rated_at: null })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('aml_players')
    .select(PLAYER_COLUMNS)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toPlayer(row);
}

/** The PEP answer for a player whose row the caller locked. */
export async function savePep(trx: Db, memberId: string, pep: { isPep: boolean; role: string | null; at: Date }) {
  await trx
    .updateTable('aml_players')
    .set({ is_pep: pep.isPep, pep_role: pep.isPep ? pep.role : null, pep_checked_at: pep.at })
    .where('member_id', '=', memberId)
    .execute();
}

/** The rating computed for a player whose row the caller locked. */
export async function saveRating(
  trx: Db,
  memberId: string,
  rated: { rating: AmlRating; points: number; reasons: AmlReason[]; at: Date },
) {
  await trx
    .updateTable('aml_players')
    .set({ rating: rated.rating, points: rated.points, reasons: JSON.stringify(rated.reasons), rated_at: rated.at })
    .where('member_id', '=', memberId)
    .execute();
}

/** Players rated above low, after a member id in id order: the sweep rates them again so a rating can fall. */
export async function findRatedAfter(db: Db, afterMemberId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('aml_players')
    .select('member_id')
    .where('rating', '<>', 'low')
    .where('member_id', '>', afterMemberId)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => String(r.member_id));
}

export type CaseRow = {
  id: string;
  memberId: string;
  trigger: AmlCaseTrigger;
  status: AmlCaseStatus;
  summary: string;
  openingReasons: AmlReason[];
  openedBy: string | null;
  openedAt: Date;
  updatedAt: Date;
  assigneeId: string | null;
  narrative: string | null;
  proposedBy: string | null;
  proposedAt: Date | null;
  approvedBy: string | null;
  approvedAt: Date | null;
  report: unknown;
  sender: string | null;
  protocol: string | null;
  filedAt: Date | null;
  dismissedBy: string | null;
  dismissedAt: Date | null;
  dismissReason: string | null;
  rating: AmlRating;
  notes: number;
};

const CASE_COLUMNS = [
  'c.id',
  'c.member_id as memberId',
  'c.trigger',
  'c.status',
  'c.summary',
  'c.opening_reasons as openingReasons',
  'c.opened_by as openedBy',
  'c.opened_at as openedAt',
  'c.updated_at as updatedAt',
  'c.assignee_id as assigneeId',
  'c.narrative',
  'c.proposed_by as proposedBy',
  'c.proposed_at as proposedAt',
  'c.approved_by as approvedBy',
  'c.approved_at as approvedAt',
  'c.report',
  'c.sender',
  'c.protocol',
  'c.filed_at as filedAt',
  'c.dismissed_by as dismissedBy',
  'c.dismissed_at as dismissedAt',
  'c.dismiss_reason as dismissReason',
] as const;

const noteCount = sql<number>`(SELECT count(*) FROM aml_case_notes n WHERE n.case_id = c.id)::int`.as('notes');
/** The player's rating now (no row: never rated, so low). */
const ratingOf = sql<AmlRating>`coalesce((SELECT p.rating FROM aml_players p WHERE p.member_id = c.member_id), 'low')`;
const ratingNow = ratingOf.as('rating');

type RawCase = Omit<CaseRow, 'id' | 'memberId' | 'openingReasons' | 'openedBy' | 'assigneeId'> & {
  id: unknown;
  memberId: unknown;
  openingReasons: unknown;
  openedBy: unknown;
  assigneeId: unknown;
  proposedBy: unknown;
  approvedBy: unknown;
  dismissedBy: unknown;
};

const idOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toCase(row: RawCase): CaseRow {
  return {
    ...row,
    id: String(row.id),
    memberId: String(row.memberId),
    openingReasons: (row.openingReasons ?? []) as AmlReason[],
    openedBy: idOrNull(row.openedBy),
    assigneeId: idOrNull(row.assigneeId),
    proposedBy: idOrNull(row.proposedBy),
    approvedBy: idOrNull(row.approvedBy),
    dismissedBy: idOrNull(row.dismissedBy),
    notes: Number(row.notes),
  };
}

export type NewCase = {
  memberId: string;
  trigger: AmlCaseTrigger;
  summary: string;
  reasons: AmlReason[];
  openedBy: string | null;
};

/**
 * Open a case. A system case (any trigger but `operator`) is opened once while the player has a
 * live one of the same trigger (index aml_cases_one_live): answers null when one was live already.
 */
export async function insertCase(trx: Db, c: NewCase): Promise<string | null> {
  const row = await trx
    .insertInto('aml_cases')
    .values({
      member_id: c.memberId,
      trigger: c.trigger,
      summary: c.summary,
      opening_reasons: JSON.stringify(c.reasons),
      opened_by: c.openedBy,
      assignee_id: null,
      narrative: null,
      proposed_by: null,
      proposed_at: null,
      approved_by: null,
      approved_at: null,
      sender: null,
      protocol: null,
      filed_at: null,
      dismissed_by: null,
      dismissed_at: null,
      dismiss_reason: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

export async function findCase(db: Db, id: string): Promise<CaseRow | undefined> {
  const row = await db
    .selectFrom('aml_cases as c')
    .select([...CASE_COLUMNS, noteCount, ratingNow])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? toCase(row as RawCase) : undefined;
}

/** The case under its row lock: every step of a case is decided on the locked row. */
export async function lockCase(trx: Db, id: string): Promise<CaseRow | undefined> {
  const locked = await trx.selectFrom('aml_cases').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return locked ? findCase(trx, id) : undefined;
}

/** Change a case the caller locked, only from the states given; false when it was in none of them. */
/** A change of a case's columns, by their camelCase names. */
export type CasePatch = CamelRow<Updateable<Database['aml_cases']>>;

export async function updateCase(
  trx: Db,
  id: string,
  from: readonly AmlCaseStatus[],
  set: CasePatch,
): Promise<boolean> {
  const r = await trx
    .updateTable('aml_cases')
    .set({ ...snakeRow<Updateable<Database['aml_cases']>>(set), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type CaseFilter = {
  status?: AmlCaseStatus | undefined;
  trigger?: AmlCaseTrigger | undefined;
  rating?: AmlRating | undefined;
  memberId?: string | undefined;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
};

/** A page of cases, newest (or oldest) first, with how many match. */
export async function listCases(db: Db, f: CaseFilter): Promise<{ rows: CaseRow[]; total: number }> {
  let q = db.selectFrom('aml_cases as c');
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.trigger) q = q.where('c.trigger', '=', f.trigger);
  if (f.memberId) q = q.where('c.member_id', '=', f.memberId);
  if (f.rating) q = q.where(ratingOf, '=', f.rating);
  const [rows, count] = await Promise.all([
    q
      .select([...CASE_COLUMNS, noteCount, ratingNow])
      .orderBy('c.id', f.order)
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => toCase(r as RawCase)), total: Number(count.n) };
}

export async function insertNote(trx: Db, caseId: string, operatorId: string, body: string): Promise<string> {
  const row = await trx
    .insertInto('aml_case_notes')
    .values({ case_id: caseId, operator_id: operatorId, body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function findNotes(
  db: Db,
  caseId: string,
): Promise<{ id: string; operatorId: string; body: string; createdAt: Date }[]> {
  const rows = await db
    .selectFrom('aml_case_notes')
    .select(['id', 'operator_id', 'body', 'created_at'])
    .where('case_id', '=', caseId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    operatorId: String(r.operator_id),
    body: r.body,
    createdAt: r.created_at,
  }));
}
