import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type Tier = { minAmountMinor: string; minActivePlayers: number; rateBp: number };

/** Tables of the agent centre (migrations 0304_agent_centre.sql, 0305_agent_member_daily.sql). */
export type AgentCentreTables = {
  agent_links: {
    id: Generated<string>;
    agent_id: Int8;
    code: string;
    link_type: 'member' | 'agent';
    terms: JSONColumnType<Partial<Record<string, Tier[]>>, string, string>;
    enabled: Generated<boolean>;
    registrations: Generated<number>;
    created_at: Generated<Date>;
    deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  /** Kept by triggers (0305): written by no module's code. */
  agent_member_daily: {
    member_id: Int8;
    day: ColumnType<string, string, string>;
    registrations: number;
    bets: Int8;
    refunds: Int8;
    wins: Int8;
    deposits: Int8;
    withdrawals: Int8;
  };
};
