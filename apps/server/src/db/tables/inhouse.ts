import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = ColumnType<Record<string, unknown>, string, string>;

export type InhouseSeedStatus = 'active' | 'revealed';
export type InhouseRoundStatus = 'pending' | 'open' | 'settled' | 'refused';
export type InhouseGame = 'slot' | 'dice' | 'limbo' | 'plinko' | 'keno' | 'mines' | 'hilo';

/** Tables owned by the in-house games module (migrations 0060_inhouse.sql, 0191_inhouse_game_settings.sql, 0710_inhouse_originals.sql, 0712_inhouse_stepped_rounds.sql). */
export type InhouseTables = {
  inhouse_seeds: {
    id: GeneratedInt8;
    member_id: Int8;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_nonce: ColumnType<string, string | undefined, string>;
    status: ColumnType<InhouseSeedStatus, InhouseSeedStatus | undefined, InhouseSeedStatus>;
    created_at: Generated<Date>;
    revealed_at: Timestamp;
  };
  inhouse_rounds: {
    id: GeneratedInt8;
    round_id: string;
    member_id: Int8;
    node_id: string;
    game: InhouseGame;
    idempotency_key: string;
    seed_id: Int8;
    server_seed_hash: string;
    client_seed: string;
    nonce: Int8;
    stake: Int8;
    payout: Int8;
    params: Json;
    outcome: Json;
    status: ColumnType<InhouseRoundStatus, InhouseRoundStatus | undefined, InhouseRoundStatus>;
    error_code: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Generated<Date>;
    settled_at: Timestamp;
    rtp_bps: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** The operator's settings per in-house game. */
  inhouse_game_settings: {
    node_id: string;
    max_stake_minor: ColumnType<string | null, string | null, string | null>;
    rtp_bps: ColumnType<number | null, number | null | undefined, number | null>;
    max_payout_minor: ColumnType<string | null, string | null | undefined, string | null>;
    updated_at: Generated<Date>;
  };
};
