import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The statement behind the back office's search by a bank account's last digits: members whose
 * bound account number ends with them, on `member_bank_accounts_reversed_number_idx`
 * (reverse(account_number) text_pattern_ops, migration 0180), one page of member ids in id order
 * plus one more (it says a next page exists).
 *
 * The matches are gathered first, in a MATERIALIZED CTE, and only then sorted and paged. Written
 * as one SELECT … ORDER BY member_id LIMIT, the planner may instead walk the member_id index in
 * order and test every row's number until it has a page: cheap when it guesses many matches, a
 * scan of the whole table when the digits are rare, and its guess comes from sampled statistics,
 * so the plan flipped between runs. With at least four digits (the search's rule) the matches are
 * about one account in 10,000, so gathering them all is always the small side.
 */
export function memberIdsByAccountSuffixQuery(db: Db, lastDigits: string, offset: number, limit: number) {
  if (!/^\d{1,20}$/.test(lastDigits)) throw new Error('bank account digits only');
  const reversedPrefix = `${[...lastDigits].reverse().join('')}%`;
  return db
    .with(
      (cte) => cte('matches').materialized(),
      (qb) =>
        qb
          .selectFrom('member_bank_accounts')
          .select('member_id')
          .where(sql<boolean>`reverse(account_number) LIKE ${reversedPrefix}`),
    )
    .selectFrom('matches')
    .select('member_id as memberId')
    .distinct()
    .orderBy('member_id')
    .offset(offset)
    .limit(limit + 1);
}

export async function findMemberIdsByAccountSuffix(
  db: Db,
  lastDigits: string,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await memberIdsByAccountSuffixQuery(db, lastDigits, offset, limit).execute();
  return rows.map((r) => String(r.memberId));
}
