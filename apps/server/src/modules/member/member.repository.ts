import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MemberStatus } from '../../db/tables/member';

type Db = Kysely<Database>;

export type NewMember = {
  account: string;
  nickname: string | null;
  type: number;
  passwordHash: string;
  paymentPasswordHash: string | null;
  dialingCode: string | null;
  mobile: string | null;
  email: string | null;
  payeeName: string | null;
  qq: string | null;
  line: string | null;
  whatsapp: string | null;
  zalo: string | null;
  facebook: string | null;
  wechat: string | null;
  idNumber: string | null;
  language: string;
  uplineId: string | null;
  referrerId: string | null;
  registerDomain: string | null;
  registerIp: string | null;
  mustChangePassword: boolean;
  now: Date;
  /** Registration logs the player in, so it counts as the first login. */
  lastLoginAt: Date | null;
};

/** Insert a member; a taken account name or mobile number raises 23505 (see findUniqueViolation). */
export async function insertMember(db: Db, m: NewMember): Promise<string> {
  const row = await db
    .insertInto('members')
    .values({
      account: m.account,
      nickname: m.nickname,
      type: m.type,
      password_hash: m.passwordHash,
      password_changed_at: m.now,
      must_change_password: m.mustChangePassword,
      payment_password_hash: m.paymentPasswordHash,
      dialing_code: m.dialingCode,
      mobile: m.mobile,
      email: m.email,
      payee_name: m.payeeName,
      qq: m.qq,
      line: m.line,
      whatsapp: m.whatsapp,
      zalo: m.zalo,
      facebook: m.facebook,
      wechat: m.wechat,
      id_number: m.idNumber,
      language: m.language,
      upline_id: m.uplineId,
      referrer_id: m.referrerId,
      register_domain: m.registerDomain,
      register_ip: m.registerIp,
      created_at: m.now,
      last_login_at: m.lastLoginAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type CredentialRow = {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  status: MemberStatus;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
  email: string | null;
};

function credentialQuery(db: Db) {
  return db
    .selectFrom('members')
    .select([
      'id',
      'account',
      'nickname',
      'type',
      'status',
      'password_hash as passwordHash',
      'password_changed_at as passwordChangedAt',
      'must_change_password as mustChangePassword',
      'last_login_at as lastLoginAt',
      'email',
    ]);
}

function toCredential(row: CredentialRow | undefined): CredentialRow | undefined {
  return row ? { ...row, type: Number(row.type) } : undefined;
}

/** A member by account name, case-insensitively (served by the unique index on lower(account)). */
export async function findCredentialsByAccount(db: Db, account: string): Promise<CredentialRow | undefined> {
  return toCredential(
    await credentialQuery(db).where(sql<string>`lower(account)`, '=', account.toLowerCase()).executeTakeFirst(),
  );
}

/** A member by mobile number, in E.164 (phone-numbers.ts). */
export async function findCredentialsByMobile(db: Db, e164: string): Promise<CredentialRow | undefined> {
  return toCredential(await credentialQuery(db).where('mobile_e164', '=', e164).executeTakeFirst());
}

/** A member by id. */
export async function findCredentialsById(db: Db, memberId: string): Promise<CredentialRow | undefined> {
  return toCredential(await credentialQuery(db).where('id', '=', memberId).executeTakeFirst());
}

/** Whether an account name is taken (a cheap pre-check; the unique index is the real guard). */
export async function isAccountTaken(db: Db, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a mobile number (E.164) is taken (a cheap pre-check; the unique index is the real guard). */
export async function isMobileTaken(db: Db, e164: string): Promise<boolean> {
  const row = await db.selectFrom('members').select('id').where('mobile_e164', '=', e164).executeTakeFirst();
  return row !== undefined;
}

/** Note a successful login; optionally flag a must-change password or store an upgraded hash. */
export async function recordLogin(
  db: Db,
  memberId: string,
  input: { now: Date; mustChangePassword?: boolean; upgradedHash?: string | undefined },
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      last_login_at: input.now,
      ...(input.mustChangePassword ? { must_change_password: true } : {}),
      ...(input.upgradedHash ? { password_hash: input.upgradedHash } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}

/** Store a new password hash and lift the must-change flag. */
export async function updatePassword(db: Db, memberId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: now, must_change_password: false })
    .where('id', '=', memberId)
    .execute();
}

/** Store the member's interface language. */
export async function updateLanguage(db: Db, memberId: string, language: string): Promise<void> {
  await db.updateTable('members').set({ language }).where('id', '=', memberId).execute();
}

/** The member's chosen avatar id, or null for the default avatar. */
export async function findAvatarId(db: Db, memberId: string): Promise<number | null> {
  const row = await db.selectFrom('members').select('avatar_id').where('id', '=', memberId).executeTakeFirst();
  return row?.avatar_id === null || row?.avatar_id === undefined ? null : Number(row.avatar_id);
}

/** Store the member's chosen avatar. */
export async function updateAvatarId(db: Db, memberId: string, avatarId: number): Promise<void> {
  await db.updateTable('members').set({ avatar_id: avatarId }).where('id', '=', memberId).execute();
}

export type MemberInfoRow = {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  uplineId: string | null;
  language: string;
  dialingCode: string | null;
  mobile: string | null;
  email: string | null;
  createdAt: Date;
};

/** The fields GET /wps/member/info shows. */
export async function findMemberInfo(db: Db, memberId: string): Promise<MemberInfoRow | undefined> {
  const row = await db
    .selectFrom('members')
    .select([
      'id',
      'account',
      'nickname',
      'type',
      'upline_id as uplineId',
      'language',
      'dialing_code as dialingCode',
      'mobile',
      'email',
      'created_at as createdAt',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? { ...row, type: Number(row.type) } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Affiliate and referral codes
// ---------------------------------------------------------------------------------------------

export type AffiliateCodeRow = {
  code: string;
  kind: 'affiliate' | 'referral';
  memberId: string;
  domain: string | null;
  memberAccount: string;
  memberType: number;
};

/** An enabled code with its owner, whose account must be active. */
export async function findAffiliateCode(db: Db, code: string): Promise<AffiliateCodeRow | undefined> {
  const row = await db
    .selectFrom('affiliate_codes as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select([
      'c.code',
      'c.kind',
      'c.member_id as memberId',
      'c.domain',
      'm.account as memberAccount',
      'm.type as memberType',
    ])
    .where('c.code', '=', code.toLowerCase())
    .where('c.enabled', '=', true)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
  return row ? { ...row, memberType: Number(row.memberType) } : undefined;
}

/** Create a code unless it exists (used by the demo seed). */
export async function insertAffiliateCodeIfMissing(
  db: Db,
  input: { code: string; kind: 'affiliate' | 'referral'; memberId: string; domain: string | null },
): Promise<void> {
  await db
    .insertInto('affiliate_codes')
    .values({ code: input.code.toLowerCase(), kind: input.kind, member_id: input.memberId, domain: input.domain })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Insert a member unless the account exists (used by the demo seed); returns the id either way. */
export async function insertMemberIfMissing(db: Db, m: NewMember): Promise<string> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where(sql<string>`lower(account)`, '=', m.account)
    .executeTakeFirst();
  if (existing) return existing.id;
  return insertMember(db, m);
}

// ---------------------------------------------------------------------------------------------
// Password reset tokens (forgot by email)
// ---------------------------------------------------------------------------------------------

/** Store a new reset token and retire the member's older unused ones. */
export async function replaceResetToken(
  db: Db,
  input: { tokenHash: string; memberId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: input.now })
    .where('member_id', '=', input.memberId)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      created_at: input.now,
      expires_at: input.expiresAt,
    })
    .execute();
}

/** Use a reset token once: returns its member when it was live, and marks it used atomically. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

// ---------------------------------------------------------------------------------------------
// Free-play grants
// ---------------------------------------------------------------------------------------------

/** Bind a grant key to its trial account; a second insert of one key raises 23505. */
export async function insertFreeplayGrant(db: Db, grantKey: string, memberId: string, now: Date): Promise<void> {
  await db
    .insertInto('freeplay_grants')
    .values({ grant_key: grantKey, member_id: memberId, created_at: now })
    .execute();
}

/** The trial account a grant key already created, if any. */
export async function findFreeplayGrant(db: Db, grantKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('freeplay_grants')
    .select('member_id')
    .where('grant_key', '=', grantKey)
    .executeTakeFirst();
  return row?.member_id;
}

// ---------------------------------------------------------------------------------------------
// What other modules read of a member (member-directory.ts)
// ---------------------------------------------------------------------------------------------

export type UplineRow = { uplineId: string; uplineAccount: string; uplineType: number; uplineStatus: string };

/**
 * The agent a member registered under (members.upline_id), with that agent's type and status.
 */
export async function findUpline(db: Db, memberId: string): Promise<UplineRow | null | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('members as u', 'u.id', 'm.upline_id')
    .select([
      'm.id as memberId',
      'u.id as uplineId',
      'u.account as uplineAccount',
      'u.type as uplineType',
      'u.status as uplineStatus',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.uplineId === null || row.uplineId === undefined) return null;
  return {
    uplineId: String(row.uplineId),
    uplineAccount: row.uplineAccount ?? '',
    uplineType: Number(row.uplineType),
    uplineStatus: String(row.uplineStatus),
  };
}

/** A member's login name and account type, for the authenticate answer. */
export async function findMemberBrief(
  db: Db,
  memberId: string,
): Promise<{ account: string; nickname: string | null; type: number; status: string } | undefined> {
  const row = await sql<{ account: string; nickname: string | null; type: number; status: string }>`
    SELECT account, nickname, type, status FROM members WHERE id = ${memberId}::bigint`.execute(db);
  return row.rows[0];
}

/** A member's e-mail and phone (E.164): what a self-exclusion remembers, hashed, to refuse a new account with them. */
export async function findMemberContacts(
  db: Db,
  memberId: string,
): Promise<{ email: string | null; phoneE164: string | null } | undefined> {
  const row = await db
    .selectFrom('members')
    .select(['email', 'mobile_e164'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row && { email: row.email, phoneE164: row.mobile_e164 };
}

/** Active members with neither a mobile nor an e-mail (served by members_without_contact_idx, migration 0472). */
export async function countActiveWithoutContact(db: Db): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'active')
    .where('mobile', 'is', null)
    .where('email', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members' types by id, in one statement; unknown ids are left out. */
export async function findMemberTypes(db: Db, memberIds: string[]): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; type: number }>`
    SELECT id::text AS id, type FROM members WHERE id = ANY(${sql.val(memberIds)}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.id, Number(r.type)]));
}

/** When members registered, by id; unknown ids are left out. */
export async function findRegisteredAt(db: Db, memberIds: string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'created_at'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((r) => [String(r.id), new Date(r.created_at)]));
}

/** What a referral's check compares between two accounts: where they registered from, phone and payee name. */
export async function findReferralTraits(
  db: Db,
  memberIds: string[],
): Promise<Map<string, { registerIp: string | null; phone: string | null; payeeName: string | null }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'register_ip', 'mobile_e164', 'payee_name'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(
    rows.map((r) => [String(r.id), { registerIp: r.register_ip, phone: r.mobile_e164, payeeName: r.payee_name }]),
  );
}

/** A member's own enabled invitation code, the oldest when it has several. */
export async function findMemberCode(db: Db, memberId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('affiliate_codes')
    .select('code')
    .where('member_id', '=', memberId)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.code;
}

/** Account names by member id; unknown ids are left out. */
export async function findAccountNames(db: Db, memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'account'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.account]));
}
