import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The affiliate codes behind agents' invitation links (the agents module keeps the links, this
// module the codes that registration and GET /wps/agent/affiliate read).

/** Insert an affiliate code for an agent; false when the code is taken (the caller draws another). */
export async function insertAffiliateCode(trx: Db, code: string, memberId: string): Promise<boolean> {
  const row = await trx
    .insertInto('affiliate_codes')
    .values({ code, kind: 'affiliate', member_id: memberId, domain: null })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turn an agent's affiliate code on or off (a disabled code registers nobody and fails the affiliate check). */
export async function setAffiliateCodeEnabled(
  trx: Db,
  code: string,
  memberId: string,
  enabled: boolean,
): Promise<void> {
  await trx
    .updateTable('affiliate_codes')
    .set({ enabled })
    .where('code', '=', code)
    .where('member_id', '=', memberId)
    .execute();
}
