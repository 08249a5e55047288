import type { ColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

/** Tables owned by the agents module (migration 0300_agent_tree.sql). */
export type AgentsTables = {
  /** The closure of members.upline_id, kept by triggers on members: written by no module's code. */
  agent_tree: {
    ancestor_id: Int8;
    descendant_id: Int8;
    depth: number;
  };
};
