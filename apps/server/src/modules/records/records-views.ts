import type { CatalogueViews } from '../catalogue/catalogue-views';
import type { GatewayViews } from '../gateway/gateway-views';
import type { LedgerEntryViews } from '../ledger/ledger-entry-views';
import type { MemberViews } from '../member/member-views';

/**
 * The owners' views the records module reads (it keeps no copy of anyone's rows): rounds and their
 * stakes, wins and refunds (gateway), ledger entries and player accounts (ledger), account names
 * (member), vendor and game names (catalogue).
 */
export type RecordsViews = Pick<GatewayViews, 'roundRecords' | 'roundBets'> &
  Pick<LedgerEntryViews, 'entries' | 'playerAccounts'> &
  Pick<MemberViews, 'registrations' | 'briefs'> &
  CatalogueViews;
