import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type VipLevelRow = {
  rankLevel: number;
  labelName: string;
  color: string;
  color2: string;
  turnoverMinor: bigint;
  depositMinor: bigint;
  pointsMultiplierPct: number;
  upgradeBonusKind: 'cash' | 'points';
  upgradeBonus: bigint;
  monthlyBonusKind: 'cash' | 'points';
  monthlyBonus: bigint;
  benefitsPt: string;
  benefitsEn: string;
};

export type VipSettingsRow = { windowDays: number; reviewPeriod: 'monthly' | 'never' };

/** Level 0 as the code knows it when the operator's table has no row for it. */
const BASE_LEVEL: VipLevelRow = {
  rankLevel: 0,
  labelName: 'VIP0',
  color: '#6b7280',
  color2: '#9ca3af',
  turnoverMinor: 0n,
  depositMinor: 0n,
  pointsMultiplierPct: 100,
  upgradeBonusKind: 'cash',
  upgradeBonus: 0n,
  monthlyBonusKind: 'cash',
  monthlyBonus: 0n,
  benefitsPt: '',
  benefitsEn: '',
};

export async function findVipSettings(db: Db): Promise<VipSettingsRow> {
  const row = await db.selectFrom('vip_settings').select(['window_days', 'review_period']).executeTakeFirstOrThrow();
  return { windowDays: row.window_days, reviewPeriod: row.review_period as VipSettingsRow['reviewPeriod'] };
}

export async function findVipLevels(db: Db): Promise<VipLevelRow[]> {
  const rows = await db.selectFrom('vip_levels').selectAll().orderBy('rank_level').execute();
  return rows.map((r) => ({
    rankLevel: r.rank_level,
    labelName: r.label_name,
    color: r.color,
    color2: r.color2,
    turnoverMinor: BigInt(r.turnover_minor),
    depositMinor: BigInt(r.deposit_minor),
    pointsMultiplierPct: r.points_multiplier_pct,
    upgradeBonusKind: r.upgrade_bonus_kind as VipLevelRow['upgradeBonusKind'],
    upgradeBonus: BigInt(r.upgrade_bonus),
    monthlyBonusKind: r.monthly_bonus_kind as VipLevelRow['monthlyBonusKind'],
    monthlyBonus: BigInt(r.monthly_bonus),
    benefitsPt: r.benefits_pt,
    benefitsEn: r.benefits_en,
  }));
}

/** Replace the settings and every level (the back office saves them together). */
export async function replaceVipSettings(trx: Db, settings: VipSettingsRow, levels: VipLevelRow[]): Promise<void> {
  await trx
    .updateTable('vip_settings')
    .set({ window_days: settings.windowDays, review_period: settings.reviewPeriod, updated_at: new Date() })
    .execute();
  await trx.deleteFrom('vip_levels').execute();
  await trx
    .insertInto('vip_levels')
    .values(
      levels.map((l) => ({
        rank_level: l.rankLevel,
        label_name: l.labelName,
        color: l.color,
        color2: l.color2,
        turnover_minor: l.turnoverMinor.toString(),
        deposit_minor: l.depositMinor.toString(),
        points_multiplier_pct: l.pointsMultiplierPct,
        upgrade_bonus_kind: l.upgradeBonusKind,
        upgrade_bonus: l.upgradeBonus.toString(),
        monthly_bonus_kind: l.monthlyBonusKind,
        monthly_bonus: l.monthlyBonus.toString(),
        benefits_pt: l.benefitsPt,
        benefits_en: l.benefitsEn,
      })),
    )
    .execute();
}

/** A member's level now with its settings (level 0 when the member has none yet). */
export async function findMemberLevel(db: Db, memberId: string): Promise<VipLevelRow> {
  const row = await db
    .selectFrom('vip_members')
    .select('rank_level')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return levelOfRank(await findVipLevels(db), row?.rank_level ?? 0);
}

/** The level of a rank (the lowest level, or the code's own level 0, when the operator's table has no such row). */
export function levelOfRank(levels: VipLevelRow[], rank: number): VipLevelRow {
  return levels.find((l) => l.rankLevel === rank) ?? levels[0] ?? BASE_LEVEL;
}

