import { sql, type Kysely } from 'kysely';
import { camelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';
import type { ContractRow } from '../contracts.repository';

// The back office's reads of the agent tree (the closure table agent_tree beside members) and the
// rows a change of an account type locks. Every "under X" is an index range of agent_tree.

type Db = Kysely<Database>;

export type OpsMemberRow = {
  id: string;
  account: string;
  type: number;
  status: string;
  uplineId: string | null;
  directDownlines: number;
  teamSize: number;
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A member's row with the two team counts, read from agent_tree by the member's own index range. */
function withTeam(db: Db) {
  return db
    .selectFrom('members as m')
    .select([
      sql<string>`m.id::text`.as('id'),
      'm.account',
      'm.type',
      'm.status',
      sql<string | null>`m.upline_id::text`.as('uplineId'),
      sql<string>`(SELECT count(*) FROM agent_tree t WHERE t.ancestor_id = m.id AND t.depth = 1)`.as('directDownlines'),
      sql<string>`(SELECT count(*) FROM agent_tree t WHERE t.ancestor_id = m.id AND t.depth > 0)`.as('teamSize'),
    ]);
}

type RawMemberRow = {
  id: string;
  account: string;
  type: number;
  status: string;
  uplineId: string | null;
  directDownlines: string | number;
  teamSize: string | number;
};

function toMember(r: RawMemberRow): OpsMemberRow {
  return {
    id: r.id,
    account: r.account,
    type: Number(r.type),
    status: r.status,
    uplineId: r.uplineId,
    directDownlines: Number(r.directDownlines),
    teamSize: Number(r.teamSize),
  };
}

/** Members whose account starts with `prefix` (members_account_prefix_idx), in account order; only agents when asked. */
export async function searchMembersByAccount(
  db: Db,
  prefix: string,
  agentTypes: readonly number[] | null,
  limit: number,
): Promise<OpsMemberRow[]> {
  let query = withTeam(db).where(sql<boolean>`m.account LIKE ${`${escapeLike(prefix)}%`}`);
  if (agentTypes) query = query.where('m.type', 'in', [...agentTypes]);
  const rows = await query.orderBy('m.account').limit(limit).execute();
  return rows.map(toMember);
}

/** One member with its team counts. */
export async function findOpsMember(db: Db, memberId: string): Promise<OpsMemberRow | undefined> {
  const row = await withTeam(db).where('m.id', '=', memberId).executeTakeFirst();
  return row ? toMember(row) : undefined;
}

/** One page of the members directly under a member (members_upline_idx), with how many there are. */
export async function findDirectDownlines(
  db: Db,
  memberId: string,
  page: { sort: 'account' | 'teamSize'; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: OpsMemberRow[]; total: number }> {
  const base = withTeam(db).where('m.upline_id', '=', memberId);
  const sorted =
    page.sort === 'teamSize'
      ? base.orderBy(sql`"teamSize"`, page.order).orderBy('m.account')
      : base.orderBy('m.account', page.order);
  const [rows, count] = await Promise.all([
    sorted.offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('members')
      .where('upline_id', '=', memberId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toMember), total: Number(count.n) };
}

/** How many members sit directly under a member (in a type change's transaction, after the tree lock). */
export async function countDirectDownlines(trx: Db, memberId: string): Promise<number> {
  const row = await trx
    .selectFrom('members')
    .where('upline_id', '=', memberId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Lock a member's open contracts as the downline (offers and live ones, with an upline or the house), by id. */
export function lockOpenContractsAsDownline(trx: Db, memberId: string): Promise<ContractRow[]> {
  return trx
    .selectFrom('agent_contracts')
    .selectAll()
    .where('downline_id', '=', memberId)
    .where('status', 'in', ['offered', 'active', 'termination_requested'])
    .orderBy('id')
    .forUpdate()
    .execute()
    .then((rows) => rows.map(camelRow));
}

export type AgentAuditRow = {
  id: string;
  at: Date;
  actorType: 'operator' | 'system' | 'member';
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** The audit entries of the agent side about a member (actions `agent.*`: moves, types, house contracts, payee holds), newest first (audit_log_subject_at_idx). */
export async function findAgentAudit(
  db: Db,
  memberId: string,
  offset: number,
  limit: number,
): Promise<{ rows: AgentAuditRow[]; total: number }> {
  const query = db
    .selectFrom('audit_log')
    .where('subject_type', '=', 'member')
    .where('subject_id', '=', String(memberId))
    .where('action', 'like', 'agent.%');
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'at',
        'actor_type as actorType',
        'actor_id as actorId',
        'action',
        'subject_type as subjectType',
        'subject_id as subjectId',
        'reason',
        'before',
        'after',
      ])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: String(r.id), at: new Date(r.at) })), total: Number(count.n) };
}
