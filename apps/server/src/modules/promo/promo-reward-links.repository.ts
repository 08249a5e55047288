import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The rule ids linked to each promotion (all promotions, or those named), in rule order. */
export async function findRewardLinks(db: Db, promotionIds?: readonly string[]): Promise<Map<string, string[]>> {
  let q = db
    .selectFrom('promo_reward_rules')
    .select(['promotion_id', 'rule_id'])
    .orderBy('promotion_id')
    .orderBy('rule_id');
  if (promotionIds) {
    if (promotionIds.length === 0) return new Map();
    q = q.where('promotion_id', 'in', promotionIds);
  }
  const links = new Map<string, string[]>();
  for (const row of await q.execute()) {
    const id = String(row.promotion_id);
    links.set(id, [...(links.get(id) ?? []), String(row.rule_id)]);
  }
  return links;
}

/** Replace a promotion's linked rules. */
export async function replaceRewardLinks(trx: Db, promotionId: string, ruleIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('promo_reward_rules').where('promotion_id', '=', promotionId).execute();
  if (ruleIds.length > 0)
    await trx
      .insertInto('promo_reward_rules')
      .values(ruleIds.map((ruleId) => ({ promotion_id: promotionId, rule_id: ruleId })))
      .execute();
}
