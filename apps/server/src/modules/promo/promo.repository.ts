import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { PromoTables } from '../../db/tables/promo';
import { camelRow, snakeRow, type CamelRow } from '../../db/camel-row';
import type { MemberViews } from '../member/member-views';

type Db = Kysely<Database>;
export type PromoSettingsRow = CamelRow<Selectable<PromoTables['promo_settings']>>;
export type PromoApplicationRow = CamelRow<Selectable<PromoTables['promo_applications']>>;
export type ApplicationRow = PromoApplicationRow & { imageCount: number };
export type OpsApplicationRow = ApplicationRow & { account: string };

const imageCount = sql<number>`(select count(*)::int from promo_application_images i where i.application_id = a.id)`.as(
  'imageCount',
);

export async function findSettings(db: Db, promotionId: string): Promise<PromoSettingsRow | undefined> {
  const row = await db
    .selectFrom('promo_settings')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .executeTakeFirst();
  return row && camelRow(row);
}

export async function findAllSettings(db: Db): Promise<PromoSettingsRow[]> {
  return (await db.selectFrom('promo_settings').selectAll().orderBy('promotion_id').execute()).map(camelRow);
}

export async function lockSettings(db: Db, promotionId: string): Promise<PromoSettingsRow | undefined> {
  const row = await db
    .selectFrom('promo_settings')
    .selectAll()
    .where('promotion_id', '=', promotionId)
    .forUpdate()
    .executeTakeFirst();
  return row && camelRow(row);
}

type SettingsColumns = Omit<Selectable<PromoTables['promo_settings']>, 'promotion_id' | 'version' | 'updated_at'>;
export type SettingsFields = CamelRow<SettingsColumns>;

