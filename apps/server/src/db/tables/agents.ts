import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

/** Tables owned by the agents module (migrations 0300_agent_tree.sql, 0301_agent_contracts.sql). */
export type AgentsTables = {
  /** The closure of members.upline_id, kept by triggers on members: written by no module's code. */
  agent_tree: {
    ancestor_id: Int8;
    descendant_id: Int8;
    depth: number;
  };
  agent_contracts: {
    id: Generated<string>;
    type: string;
    upline_id: string | null;
    downline_id: Int8;
    tiers: JSONColumnType<{ minAmountMinor: string; minActivePlayers: number; rateBp: number }[], string, string>;
    period: string;
    status: string;
    offered_at: Generated<Date>;
    offered_by_type: string;
    offered_by_id: string;
    answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    termination_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    termination_requested_by: ColumnType<string | null, string | null | undefined, string | null>;
    terminated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    end_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
};
