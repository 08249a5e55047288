import type { Kysely } from 'kysely';
import type { PixKeyType } from '@wps/shared/pix-key';
import type { Database } from '../../db/schema';
import type { DirectoryAccount } from './pix-directory';

type Db = Kysely<Database>;

export type SandboxDirectoryEntry = DirectoryAccount & {
  id: string;
  keyType: PixKeyType | null;
  key: string | null;
  createdAt: Date;
};

const COLUMNS = [
  'id',
  'key_type',
  'key_value',
  'owner_cpf',
  'owner_name',
  'bank_code',
  'account_number',
  'created_at',
] as const;

function toEntry(r: {
  id: string;
  key_type: PixKeyType | null;
  key_value: string | null;
  owner_cpf: string;
  owner_name: string;
  bank_code: string;
  account_number: string;
  created_at: Date;
}): SandboxDirectoryEntry {
  return {
    id: String(r.id),
    keyType: r.key_type,
    key: r.key_value,
    ownerCpf: r.owner_cpf,
    ownerName: r.owner_name,
    bankCode: r.bank_code,
    accountNumber: r.account_number,
    createdAt: new Date(r.created_at),
  };
}

/** The sandbox directory's entry for a key. */
export async function findEntryByKey(
  db: Db,
  keyType: PixKeyType,
  key: string,
): Promise<SandboxDirectoryEntry | undefined> {
  const row = await db
    .selectFrom('pix_directory_sandbox')
    .select(COLUMNS)
    .where('key_type', '=', keyType)
    .where('key_value', '=', key)
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** The sandbox directory's first entry for an account. */
export async function findEntryByAccount(
  db: Db,
  bankCode: string,
  accountNumber: string,
): Promise<SandboxDirectoryEntry | undefined> {
  const row = await db
    .selectFrom('pix_directory_sandbox')
    .select(COLUMNS)
    .where('bank_code', '=', bankCode)
    .where('account_number', '=', accountNumber)
    .orderBy('id')
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** The newest entries, for the sandbox's page. */
export async function findEntries(db: Db, limit: number): Promise<SandboxDirectoryEntry[]> {
  return (
    await db.selectFrom('pix_directory_sandbox').select(COLUMNS).orderBy('id', 'desc').limit(limit).execute()
  ).map(toEntry);
}

/** List an account (and a key on it, if any); false when the key is listed already. */
export async function insertEntry(
  db: Db,
  entry: DirectoryAccount & { keyType: PixKeyType | null; key: string | null },
): Promise<boolean> {
  if (entry.keyType && entry.key && (await findEntryByKey(db, entry.keyType, entry.key))) return false;
  const row = await db
    .insertInto('pix_directory_sandbox')
    .values({
      key_type: entry.keyType,
      key_value: entry.key,
      owner_cpf: entry.ownerCpf,
      owner_name: entry.ownerName,
      bank_code: entry.bankCode,
      account_number: entry.accountNumber,
    })
    .onConflict((oc) => oc.columns(['key_type', 'key_value']).where('key_value', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
