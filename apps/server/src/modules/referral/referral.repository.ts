import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type ReferralSettingsRow = {
  enabled: boolean;
  minFirstDeposit: bigint;
  minTurnover: bigint;
  withinDays: number;
  reward: bigint;
};

const SETTINGS_COLUMNS = ['enabled', 'min_first_deposit', 'min_turnover', 'within_days', 'reward_amount'] as const;

function toSettings(r: {
  enabled: boolean;
  min_first_deposit: string;
  min_turnover: string;
  within_days: number;
  reward_amount: string;
}): ReferralSettingsRow {
  return {
    enabled: r.enabled,
    minFirstDeposit: BigInt(r.min_first_deposit),
    minTurnover: BigInt(r.min_turnover),
    withinDays: r.within_days,
    reward: BigInt(r.reward_amount),
  };
}

export async function readReferralSettings(db: Db): Promise<ReferralSettingsRow> {
  return toSettings(await db.selectFrom('referral_settings').select(SETTINGS_COLUMNS).executeTakeFirstOrThrow());
}

/** The settings row, locked for a change. */
export async function lockReferralSettings(db: Db): Promise<ReferralSettingsRow> {
  return toSettings(
    await db.selectFrom('referral_settings').select(SETTINGS_COLUMNS).forUpdate().executeTakeFirstOrThrow(),
  );
}

export async function writeReferralSettings(db: Db, s: ReferralSettingsRow, operatorId: string): Promise<void> {
  await db
    .updateTable('referral_settings')
    .set({
      enabled: s.enabled,
      min_first_deposit: s.minFirstDeposit,
      min_turnover: s.minTurnover,
      within_days: s.withinDays,
      reward_amount: s.reward,
      updated_at: new Date(),
      updated_by: operatorId,
    })
    .execute();
}

export type InviteeRow = {
  inviteeId: string;
  referrerId: string;
  registeredAt: Date;
  firstDeposit: bigint | null;
  turnover: bigint;
  qualifiedAt: Date | null;
  reward: bigint | null;
  grantId: string | null;
  holdReason: string | null;
};

type InviteeRecord = {
  invitee_id: string;
  referrer_id: string;
  registered_at: Date;
  first_deposit: string | null;
  turnover: string;
  qualified_at: Date | null;
  reward: string | null;
  grant_id: string | null;
  hold_reason: string | null;
};

function toInvitee(r: InviteeRecord): InviteeRow {
  return {
    inviteeId: String(r.invitee_id),
    referrerId: String(r.referrer_id),
    registeredAt: new Date(r.registered_at),
    firstDeposit: r.first_deposit === null ? null : BigInt(r.first_deposit),
    turnover: BigInt(r.turnover),
    qualifiedAt: r.qualified_at ? new Date(r.qualified_at) : null,
    reward: r.reward === null ? null : BigInt(r.reward),
    grantId: r.grant_id,
    holdReason: r.hold_reason,
  };
}

/** The invitee rows of these members (those that were invited), locked: the consumer changes them. */
export async function lockInvitees(trx: Db, memberIds: string[]): Promise<Map<string, InviteeRow>> {
  if (!memberIds.length) return new Map();
  const rows = await trx
    .selectFrom('referral_invitees')
    .selectAll()
    .where('invitee_id', 'in', [...new Set(memberIds)])
    .orderBy('invitee_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [String(r.invitee_id), toInvitee(r)]));
}

/** Write invitee rows (new or changed), in id order. */
export async function saveInvitees(trx: Db, rows: InviteeRow[]): Promise<void> {
  for (const r of [...rows].sort((a, b) => (BigInt(a.inviteeId) < BigInt(b.inviteeId) ? -1 : 1))) {
    const values = {
      first_deposit: r.firstDeposit,
      turnover: r.turnover,
      qualified_at: r.qualifiedAt,
      reward: r.reward,
      grant_id: r.grantId,
      hold_reason: r.holdReason,
    };
    await trx
      .insertInto('referral_invitees')
      .values({ invitee_id: r.inviteeId, referrer_id: r.referrerId, registered_at: r.registeredAt, ...values })
      .onConflict((oc) => oc.column('invitee_id').doUpdateSet(values))
      .execute();
  }
}

/** A referrer's invitees, newest first. */
export async function findReferrerInvitees(db: Db, referrerId: string, limit: number): Promise<InviteeRow[]> {
  const rows = await db
    .selectFrom('referral_invitees')
    .selectAll()
    .where('referrer_id', '=', referrerId)
    .orderBy('registered_at', 'desc')
    .orderBy('invitee_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toInvitee);
}

/** The rewards of a referrer's qualified invitees: amount and grant. */
export async function findReferrerRewards(db: Db, referrerId: string): Promise<{ reward: bigint; grantId: string }[]> {
  const rows = await db
    .selectFrom('referral_invitees')
    .select(['reward', 'grant_id'])
    .where('referrer_id', '=', referrerId)
    .where('grant_id', 'is not', null)
    .execute();
  return rows.flatMap((r) =>
    r.reward !== null && r.grant_id !== null ? [{ reward: BigInt(r.reward), grantId: r.grant_id }] : [],
  );
}

/** How many players a referrer invited in all, and how many qualified. */
export async function countReferrerInvitees(
  db: Db,
  referrerId: string,
): Promise<{ invited: number; qualified: number }> {
  const row = await db
    .selectFrom('referral_invitees')
    .select((eb) => [eb.fn.countAll<string>().as('invited'), eb.fn.count<string>('qualified_at').as('qualified')])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { invited: Number(row.invited), qualified: Number(row.qualified) };
}