/** Members' levels (members without a row are at 0 and left out). */
export async function findMemberRanks(db: Db, memberIds: string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('vip_members')
    .select(['member_id', 'rank_level'])
    .where('member_id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((r) => [String(r.member_id), r.rank_level]));
}

/** A member's totals over the days from `fromDay` (inclusive). */
export async function sumMemberDays(
  db: Db,
  memberId: string,
  fromDay: string,
): Promise<{ turnoverMinor: bigint; depositMinor: bigint }> {
  const row = await db
    .selectFrom('vip_member_days')
    .select([
      sql<string>`coalesce(sum(turnover_minor), 0)::text`.as('turnover'),
      sql<string>`coalesce(sum(deposit_minor), 0)::text`.as('deposit'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return { turnoverMinor: BigInt(row.turnover), depositMinor: BigInt(row.deposit) };
}

/**
 * Lock a member's level row (created at 0 when missing) for the rest of the transaction: every
 * change of a member's level (an upgrade from the event consumer, the periodic review) takes it.
 */
export async function lockMemberLevel(
  trx: Db,
  memberId: string,
): Promise<{ rankLevel: number; reviewedPeriod: string | null }> {
  await trx
    .insertInto('vip_members')
    .values({ member_id: memberId, rank_level: 0 })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('vip_members')
    .select(['rank_level', 'reviewed_period'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { rankLevel: row.rank_level, reviewedPeriod: row.reviewed_period };
}

export async function setMemberLevel(
  trx: Db,
  memberId: string,
  rankLevel: number,
  reviewedPeriod?: string,
): Promise<void> {
  await trx
    .updateTable('vip_members')
    .set({
      rank_level: rankLevel,
      reached_at: new Date(),
      ...(reviewedPeriod ? { reviewed_period: reviewedPeriod } : {}),
    })
    .where('member_id', '=', memberId)
    .execute();
}

export async function markReviewed(trx: Db, memberId: string, period: string): Promise<void> {
  await trx.updateTable('vip_members').set({ reviewed_period: period }).where('member_id', '=', memberId).execute();
}

/** Members above level 0 not yet reviewed in `period`, a page at a time. */
export async function findMembersToReview(db: Db, period: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('vip_members')
    .select('member_id')
    .where('rank_level', '>', 0)
    .where((eb) => eb.or([eb('reviewed_period', 'is', null), eb('reviewed_period', '<', period)]))
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

// ---- member labels ----

export type MemberLabelRow = { id: string; labelName: string; color: string };

export async function findLabels(db: Db): Promise<MemberLabelRow[]> {
  return db.selectFrom('member_labels').select(['id', 'label_name as labelName', 'color']).orderBy('id').execute();
}

export async function insertLabel(db: Db, labelName: string, color: string): Promise<MemberLabelRow> {
  return db
    .insertInto('member_labels')
    .values({ label_name: labelName, color })
    .returning(['id', 'label_name as labelName', 'color'])
    .executeTakeFirstOrThrow();
}

export async function deleteLabel(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('member_labels').where('id', '=', id).executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** The ids of the labels a member carries. */
export async function findMemberLabelIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_label_assignments')
    .select('label_id')
    .where('member_id', '=', memberId)
    .orderBy('label_id')
    .execute();
  return rows.map((r) => String(r.label_id));
}

/** Lock a member's label rows (assignments are replaced as a set, one writer at a time per member). */
export async function lockMemberLabelIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('member_label_assignments')
    .select('label_id')
    .where('member_id', '=', memberId)
    .orderBy('label_id')
    .forUpdate()
    .execute();
  return rows.map((r) => String(r.label_id));
}

/** How many of these label ids exist. */
export async function countLabels(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('member_labels')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replace a member's labels with this set. */
export async function replaceMemberLabels(db: Db, memberId: string, labelIds: string[]): Promise<void> {
  await db.deleteFrom('member_label_assignments').where('member_id', '=', memberId).execute();
  if (labelIds.length)
    await db
      .insertInto('member_label_assignments')
      .values(labelIds.map((id) => ({ member_id: memberId, label_id: id })))
      .execute();
}

/** What member info shows of a member's VIP standing: their level (0 without a row) and their labels, in one statement. */
export async function findMemberVipFacts(
  db: Db,
  memberId: string,
): Promise<{ rankLevel: number; labels: { labelName: string; color: string }[] }> {
  const { rows } = await sql<{ rank_level: number | null; labels: { labelName: string; color: string }[] | string }>`
    SELECT (SELECT rank_level FROM vip_members WHERE member_id = ${memberId}) AS rank_level,
      coalesce(
        (SELECT json_agg(json_build_object('labelName', l.label_name, 'color', l.color) ORDER BY l.id)
           FROM member_label_assignments a JOIN member_labels l ON l.id = a.label_id
          WHERE a.member_id = ${memberId}),
        '[]'::json) AS labels`.execute(db);
  const row = rows[0];
  const labels = typeof row?.labels === 'string' ? JSON.parse(row.labels) : row?.labels;
  return { rankLevel: row?.rank_level ?? 0, labels: labels ?? [] };
}
