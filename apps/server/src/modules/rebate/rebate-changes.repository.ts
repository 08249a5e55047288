import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { RebateRaises } from '../../db/tables/rebate';

// The rebate's raises waiting for a second operator (migration 0540). Locked after the settings
// row (lockRebateSettings), never before it, so a request and a decision never wait crosswise.

type Db = Kysely<Database>;
type ChangeColumns = Selectable<Database['rebate_setting_changes']>;
export type RebateChangeRow = CamelRow<ChangeColumns>;

const toChange = (row: ChangeColumns): RebateChangeRow => camelRow(row);
const toFoundChange = (row: ChangeColumns | undefined): RebateChangeRow | undefined => row && toChange(row);

const select = (db: Db) => db.selectFrom('rebate_setting_changes').selectAll();

/** The raise waiting, if any (one at most: a unique index). */
export function findPendingChange(db: Db): Promise<RebateChangeRow | undefined> {
  return select(db).where('status', '=', 'pending').executeTakeFirst().then(toFoundChange);
}

export function findChange(db: Db, id: string): Promise<RebateChangeRow | undefined> {
  return select(db).where('id', '=', id).executeTakeFirst().then(toFoundChange);
}

/** The change locked for a decision, when it still waits. */
export function lockPendingChange(db: Db, id: string): Promise<RebateChangeRow | undefined> {
  return select(db)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst()
    .then(toFoundChange);
}

/** A new raise supersedes the one waiting; returns the superseded rows. */
export function supersedePending(db: Db): Promise<RebateChangeRow[]> {
  return db
    .updateTable('rebate_setting_changes')
    .set({ status: 'superseded', decided_at: new Date() })
    .where('status', '=', 'pending')
    .returningAll()
    .execute()
    .then((rows) => rows.map(toChange));
}

export function insertChange(
  db: Db,
  c: { raises: RebateRaises; before: Record<string, unknown>; reason: string; requestedBy: string },
): Promise<RebateChangeRow> {
  return db
    .insertInto('rebate_setting_changes')
    .values({
      raises: JSON.stringify(c.raises),
      before: JSON.stringify(c.before),
      reason: c.reason,
      requested_by: c.requestedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toChange);
}

export function decideChange(
  db: Db,
  id: string,
  d: { status: 'applied' | 'rejected'; decidedBy: string; reason: string },
): Promise<RebateChangeRow> {
  return db
    .updateTable('rebate_setting_changes')
    .set({ status: d.status, decided_by: d.decidedBy, decided_at: new Date(), decision_reason: d.reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toChange);
}
