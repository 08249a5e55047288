import { sql, type Kysely } from 'kysely';
import type { PixKeyType } from '@wps/shared/pix-key';
import type { Database } from '../../db/schema';
import { clearPaymentPasswordHash, selectSecurityColumns, updateEmail } from '../member/member-security-columns';

type Db = Kysely<Database>;

/** Take a transaction-scoped advisory lock on a text key (serialises one member's writers). */
export async function lockKey(trx: Db, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

// ---------------------------------------------------------------------------------------------
// Member fields (payment password, payee name, e-mail, mobile): the member row's columns are read
// and written by the member module (member-security-columns.ts); the e-mail link state is ours.
// ---------------------------------------------------------------------------------------------

export type SecurityMemberRow = {
  id: string;
  type: number;
  passwordHash: string;
  paymentPasswordHash: string | null;
  payeeName: string | null;
  email: string | null;
  dialingCode: string | null;
  mobile: string | null;
  emailVerifiedAt: Date | null;
};

/** The member's security fields with the e-mail link state. */
export async function findSecurityMember(db: Db, memberId: string): Promise<SecurityMemberRow | undefined> {
  const row = await db
    .selectFrom(selectSecurityColumns(db).as('m'))
    .leftJoin('member_security as s', 's.member_id', 'm.id')
    .select([
      'm.id',
      'm.type',
      'm.password_hash',
      'm.payment_password_hash',
      'm.payee_name',
      'm.email',
      'm.dialing_code',
      'm.mobile',
      's.email_verified_at',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    type: row.type,
    passwordHash: row.password_hash,
    paymentPasswordHash: row.payment_password_hash,
    payeeName: row.payee_name,
    email: row.email,
    dialingCode: row.dialing_code,
    mobile: row.mobile,
    emailVerifiedAt: row.email_verified_at ? new Date(row.email_verified_at) : null,
  };
}

/** Whether another member already has this e-mail confirmed (case-insensitive). */
export async function isEmailLinkedElsewhere(db: Db, memberId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom(selectSecurityColumns(db).as('m'))
    .innerJoin('member_security as s', 's.member_id', 'm.id')
    .select('m.id')
    .where(sql<string>`lower(m.email)`, '=', email.toLowerCase())
    .where('m.id', '!=', memberId)
    .where('s.email_verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Confirm the e-mail link: store the address and mark it verified, unless it already is.
 * Runs inside the caller's transaction; false when the member already had a confirmed e-mail.
 */
export async function confirmEmailLink(trx: Db, memberId: string, email: string, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('member_security')
    .values({ member_id: memberId, email_verified_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ email_verified_at: now, updated_at: now })
        .where('member_security.email_verified_at', 'is', null),
    )
    .returning('member_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await updateEmail(trx, memberId, email);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Banks and bank accounts
// ---------------------------------------------------------------------------------------------

export type BankRow = { code: string; name: string };

/** Enabled banks in the operator's order. */
export async function findEnabledBanks(db: Db): Promise<BankRow[]> {
  return db
    .selectFrom('banks')
    .select(['code', 'name'])
    .where('enabled', '=', true)
    .orderBy('sort_order', 'asc')
    .orderBy('name', 'asc')
    .execute();
}

/** One enabled bank by code. */
export async function findEnabledBank(db: Db, code: string): Promise<BankRow | undefined> {
  return db
    .selectFrom('banks')
    .select(['code', 'name'])
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export type BankAccountRow = {
  id: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  createdAt: Date;
  /** A PIX key bound as a payout account: the payout is sent to the key (the account is the directory's answer for it). */
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
};

function bankAccountsQuery(db: Db) {
  return db
    .selectFrom('member_bank_accounts as a')
    .innerJoin('banks as b', 'b.code', 'a.bank_code')
    .select([
      'a.id',
      'a.bank_code',
      'b.name as bank_name',
      'a.account_number',
      'a.holder_name',
      'a.created_at',
      'a.pix_key_type',
      'a.pix_key',
    ]);
}

function toBankAccount(row: {
  id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  holder_name: string;
  created_at: Date;
  pix_key_type: PixKeyType | null;
  pix_key: string | null;
}): BankAccountRow {
  return {
    id: row.id,
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    holderName: row.holder_name,
    createdAt: new Date(row.created_at),
    pixKeyType: row.pix_key_type,
    pixKey: row.pix_key,
  };
}

/** A member's bank accounts, oldest first. */
export async function findBankAccounts(db: Db, memberId: string): Promise<BankAccountRow[]> {
  const rows = await bankAccountsQuery(db).where('a.member_id', '=', memberId).orderBy('a.id', 'asc').execute();
  return rows.map(toBankAccount);
}

/** The bank accounts of several members as `bank:number` (number normalised), by member: a referral's check for related accounts. */
export async function findBankAccountKeys(db: Db, memberIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!memberIds.length) return out;
  const rows = await db
    .selectFrom('member_bank_accounts')
    .select(['member_id', 'bank_code', 'account_number'])
    .where('member_id', 'in', [...new Set(memberIds)])
    .execute();
  for (const r of rows) {
    const set = out.get(String(r.member_id)) ?? new Set<string>();
    set.add(`${r.bank_code}:${r.account_number.replace(/[\s.-]/g, '')}`);
    out.set(String(r.member_id), set);
  }
  return out;
}

/** One bank account, only when it belongs to the member. */
export async function findBankAccount(db: Db, memberId: string, id: string): Promise<BankAccountRow | undefined> {
  const row = await bankAccountsQuery(db).where('a.member_id', '=', memberId).where('a.id', '=', id).executeTakeFirst();
  return row ? toBankAccount(row) : undefined;
}

/** How many bank accounts a member has. */
export async function countBankAccounts(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('member_bank_accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Insert a bank account; a duplicate raises 23505 member_bank_accounts_unique_key. */
export async function insertBankAccount(
  db: Db,
  input: {
    memberId: string;
    bankCode: string;
    accountNumber: string;
    holderName: string;
    now: Date;
    pixKeyType?: PixKeyType | undefined;
    pixKey?: string | undefined;
  },
): Promise<string> {
  const row = await db
    .insertInto('member_bank_accounts')
    .values({
      member_id: input.memberId,
      bank_code: input.bankCode,
      account_number: input.accountNumber,
      holder_name: input.holderName,
      created_at: input.now,
      pix_key_type: input.pixKeyType ?? null,
      pix_key: input.pixKey ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// E-mail codes
// ---------------------------------------------------------------------------------------------

export type EmailCodeRow = {
  id: string;
  email: string;
  codeSalt: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

/** Store (or replace) the member's live e-mail code of a purpose. */
export async function upsertEmailCode(
  db: Db,
  input: { memberId: string; email: string; codeSalt: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const values = {
    email: input.email,
    code_salt: input.codeSalt,
    code_hash: input.codeHash,
    attempts: 0,
    created_at: input.createdAt,
    expires_at: input.expiresAt,
    consumed_at: null,
  };
  await db
    .insertInto('email_codes')
    .values({ purpose: 'bind', member_id: input.memberId, ...values })
    .onConflict((oc) => oc.columns(['purpose', 'member_id']).doUpdateSet(values))
    .execute();
}

/** The member's live e-mail code of a purpose. */
export async function findEmailCode(db: Db, memberId: string): Promise<EmailCodeRow | undefined> {
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'email', 'code_salt', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
    .where('purpose', '=', 'bind')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    codeSalt: row.code_salt,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
    consumedAt: row.consumed_at ? new Date(row.consumed_at) : null,
  };
}

/** Consume a code if it is still the same, unconsumed and under the try limit; of parallel calls one wins. */
export async function consumeEmailCode(
  db: Db,
  input: { id: string; codeHash: string; maxAttempts: number; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('email_codes')
    .set({ consumed_at: input.now })
    .where('id', '=', input.id)
    .where('code_hash', '=', input.codeHash)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', input.maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Count one wrong try; returns the tries so far (undefined when the code changed meanwhile). */
export async function recordEmailCodeFailure(
  db: Db,
  input: { id: string; codeHash: string },
): Promise<number | undefined> {
  const row = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', input.id)
    .where('code_hash', '=', input.codeHash)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

// ---------------------------------------------------------------------------------------------
// Operator tasks (back office and ops CLI)
// ---------------------------------------------------------------------------------------------

export type BankAdminRow = { code: string; name: string; enabled: boolean; sortOrder: number };

/**
 * Every bank, enabled or not, in the operator's order, with how many members' accounts are bound
 * to it (one grouped pass over the accounts; the list is a back-office screen, not a player call).
 */
export async function findAllBanks(db: Db): Promise<(BankAdminRow & { accountCount: number })[]> {
  const counts = db
    .selectFrom('member_bank_accounts')
    .select(['bank_code', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('bank_code')
    .as('c');
  const rows = await db
    .selectFrom('banks as b')
    .leftJoin(counts, 'c.bank_code', 'b.code')
    .select(['b.code', 'b.name', 'b.enabled', 'b.sort_order', 'c.n'])
    .orderBy('b.sort_order', 'asc')
    .orderBy('b.name', 'asc')
    .orderBy('b.code', 'asc')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    enabled: r.enabled,
    sortOrder: r.sort_order,
    accountCount: Number(r.n ?? 0),
  }));
}

/** One bank by code, locked for update inside the caller's transaction. */
export async function findBankForUpdate(db: Db, code: string): Promise<BankAdminRow | undefined> {
  const row = await db
    .selectFrom('banks')
    .select(['code', 'name', 'enabled', 'sort_order'])
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row ? { code: row.code, name: row.name, enabled: row.enabled, sortOrder: row.sort_order } : undefined;
}

/** Insert a bank or update its name, order and switch. */
export async function upsertBank(db: Db, bank: BankAdminRow): Promise<void> {
  await db
    .insertInto('banks')
    .values({ code: bank.code, name: bank.name, enabled: bank.enabled, sort_order: bank.sortOrder })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet({ name: bank.name, enabled: bank.enabled, sort_order: bank.sortOrder }),
    )
    .execute();
}

/** Remove the payment password with its tries and lock, so the player can set a new one. */
export async function clearPaymentPassword(db: Db, memberId: string): Promise<void> {
  await clearPaymentPasswordHash(db, memberId);
  await db.deleteFrom('payment_password_failures').where('member_id', '=', memberId).execute();
  await db.deleteFrom('payment_password_locks').where('member_id', '=', memberId).execute();
}
