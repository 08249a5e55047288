import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createCatalogueViews, type CatalogueViews } from '../catalogue/catalogue-views';
import { createGatewayViews, type GatewayViews } from '../gateway/gateway-views';
import { createLedgerEntryViews, type LedgerEntryViews } from '../ledger/ledger-entry-views';
import { createMemberViews, type MemberViews } from '../member/member-views';
import { createWithdrawalViews, type WithdrawalViews } from '../withdrawal/withdrawal-views';

/**
 * The owners' views the records module reads (it keeps no copy of anyone's rows): rounds and their
 * stakes, wins and refunds (gateway), ledger entries and player accounts (ledger), account names
 * (member), vendor and game names (catalogue), withdrawal orders and their origin (withdrawal).
 */
export type RecordsViews = Pick<GatewayViews, 'roundRecords' | 'roundBets'> &
  Pick<LedgerEntryViews, 'entries' | 'playerAccounts'> &
  Pick<MemberViews, 'registrations' | 'briefs' | 'activity'> &
  Pick<WithdrawalViews, 'payouts'> &
  CatalogueViews;

/** The owners' views over one database handle (the server and the ops commands alike). */
export function recordsViewsOf(db: Kysely<Database>): RecordsViews {
  const gateway = createGatewayViews({ db });
  const ledger = createLedgerEntryViews({ db });
  const members = createMemberViews({ db });
  const withdrawals = createWithdrawalViews({ db });
  return {
    ...createCatalogueViews({ db }),
    roundRecords: gateway.roundRecords,
    roundBets: gateway.roundBets,
    entries: ledger.entries,
    playerAccounts: ledger.playerAccounts,
    registrations: members.registrations,
    briefs: members.briefs,
    activity: members.activity,
    payouts: withdrawals.payouts,
  };
}
