import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The statement behind the back office's search by a bank account's last digits: members whose
 * bound account number ends with them, on `member_bank_accounts_reversed_number_idx`
 * (reverse(account_number) text_pattern_ops, migration 0180), one page of member ids in id order
 * plus one more (it says a next page exists).
 */
export function memberIdsByAccountSuffixQuery(db: Db, lastDigits: string, offset: number, limit: number) {
  if (!/^\d{1,20}$/.test(lastDigits)) throw new Error('bank account digits only');
  const reversedPrefix = `${[...lastDigits].reverse().join('')}%`;
  return db
    .selectFrom('member_bank_accounts')
    .select('member_id')
    .distinct()
    .where(sql<boolean>`reverse(account_number) LIKE ${reversedPrefix}`)
    .orderBy('member_id')
    .offset(offset)
    .limit(limit + 1);
}

export async function findMemberIdsByAccountSuffix(db: Db, lastDigits: string, offset: number, limit: number): Promise<string[]> {
  const rows = await memberIdsByAccountSuffixQuery(db, lastDigits, offset, limit).execute();
  return rows.map((r) => String(r.member_id));
}