/** Create or replace a promotion's settings (the version moves on at each write). */
export async function saveSettings(db: Db, promotionId: string, fields: SettingsFields): Promise<PromoSettingsRow> {
  const columns = snakeRow<SettingsColumns>(fields);
  const row = await db
    .insertInto('promo_settings')
    .values({ promotion_id: promotionId, ...columns })
    .onConflict((oc) =>
      oc
        .column('promotion_id')
        .doUpdateSet({ ...columns, version: sql`promo_settings.version + 1`, updated_at: sql`now()` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return camelRow(row);
}

/** A member's joins and applications of these promotions in these periods (one key per promotion). */
export async function findMemberPeriodRows(
  db: Db,
  memberId: string,
  keys: readonly { promotionId: string; periodKey: string }[],
) {
  if (keys.length === 0) return { joins: [], applications: [] };
  const pairs = sql.join(keys.map((k) => sql`(${k.promotionId}::bigint, ${k.periodKey}::text)`));
  const [joins, applications] = await Promise.all([
    db
      .selectFrom('promo_joins')
      .select(['promotion_id as promotionId', 'period_key as periodKey'])
      .where('member_id', '=', memberId)
      .where(sql<boolean>`(promotion_id, period_key) in (${pairs})`)
      .execute(),
    db
      .selectFrom('promo_applications')
      .select([
        'id',
        'promotion_id as promotionId',
        'period_key as periodKey',
        'status',
        'reason',
        'grant_id as grantId',
        'claimed_at as claimedAt',
      ])
      .where('member_id', '=', memberId)
      .where(sql<boolean>`(promotion_id, period_key) in (${pairs})`)
      .execute(),
  ]);
  return { joins, applications };
}

/** Record a join; false when the member had already joined in this period. */
export async function insertJoin(
  db: Db,
  input: { promotionId: string; memberId: string; periodKey: string },
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('promo_joins')
    .values({ promotion_id: input.promotionId, member_id: input.memberId, period_key: input.periodKey })
    .onConflict((oc) => oc.columns(['member_id', 'promotion_id', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Store an application and its images; undefined when the member already applied in this period. */
export async function insertApplication(
  db: Db,
  input: {
    promotionId: string;
    memberId: string;
    periodKey: string;
    comment: string;
    images: readonly { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }[];
  },
): Promise<string | undefined> {
  const row = await db
    .insertInto('promo_applications')
    .values({
      promotion_id: input.promotionId,
      member_id: input.memberId,
      period_key: input.periodKey,
      comment: input.comment,
    })
    .onConflict((oc) => oc.columns(['member_id', 'promotion_id', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  if (input.images.length > 0) {
    await db
      .insertInto('promo_application_images')
      .values(
        input.images.map((image, position) => ({
          application_id: row.id,
          position,
          content_type: image.contentType,
          bytes: image.bytes,
          size_bytes: image.bytes.length,
        })),
      )
      .execute();
  }
  return row.id;
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const row = await db
    .selectFrom('promo_applications as a')
    .selectAll('a')
    .select(imageCount)
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row && camelRow(row);
}

export async function lockApplication(db: Db, id: string): Promise<PromoApplicationRow | undefined> {
  const row = await db.selectFrom('promo_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && camelRow(row);
}

/** The member's approved application of a promotion in a period. */
export async function findClaimableApplication(
  db: Db,
  memberId: string,
  promotionId: string,
  periodKey: string,
): Promise<PromoApplicationRow | undefined> {
  const row = await db
    .selectFrom('promo_applications')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotionId)
    .where('period_key', '=', periodKey)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row && camelRow(row);
}

export async function decideApplication(
  db: Db,
  id: string,
  fields: {
    status: 'approved' | 'rejected';
    reason: string;
    operatorId: string;
    grantId: string | null;
    /** The second operator who completed an approval that waited (the operator money policy). */
    approvedBy?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('promo_applications')
    .set({
      status: fields.status,
      reason: fields.reason,
      reviewed_by: fields.operatorId,
      reviewed_at: sql<Date>`now()`,
      grant_id: fields.grantId,
      ...(fields.approvedBy ? { approved_by: fields.approvedBy } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'applying')
    .execute();
}

export async function markApplicationClaimed(db: Db, id: string): Promise<void> {
  await db
    .updateTable('promo_applications')
    .set({ claimed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('claimed_at', 'is', null)
    .execute();
}

export async function findApplicationImage(
  db: Db,
  applicationId: string,
  position: number,
  memberId?: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  let query = db
    .selectFrom('promo_application_images as i')
    .innerJoin('promo_applications as a', 'a.id', 'i.application_id')
    .select(['i.content_type as contentType', 'i.bytes'])
    .where('i.application_id', '=', applicationId)
    .where('i.position', '=', position);
  if (memberId !== undefined) query = query.where('a.member_id', '=', memberId);
  return query.executeTakeFirst();
}

/** One page of the review queue, with each applicant's account name (through the member module's view). */
export async function findApplicationPage(
  db: Db,
  members: MemberViews,
  filter: { status?: string | undefined; promotionId?: string | undefined; account?: string | undefined },
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<{ rows: OpsApplicationRow[]; total: number }> {
  let base = db.selectFrom('promo_applications as a').innerJoin(members.briefs().as('m'), 'm.id', 'a.member_id');
  if (filter.status) base = base.where('a.status', '=', filter.status as 'applying');
  if (filter.promotionId) base = base.where('a.promotion_id', '=', filter.promotionId);
  if (filter.account) base = base.where('m.account', '=', filter.account);
  const [rows, count] = await Promise.all([
    base.selectAll('a').select(['m.account', imageCount]).orderBy('a.id', order).offset(offset).limit(limit).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(camelRow), total: Number(count.n) };
}

/** One application as the back office shows it, with the applicant's account name. */
export async function findOpsApplication(
  db: Db,
  members: MemberViews,
  id: string,
): Promise<OpsApplicationRow | undefined> {
  const row = await db
    .selectFrom('promo_applications as a')
    .innerJoin(members.briefs().as('m'), 'm.id', 'a.member_id')
    .selectAll('a')
    .select(['m.account', imageCount])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return row && camelRow(row);
}

/** Whether the member joined the promotion in this period. */
export async function hasJoined(db: Db, promotionId: string, memberId: string, periodKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('promo_joins')
    .select('id')
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('period_key', '=', periodKey)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keep an approval that pays money above the operator money policy's thresholds waiting for a
 * second operator: the application stays 'applying' with who asked, the thresholds passed, the
 * asker's reason and the reward as approved.
 */
export async function markApprovalAsked(
  db: Db,
  id: string,
  a: { operatorId: string; waitReasons: string[]; reason: string; rewardKind: 'cash' | 'bonus'; rewardAmount: bigint },
): Promise<void> {
  await db
    .updateTable('promo_applications')
    .set({
      approval_asked_by: a.operatorId,
      approval_asked_at: sql<Date>`now()`,
      approval_wait_reasons: a.waitReasons,
      approval_reason: a.reason,
      approval_reward_kind: a.rewardKind,
      approval_reward_amount: a.rewardAmount.toString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'applying')
    .execute();
}
