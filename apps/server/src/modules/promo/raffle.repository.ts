import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { PromoTables } from '../../db/tables/promo';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { MemberViews } from '../member/member-views';

type Db = Kysely<Database>;
export type RaffleRow = CamelRow<Selectable<PromoTables['raffles']>>;
export type PrizeRow = CamelRow<Selectable<PromoTables['raffle_prizes']>>;

/** Each promotion's raffle ids, newest first. */
export async function findRaffleIdsByPromotion(
  db: Db,
  promotionIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (promotionIds.length === 0) return out;
  const rows = await db
    .selectFrom('raffles')
    .select(['id', 'promotion_id'])
    .where('promotion_id', 'in', promotionIds)
    // Players see live raffles only: not one waiting for a second operator, nor one turned down.
    .where('status', 'in', ['open', 'drawn'])
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) out.set(r.promotion_id, [...(out.get(r.promotion_id) ?? []), r.id]);
  return out;
}

export async function insertRaffle(
  db: Db,
  input: {
    promotionId: string;
    title: string;
    drawAt: Date;
    serverSeed: string;
    serverSeedHash: string;
    createdBy: string;
    prizes: readonly { rewardKind: 'cash' | 'bonus' | 'points'; amount: string }[];
    /** The set-up ceilings its prizes pass: any, and it waits for a second operator. */
    ceilingReasons: readonly string[];
  },
): Promise<string> {
  const { id } = await db
    .insertInto('raffles')
    .values({
      promotion_id: input.promotionId,
      title: input.title,
      draw_at: input.drawAt,
      server_seed: input.serverSeed,
      server_seed_hash: input.serverSeedHash,
      created_by: input.createdBy,
      status: input.ceilingReasons.length > 0 ? 'awaiting_approval' : 'open',
      ceiling_reasons: [...input.ceilingReasons],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('raffle_prizes')
    .values(input.prizes.map((p, i) => ({ raffle_id: id, rank: i + 1, reward_kind: p.rewardKind, amount: p.amount })))
    .execute();
  return id;
}

export async function findRaffle(db: Db, id: string): Promise<RaffleRow | undefined> {
  const row = await db.selectFrom('raffles').selectAll().where('id', '=', id).executeTakeFirst();
  return row && camelRow(row);
}

export async function findRaffles(db: Db, limit: number): Promise<RaffleRow[]> {
  return (await db.selectFrom('raffles').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(camelRow);
}

/** The open raffles (players' tickets go into them and they are drawn), oldest first. */
export async function findOpenRaffles(db: Db): Promise<RaffleRow[]> {
  return (await db.selectFrom('raffles').selectAll().where('status', '=', 'open').orderBy('id').execute()).map(
    camelRow,
  );
}

/** Raffles waiting for a second operator (migration 0501), oldest first. */
export async function findAwaitingRaffles(db: Db, limit: number): Promise<RaffleRow[]> {
  const rows = await db
    .selectFrom('raffles')
    .selectAll()
    .where('status', '=', 'awaiting_approval')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(camelRow);
}

export async function lockRaffle(db: Db, id: string): Promise<RaffleRow | undefined> {
  const row = await db.selectFrom('raffles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && camelRow(row);
}

/** Open raffles whose draw time has come, oldest first. */
export async function findDueRaffleIds(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('raffles')
    .select('id')
    .where('status', '=', 'open')
    .where('draw_at', '<=', at)
    .orderBy('draw_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function findPrizes(db: Db, raffleIds: readonly string[]): Promise<PrizeRow[]> {
  if (raffleIds.length === 0) return [];
  const rows = await db
    .selectFrom('raffle_prizes')
    .selectAll()
    .where('raffle_id', 'in', raffleIds)
    .orderBy('raffle_id')
    .orderBy('rank')
    .execute();
  return rows.map(camelRow);
}

/** The winners with their account names (through the member module's view). */
export async function findWinners(db: Db, members: MemberViews, raffleIds: readonly string[]) {
  if (raffleIds.length === 0) return [];
  return db
    .selectFrom('raffle_winners as w')
    .innerJoin(members.briefs().as('m'), 'm.id', 'w.member_id')
    .select(['w.raffle_id as raffleId', 'w.rank', 'w.number', 'm.account'])
    .where('w.raffle_id', 'in', raffleIds)
    .orderBy('w.raffle_id')
    .orderBy('w.rank')
    .execute();
}

/** Record a grant's tickets for its player (the sink); a repeat of the same grant writes nothing. */
export async function insertEntitlement(
  db: Db,
  input: { grantId: string; raffleId: string; memberId: string; tickets: number },
): Promise<void> {
  await db
    .insertInto('raffle_entitlements')
    .values({ grant_id: input.grantId, raffle_id: input.raffleId, member_id: input.memberId, tickets: input.tickets })
    .onConflict((oc) => oc.column('grant_id').doNothing())
    .execute();
}

/** The member's tickets not yet claimed into the draw: how many in all. */
export async function countClaimable(db: Db, raffleId: string, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('raffle_entitlements')
    .select(sql<number>`coalesce(sum(tickets), 0)::int`.as('n'))
    .where('raffle_id', '=', raffleId)
    .where('member_id', '=', memberId)
    .where('claimed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The member's unclaimed entitlements, locked, oldest first. */
export async function lockClaimable(db: Db, raffleId: string, memberId: string) {
  return db
    .selectFrom('raffle_entitlements')
    .select(['grant_id as grantId', 'tickets'])
    .where('raffle_id', '=', raffleId)
    .where('member_id', '=', memberId)
    .where('claimed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('grant_id')
    .forUpdate()
    .execute();
}

/** Number the tickets from `first` in order, mark the entitlements claimed and move the raffle's count (its row is locked). */
export async function insertTickets(
  db: Db,
  raffleId: string,
  memberId: string,
  first: number,
  entitlements: readonly { grantId: string; tickets: number }[],
): Promise<number[]> {
  const rows: { raffle_id: string; number: number; member_id: string; grant_id: string }[] = [];
  let next = first;
  for (const e of entitlements)
    for (let i = 0; i < e.tickets; i++)
      rows.push({ raffle_id: raffleId, number: next++, member_id: memberId, grant_id: e.grantId });
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('raffle_tickets')
      .values(rows.slice(i, i + 1000))
      .execute();
  await db
    .updateTable('raffle_entitlements')
    .set({ claimed_at: sql<Date>`now()` })
    .where(
      'grant_id',
      'in',
      entitlements.map((e) => e.grantId),
    )
    .execute();
  await db
    .updateTable('raffles')
    .set({ ticket_count: next - 1 })
    .where('id', '=', raffleId)
    .execute();
  return rows.map((r) => r.number);
}

export async function findMemberTickets(db: Db, raffleId: string, memberId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('raffle_tickets')
    .select('number')
    .where('raffle_id', '=', raffleId)
    .where('member_id', '=', memberId)
    .orderBy('number')
    .execute();
  return rows.map((r) => r.number);
}

/** Owners of these ticket numbers. */
export async function findTicketOwners(
  db: Db,
  raffleId: string,
  numbers: readonly number[],
): Promise<Map<number, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('raffle_tickets')
    .select(['number', 'member_id'])
    .where('raffle_id', '=', raffleId)
    .where('number', 'in', numbers)
    .execute();
  return new Map(rows.map((r) => [r.number, r.member_id]));
}

export async function insertWinner(
  db: Db,
  row: { raffleId: string; rank: number; number: number; memberId: string; grantId: string },
): Promise<void> {
  await db
    .insertInto('raffle_winners')
    .values({
      raffle_id: row.raffleId,
      rank: row.rank,
      number: row.number,
      member_id: row.memberId,
      grant_id: row.grantId,
    })
    .execute();
}

export async function markDrawn(db: Db, raffleId: string): Promise<void> {
  await db
    .updateTable('raffles')
    .set({ status: 'drawn', drawn_at: sql<Date>`now()` })
    .where('id', '=', raffleId)
    .where('status', '=', 'open')
    .execute();
}

/** A member id by account name (through the member module's view), for an operator's ticket gift. */
export async function findMemberIdByAccount(
  db: Db,
  members: MemberViews,
  account: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(members.realMoneyAccounts().as('m'))
    .select('m.id')
    .where('m.account', '=', account)
    .executeTakeFirst();
  return row?.id;
}

/** A waiting raffle's decision: live (open) with its approver, or turned down; false when it no longer waits. */
export async function decideRaffle(
  db: Db,
  id: string,
  decision: { status: 'open' | 'rejected'; approvedBy: string },
): Promise<boolean> {
  const r = await db
    .updateTable('raffles')
    .set({ status: decision.status, approved_by: decision.approvedBy, approved_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** How many raffles wait for a second operator (the back office's queue badge). */
export async function countAwaitingRaffles(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('raffles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'awaiting_approval')
    .executeTakeFirstOrThrow();
  return Number(n);
}
