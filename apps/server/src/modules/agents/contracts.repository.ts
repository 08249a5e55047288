import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
type ContractColumns = Selectable<Database['agent_contracts']>;
export type ContractRow = CamelRow<ContractColumns>;

const toContract = (row: ContractColumns): ContractRow => camelRow(row);
const toContracts = (rows: ContractColumns[]): ContractRow[] => rows.map(toContract);
const toFoundContract = (row: ContractColumns | undefined): ContractRow | undefined => row && toContract(row);

/** The statuses of a contract that pays: active, or active with a termination request open. */
export const LIVE_STATUSES = ['active', 'termination_requested'] as const;

const select = (db: Db) => db.selectFrom('agent_contracts').selectAll();

/** A contract by id, unlocked (to learn which rows to lock, in order). */
export function findContract(db: Db, id: string): Promise<ContractRow | undefined> {
  return select(db).where('id', '=', id).executeTakeFirst().then(toFoundContract);
}

/** Arbitrary but fixed namespace of the advisory lock that serialises changes to one top agent's house contract of a type. */
const HOUSE_CONTRACT_LOCK_NAMESPACE = 0x41484331; // "AHC1"

/**
 * Serialise house-contract changes of one member and type. Two operators setting one at once
 * would otherwise both find no live row to replace (the first's is not committed yet) and the
 * second would hit the one-live-contract index; in turn, the second now replaces the first's.
 */
export async function lockHouseContractSlot(trx: Db, memberId: string, type: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${HOUSE_CONTRACT_LOCK_NAMESPACE}::int4, hashtext(${`${memberId}:${type}`}))`.execute(
    trx,
  );
}

/** Lock a contract by id. */
export function lockContract(trx: Db, id: string): Promise<ContractRow | undefined> {
  return select(trx).where('id', '=', id).forUpdate().executeTakeFirst().then(toFoundContract);
}

/** Lock a member's live contract of a type (the cap its downlines' contracts are checked against). */
export function lockLiveContract(trx: Db, downlineId: string, type: string): Promise<ContractRow | undefined> {
  return select(trx)
    .where('downline_id', '=', downlineId)
    .where('type', '=', type)
    .where('status', 'in', LIVE_STATUSES)
    .forUpdate()
    .executeTakeFirst()
    .then(toFoundContract);
}

/** Lock the open offer of a type to a member, if there is one. */
export function lockOpenOffer(trx: Db, downlineId: string, type: string): Promise<ContractRow | undefined> {
  return select(trx)
    .where('downline_id', '=', downlineId)
    .where('type', '=', type)
    .where('status', '=', 'offered')
    .forUpdate()
    .executeTakeFirst()
    .then(toFoundContract);
}

/** Lock a member's live contracts and open offers with an upline agent (every type), by id. */
export function lockContractsWithUpline(trx: Db, downlineId: string): Promise<ContractRow[]> {
  return select(trx)
    .where('downline_id', '=', downlineId)
    .where('upline_id', 'is not', null)
    .where('status', 'in', ['offered', ...LIVE_STATUSES])
    .orderBy('id')
    .forUpdate()
    .execute()
    .then(toContracts);
}

/** Lock the live contracts of a type an upline gave its direct downlines, by id. */
export function lockLiveContractsOfUpline(trx: Db, uplineId: string, type: string): Promise<ContractRow[]> {
  return select(trx)
    .where('upline_id', '=', uplineId)
    .where('type', '=', type)
    .where('status', 'in', LIVE_STATUSES)
    .orderBy('id')
    .forUpdate()
    .execute()
    .then(toContracts);
}

/** Lock the live contracts of a type held anywhere under a member, level by level (depth, then id). */
export async function lockLiveContractsUnder(trx: Db, memberId: string, type: string): Promise<ContractRow[]> {
  const rows = await sql<ContractColumns>`
    SELECT c.* FROM agent_contracts AS c
      JOIN agent_tree AS t ON t.descendant_id = c.downline_id AND t.ancestor_id = ${memberId}::bigint AND t.depth > 0
     WHERE c.type = ${type} AND c.status IN ('active', 'termination_requested')
     ORDER BY t.depth, c.id
       FOR UPDATE OF c`.execute(trx);
  return toContracts(rows.rows);
}

/** Open offers of a type made by these uplines. */
export function findOffersBy(db: Db, uplineIds: string[], type: string): Promise<ContractRow[]> {
  if (uplineIds.length === 0) return Promise.resolve([]);
  return select(db)
    .where('upline_id', 'in', uplineIds)
    .where('type', '=', type)
    .where('status', '=', 'offered')
    .orderBy('id')
    .execute()
    .then(toContracts);
}

export type NewContract = {
  type: string;
  uplineId: string | null;
  downlineId: string;
  tiers: string;
  period: string;
  status: 'offered' | 'active';
  offeredAt: Date;
  offeredByType: 'member' | 'operator';
  offeredById: string;
  answeredAt: Date | null;
};

export async function insertContract(trx: Db, c: NewContract): Promise<ContractRow> {
  return trx
    .insertInto('agent_contracts')
    .values({
      type: c.type,
      upline_id: c.uplineId,
      downline_id: c.downlineId,
      tiers: c.tiers,
      period: c.period,
      status: c.status,
      offered_at: c.offeredAt,
      offered_by_type: c.offeredByType,
      offered_by_id: c.offeredById,
      answered_at: c.answeredAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toContract);
}

export type ContractPatch = {
  status: string;
  answeredAt?: Date;
  terminationRequestedAt?: Date | null;
  terminationRequestedBy?: string | null;
  terminatedAt?: Date;
  endReason?: string;
};

export async function updateContract(trx: Db, id: string, patch: ContractPatch): Promise<ContractRow> {
  return trx
    .updateTable('agent_contracts')
    .set({
      status: patch.status,
      answered_at: patch.answeredAt,
      termination_requested_at: patch.terminationRequestedAt,
      termination_requested_by: patch.terminationRequestedBy,
      terminated_at: patch.terminatedAt,
      end_reason: patch.endReason,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toContract);
}

/** A member's contracts of a type for its views: its live one and open offer, and those with its direct downlines. */
export async function findMemberContracts(
  db: Db,
  memberId: string,
  type: string,
): Promise<{ mine: ContractRow[]; downlines: ContractRow[] }> {
  const open = ['offered', ...LIVE_STATUSES];
  const [mine, downlines] = await Promise.all([
    select(db).where('downline_id', '=', memberId).where('type', '=', type).where('status', 'in', open).execute(),
    select(db)
      .where('upline_id', '=', memberId)
      .where('type', '=', type)
      .where('status', 'in', open)
      .orderBy('id')
      .execute(),
  ]);
  return { mine: toContracts(mine), downlines: toContracts(downlines) };
}

/** Every open contract (offered or live) a member is a party to, of every type (the consolidated flags). */
export function findOpenContractsOf(db: Db, memberId: string): Promise<ContractRow[]> {
  return select(db)
    .where((eb) => eb.or([eb('downline_id', '=', memberId), eb('upline_id', '=', memberId)]))
    .where('status', 'in', ['offered', ...LIVE_STATUSES])
    .execute()
    .then(toContracts);
}
