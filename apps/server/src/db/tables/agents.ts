import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

/** Tables owned by the agents module (migrations 0300_agent_tree.sql, 0301_agent_contracts.sql, 0302_agent_settlement.sql). */
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
  /** A top agent's house contract waiting for a second operator, or decided (migration 0540). */
  agent_house_contract_changes: {
    id: Generated<string>;
    member_id: Int8;
    type: string;
    tiers: JSONColumnType<{ minAmountMinor: string; minActivePlayers: number; rateBp: number }[], string, string>;
    period: string;
    before: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
    reason: string;
    status: ColumnType<HouseChangeStatus, HouseChangeStatus | undefined, HouseChangeStatus>;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: ColumnType<string | null, string | null | undefined, string | null>;
    decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
    contract_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** One settlement run per stream (contract type and period kind) and period (migration 0302). */
  agent_settlement_runs: {
    id: Generated<string>;
    stream: string;
    type: string;
    period_key: string;
    period_start: Date;
    period_end: Date;
    status: Generated<string>;
    cutoff_mark: ColumnType<string | null, string | null | undefined, string | null>;
    /** The snapshot the run read under (migration 0303): a row counts when its transaction is visible in it. */
    cutoff_snapshot: ColumnType<string | null, string | null | undefined, string | null>;
    contracts: Generated<number>;
    statements: Generated<number>;
    paid: Generated<number>;
    held: Generated<number>;
    total_minor: ColumnType<string, string | undefined, string>;
    attempts: Generated<number>;
    error: ColumnType<string | null, string | null | undefined, string | null>;
    started_at: Generated<Date>;
    computed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  /** What a contract pays its agent for a period, with the lines it was computed from. */
  agent_statements: {
    id: Generated<string>;
    run_id: Int8;
    contract_id: Int8;
    member_id: Int8;
    type: string;
    period_key: string;
    period_start: Date;
    period_end: Date;
    team_base: Int8;
    active_players: number;
    tier_base: Int8;
    tier_active: number;
    carry_in: Int8;
    carry_out: Int8;
    tier_rate_bp: number;
    rate_bp: number;
    gross_minor: Int8;
    downline_minor: Int8;
    amount_minor: Int8;
    lines: JSONColumnType<unknown[], string, string>;
    status: string;
    ledger_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
    paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Generated<Date>;
  };
  /** Payees an operator held: their statements wait for the release. */
  agent_payee_holds: {
    id: Generated<string>;
    member_id: Int8;
    reason: string;
    created_by: Int8;
    created_at: Generated<Date>;
    released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    released_by: ColumnType<string | null, string | null | undefined, string | null>;
    release_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
};

export type HouseChangeStatus = 'pending' | 'applied' | 'rejected' | 'superseded';
