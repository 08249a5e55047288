import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createGatewayViews, type GatewayViews } from '../gateway/gateway-views';
import { createLedgerEntryViews, type LedgerEntryViews } from '../ledger/ledger-entry-views';
import { createMemberViews, type MemberViews } from '../member/member-views';
import { createRgViews, type RgViews } from '../responsible-gaming/rg-views';

/**
 * What behaviour monitoring reads, through the owners' views only (it keeps no copy of their
 * rows): money in and back on the main wallet (ledger: credited deposits, withdrawals returned),
 * rounds with their stakes and results (gateway), real-money players (member), and the players'
 * own requests to loosen their limits (responsible gaming).
 */
export type MonitoringViews = Pick<LedgerEntryViews, 'mainWalletEntries'> &
  Pick<GatewayViews, 'gameRounds'> &
  Pick<MemberViews, 'registrations'> &
  Pick<RgViews, 'limitLoosenings'>;

export function monitoringViewsOf(db: Kysely<Database>): MonitoringViews {
  return {
    mainWalletEntries: createLedgerEntryViews({ db }).mainWalletEntries,
    gameRounds: createGatewayViews({ db }).gameRounds,
    registrations: createMemberViews({ db }).registrations,
    limitLoosenings: createRgViews({ db }).limitLoosenings,
  };
}
