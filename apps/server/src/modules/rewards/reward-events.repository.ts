import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RewardEvent, RewardEventKind } from './reward-events.types';

type Db = Kysely<Database>;

/** A consumer's place in the stream: the last (tx, id) it applied. */
export type EventCursor = { lastTx: string; lastId: string };

type EventRow = {
  id: string;
  tx: string;
  kind: string;
  member_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
};

function toEvent(row: EventRow): RewardEvent {
  return {
    id: String(row.id),
    tx: row.tx,
    kind: row.kind as RewardEventKind,
    memberId: String(row.member_id),
    occurredAt: new Date(row.occurred_at),
    data: row.data,
  };
}

/** Write an event in the caller's transaction (the changes the triggers do not see: a level change, an approval). */
export async function insertEvent(
  trx: Db,
  kind: RewardEventKind,
  memberId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto('reward_events')
    .values({ kind, member_id: memberId, data: JSON.stringify(data) })
    .execute();
}

/**
 * The stream's end as a consumer may read it: the last event whose writer has finished, and no
 * earlier one can still appear. A new consumer starts there.
 */
async function findStreamEnd(db: Db): Promise<EventCursor | undefined> {
  const { rows } = await sql<{ tx: string; id: string }>`
    SELECT e.tx::text AS tx, e.id::text AS id FROM reward_events AS e
    WHERE e.tx < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY e.tx DESC, e.id DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { lastTx: row.tx, lastId: row.id } : undefined;
}

/** Give a consumer its row, at the stream's end when it is new (nothing it would have done in the past is done now). */
export async function ensureCursor(db: Db, subscriber: string): Promise<void> {
  const existing = await db
    .selectFrom('reward_event_cursors')
    .select('subscriber')
    .where('subscriber', '=', subscriber)
    .executeTakeFirst();
  if (existing) return;
  const end = await findStreamEnd(db);
  await sql`INSERT INTO reward_event_cursors (subscriber, last_tx, last_id)
    VALUES (${subscriber}, ${end?.lastTx ?? '0'}::xid8, ${end?.lastId ?? '0'}::bigint)
    ON CONFLICT (subscriber) DO NOTHING`.execute(db);
}

/** Lock a consumer's row for this transaction; undefined when another instance holds it now. */
export async function lockCursor(trx: Db, subscriber: string): Promise<EventCursor | undefined> {
  const { rows } = await sql<{ last_tx: string; last_id: string }>`
    SELECT last_tx::text AS last_tx, last_id::text AS last_id FROM reward_event_cursors
    WHERE subscriber = ${subscriber} FOR UPDATE SKIP LOCKED`.execute(trx);
  const row = rows[0];
  return row ? { lastTx: row.last_tx, lastId: row.last_id } : undefined;
}

/**
 * The next events after a cursor that no running transaction can still add to, in (tx, id)
 * order, of the listed kinds only. `end` is where the cursor may move when fewer than `limit`
 * came back: past the events of other kinds too, so they are not read again.
 *
 * The batch and its end are read in one statement, under one snapshot and so one horizon
 * (`pg_snapshot_xmin`): read apart, a writer committing in between would raise the second
 * horizon, and the cursor would move past events of the consumer's kinds the first read never saw.
 */
export async function readAfter(
  trx: Db,
  cursor: EventCursor,
  kinds: readonly RewardEventKind[] | undefined,
  limit: number,
): Promise<{ events: RewardEvent[]; end: EventCursor | undefined }> {
  const kindFilter = kinds ? sql`AND e.kind = ANY(${sql.val(kinds as string[])}::text[])` : sql``;
  const { rows } = await sql<EventRow | { id: null; end_tx: string | null; end_id: string | null }>`
    WITH horizon AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
    batch AS (
      SELECT e.id::text AS id, e.tx::text AS tx, e.kind, e.member_id::text AS member_id, e.occurred_at, e.data FROM reward_events AS e
      WHERE (e.tx, e.id) > (${cursor.lastTx}::xid8, ${cursor.lastId}::bigint)
        AND e.tx < (SELECT xmin FROM horizon) ${kindFilter}
      ORDER BY e.tx, e.id LIMIT ${limit})
    SELECT b.*, NULL::text AS end_tx, NULL::text AS end_id FROM batch AS b
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, s.tx::text, s.id::text FROM (
      SELECT e.tx, e.id FROM reward_events AS e WHERE e.tx < (SELECT xmin FROM horizon) ORDER BY e.tx DESC, e.id DESC LIMIT 1) AS s
    WHERE ${kinds ? sql`(SELECT count(*) FROM batch) < ${limit}` : sql`false`}`.execute(trx);
  const events: RewardEvent[] = [];
  let end: EventCursor | undefined;
  for (const row of rows) {
    if (row.id !== null) events.push(toEvent(row as EventRow));
    else if ('end_tx' in row && row.end_tx !== null && row.end_id !== null)
      end = { lastTx: row.end_tx, lastId: row.end_id };
  }
  return { events, end };
}

/**
 * Whether a consumer has an event of its kinds still to apply: every committed event after its
 * place, also those not readable yet behind an older transaction still running (on a shared server,
 * in any database), so a drain waits for them instead of answering before they are applied.
 */
export async function hasPending(
  db: Db,
  subscriber: string,
  kinds: readonly RewardEventKind[] | undefined,
): Promise<boolean> {
  const kindFilter = kinds ? sql`AND e.kind = ANY(${sql.val(kinds as string[])}::text[])` : sql``;
  // The first event after the place, found by the (tx, id) index: a plain join of the two is planned as a scan of every event.
  const { rows } = await sql<{ pending: boolean }>`
    SELECT EXISTS (SELECT 1 FROM reward_event_cursors AS c
      CROSS JOIN LATERAL (SELECT 1 FROM reward_events AS e WHERE (e.tx, e.id) > (c.last_tx, c.last_id) ${kindFilter} ORDER BY e.tx, e.id LIMIT 1) AS next
      WHERE c.subscriber = ${subscriber}) AS pending`.execute(db);
  return rows[0]?.pending === true;
}

export async function moveCursor(trx: Db, subscriber: string, to: EventCursor, applied: number): Promise<void> {
  await sql`UPDATE reward_event_cursors SET last_tx = ${to.lastTx}::xid8, last_id = ${to.lastId}::bigint,
    applied = applied + ${applied}, updated_at = now() WHERE subscriber = ${subscriber}`.execute(trx);
}

export async function recordFailure(trx: Db, subscriber: string, eventId: string, error: string): Promise<void> {
  await trx
    .insertInto('reward_event_failures')
    .values({ subscriber, event_id: eventId, error: error.slice(0, 2000) })
    .onConflict((oc) => oc.columns(['subscriber', 'event_id']).doUpdateSet({ error: error.slice(0, 2000) }))
    .execute();
}

/** Each consumer's place and how far behind the newest event it is (the back office, the benchmark). */
export async function findCursorStates(
  db: Db,
): Promise<{ subscriber: string; applied: string; behind: string; updatedAt: Date }[]> {
  const { rows } = await sql<{ subscriber: string; applied: string; behind: string; updated_at: Date }>`
    SELECT c.subscriber, c.applied::text AS applied, c.updated_at,
      (SELECT count(*) FROM reward_events AS e WHERE (e.tx, e.id) > (c.last_tx, c.last_id))::text AS behind
    FROM reward_event_cursors AS c ORDER BY c.subscriber`.execute(db);
  return rows.map((r) => ({ subscriber: r.subscriber, applied: r.applied, behind: r.behind, updatedAt: r.updated_at }));
}

/** Events of some kinds over a window of history, oldest first (a rule's dry run), keyset-paged by id. */
export async function findEventsBetween(
  db: Db,
  kinds: readonly RewardEventKind[],
  from: Date,
  until: Date,
  afterId: string,
  limit: number,
): Promise<RewardEvent[]> {
  const { rows } = await sql<EventRow>`
    SELECT e.id::text AS id, e.tx::text AS tx, e.kind, e.member_id::text AS member_id, e.occurred_at, e.data FROM reward_events AS e
    WHERE e.kind = ANY(${sql.val(kinds as string[])}::text[]) AND e.occurred_at >= ${from} AND e.occurred_at < ${until} AND e.id > ${afterId}::bigint
    ORDER BY e.id LIMIT ${limit}`.execute(db);
  return rows.map(toEvent);
}
