import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// A view of the operator money policy's alerts for the withdrawal queue's statement (see
// member/member-views.ts): the queue lists the orders that raised one, joined in its own query.

/** Each alert's payout reference (`withdrawal:<id>`) and kind. */
export function payoutAlertsView(db: Kysely<Database>) {
  return db.selectFrom('operator_money_alerts').select(['reference', 'kind']);
}
