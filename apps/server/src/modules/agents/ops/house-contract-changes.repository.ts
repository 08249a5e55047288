import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';

// A top agent's house contracts waiting for a second operator (migration 0540). A change row is
// locked after the house slot's advisory lock of its (member, type), so a request and a decision
// of one slot never run at once, and two slots never wait on each other.

type Db = Kysely<Database>;
export type HouseChangeRow = CamelRow<Selectable<Database['agent_house_contract_changes']>> & { account: string };

const select = (db: Db) =>
  db
    .selectFrom('agent_house_contract_changes as h')
    .innerJoin('members as m', 'm.id', 'h.member_id')
    .selectAll('h')
    .select('m.account');

export async function findHouseChange(db: Db, id: string): Promise<HouseChangeRow | undefined> {
  const row = await select(db).where('h.id', '=', id).executeTakeFirst();
  return row && camelRow(row);
}

/** Every change waiting, oldest first. */
export async function findPendingHouseChanges(db: Db): Promise<HouseChangeRow[]> {
  const rows = await select(db).where('h.status', '=', 'pending').orderBy('h.id').limit(200).execute();
  return rows.map(camelRow);
}

/** The change locked for a decision, when it still waits. */
export async function lockPendingHouseChange(db: Db, id: string): Promise<HouseChangeRow | undefined> {
  const locked = await db
    .selectFrom('agent_house_contract_changes')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
  return locked ? findHouseChange(db, id) : undefined;
}

/** A new request of a slot supersedes the change waiting in it; returns the superseded ids. */
export async function supersedeHouseChanges(db: Db, memberId: string, type: string): Promise<string[]> {
  const rows = await db
    .updateTable('agent_house_contract_changes')
    .set({ status: 'superseded', decided_at: new Date() })
    .where('member_id', '=', memberId)
    .where('type', '=', type)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => String(r.id));
}

export async function insertHouseChange(
  db: Db,
  c: {
    memberId: string;
    type: string;
    tiers: string;
    period: string;
    before: Record<string, unknown> | null;
    reason: string;
    requestedBy: string;
  },
): Promise<HouseChangeRow> {
  const row = await db
    .insertInto('agent_house_contract_changes')
    .values({
      member_id: c.memberId,
      type: c.type,
      tiers: c.tiers,
      period: c.period,
      before: c.before === null ? null : JSON.stringify(c.before),
      reason: c.reason,
      requested_by: c.requestedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findHouseChange(db, String(row.id)))!;
}

export async function decideHouseChange(
  db: Db,
  id: string,
  d: { status: 'applied' | 'rejected'; decidedBy: string; reason: string; contractId?: string },
): Promise<void> {
  await db
    .updateTable('agent_house_contract_changes')
    .set({
      status: d.status,
      decided_by: d.decidedBy,
      decided_at: new Date(),
      decision_reason: d.reason,
      contract_id: d.contractId ?? null,
    })
    .where('id', '=', id)
    .execute();
}
