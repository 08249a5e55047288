import { sql, type Kysely } from 'kysely';
import { camelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';
import type { ContractRow } from '../contracts.repository';

// Contracts oversight: every agent's contracts, filtered and paged, with the parties' accounts.

type Db = Kysely<Database>;

export type OpsContractRow = ContractRow & { uplineAccount: string | null; downlineAccount: string };

export type ContractsFilter = {
  type?: string | undefined;
  /** Statuses to keep (live: active and termination requested). */
  statuses?: readonly string[] | undefined;
  /** The upline's id; null: contracts with the house. */
  uplineId?: string | null | undefined;
  downlineId?: string | undefined;
};

function filtered(db: Db, f: ContractsFilter) {
  let query = db.selectFrom('agent_contracts as c');
  if (f.type) query = query.where('c.type', '=', f.type);
  if (f.statuses) query = query.where('c.status', 'in', [...f.statuses]);
  if (f.uplineId === null) query = query.where('c.upline_id', 'is', null);
  else if (f.uplineId !== undefined) query = query.where('c.upline_id', '=', f.uplineId);
  if (f.downlineId !== undefined) query = query.where('c.downline_id', '=', f.downlineId);
  return query;
}

function withAccounts(db: Db, f: ContractsFilter) {
  return filtered(db, f)
    .innerJoin('members as d', 'd.id', 'c.downline_id')
    .leftJoin('members as u', 'u.id', 'c.upline_id')
    .selectAll('c')
    .select(['d.account as downlineAccount', 'u.account as uplineAccount']);
}

/** One page of contracts, newest offer first (or oldest), with how many match. */
export async function listContracts(
  db: Db,
  f: ContractsFilter,
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: OpsContractRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withAccounts(db, f)
      .orderBy('c.offered_at', page.order)
      .orderBy('c.id', page.order)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, f).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(camelRow), total: Number(count.n) };
}

/** One contract with the parties' accounts. */
export async function findOpsContract(db: Db, id: string): Promise<OpsContractRow | undefined> {
  const row = await withAccounts(db, {}).where('c.id', '=', id).executeTakeFirst();
  return row && camelRow(row);
}

/** Every contract of a type a member held as the downline, newest first. */
export async function findDownlineContracts(db: Db, downlineId: string, type: string): Promise<OpsContractRow[]> {
  const rows = await withAccounts(db, { downlineId, type })
    .orderBy('c.offered_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(50)
    .execute();
  return rows.map(camelRow);
}

/** A member's id by its account (members_account_key on lower(account)); undefined when none. */
export async function findMemberIdByAccount(db: Db, account: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select(sql<string>`id::text`.as('id'))
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}
