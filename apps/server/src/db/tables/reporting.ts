import type { ColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type Hour = ColumnType<Date, Date, Date>;

/**
 * Tables owned by the reporting module (migration 0170_reporting.sql): hourly aggregates that
 * triggers keep in the same transaction as the rows they count. Read only by the reporting module.
 */
export type ReportingTables = {
  reporting_game_hourly: {
    hour: Hour;
    vassalage: string;
    currency: string;
    stripe: number;
    rounds: Int8;
    bets: Int8;
    refunds: Int8;
    wins: Int8;
  };
  reporting_payment_hourly: {
    hour: Hour;
    kind: 'deposit' | 'withdrawal';
    channel: string;
    currency: string;
    stripe: number;
    orders: Int8;
    amount: Int8;
    fee: Int8;
  };
  reporting_player_hourly: {
    hour: Hour;
    stripe: number;
    registrations: Int8;
    first_deposits: Int8;
    first_deposit_amount: Int8;
  };
  reporting_first_deposits: { member_id: Int8; order_id: Int8; at: Date };
  reporting_member_hours: { member_id: Int8; hour: Hour };
  reporting_activity_by_day: { hour: Hour; prev_day: Hour; stripe: number; n: Int8 };
  reporting_activity_by_hour: { prev_hour: Hour; hour: Hour; stripe: number; n: Int8 };
};
