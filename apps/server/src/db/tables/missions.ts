import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

export type MissionStepRow = {
  kind: 'stake' | 'deposit' | 'distinct_games' | 'login_days';
  category?: string | undefined;
  target: string;
};

/** Tables owned by the missions module (migration 0280_missions.sql). */
export type MissionsTables = {
  missions: {
    id: Generated<string>;
    cadence: 'daily' | 'weekly';
    title_pt: string;
    title_en: string;
    status: Generated<'draft' | 'awaiting_approval' | 'live' | 'ended'>;
    reward_amount: Int8;
    steps: JSONColumnType<MissionStepRow[], string, string>;
    sort_order: Generated<number>;
    created_by: Int8;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** Migration 0530: the set-up ceilings a switch to live passed, who asked, who let it go live. */
    ceiling_reasons: ColumnType<string[], string[] | undefined, string[]>;
    asked_by: ColumnType<string | null, string | null | undefined, string | null>;
    approved_by: ColumnType<string | null, string | null | undefined, string | null>;
    approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  mission_counters: { member_id: Int8; period_key: string; metric: string; value: Int8 };
  mission_marks: { member_id: Int8; period_key: string; kind: 'game' | 'day'; mark: string };
  mission_claims: {
    member_id: Int8;
    mission_id: Int8;
    period_key: string;
    amount: Int8;
    grant_id: string | null;
    claimed_at: Generated<Date>;
  };
};
