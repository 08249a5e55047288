import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = ColumnType<Record<string, unknown>, string, string>;

export type InhouseSeedStatus = 'active' | 'revealed';
export type InhouseRoundStatus = 'pending' | 'open' | 'settled' | 'refused';
export type InhouseGame = 'slot' | 'dice' | 'limbo' | 'plinko' | 'keno' | 'mines' | 'hilo';
export type CrashRoundPhase = 'betting' | 'flying' | 'busted';
export type CrashBetStatus = 'placing' | 'refused' | 'flying' | 'cashed' | 'lost';

/** Tables owned by the in-house games module (migrations 0060_inhouse.sql, 0191_inhouse_game_settings.sql, 0710_inhouse_originals.sql, 0712_inhouse_stepped_rounds.sql, 0720_crash.sql, 0735_inhouse_game_certificates.sql, 0740_crash_next_event.sql, 0760_crash_staked_total.sql). */
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
  /** A house original's lab certificate as the operator recorded it (migration 0735). */
  inhouse_game_certificates: {
    node_id: string;
    lab: string;
    certificate_number: string;
    issued_on: ColumnType<string, string, string>;
    recorded_at: Generated<Date>;
  };
  /** Crash's hash chains (the seed is secret; the terminal hash and salt are published). */
  crash_chains: {
    id: GeneratedInt8;
    seed: string;
    terminal_hash: string;
    salt: string;
    length: number;
    checkpoint_every: number;
    next_round: ColumnType<number, number | undefined, number>;
    status: ColumnType<'active' | 'spent', 'active' | 'spent' | undefined, 'active' | 'spent'>;
    created_at: Generated<Date>;
  };
  crash_chain_checkpoints: { chain_id: Int8; idx: number; hash: string };
  crash_rounds: {
    id: GeneratedInt8;
    chain_id: Int8;
    round_number: number;
    hash: string;
    crash_hundredths: number;
    rtp_bps: number;
    growth_per_ms: number;
    max_payout_minor: Int8;
    round_max_payout_minor: Int8;
    phase: ColumnType<CrashRoundPhase, CrashRoundPhase | undefined, CrashRoundPhase>;
    betting_ends_at: ColumnType<Date, Date, Date>;
    started_at: Timestamp;
    busted_at: Timestamp;
    next_event_ms: ColumnType<number | null, number | null | undefined, number | null>;
    /** The stakes the round has taken (placing or flying), kept by each bet (migration 0760). */
    staked_minor: ColumnType<string, string | undefined, string>;
    created_at: Generated<Date>;
  };
  crash_bets: {
    id: GeneratedInt8;
    bet_id: string;
    round_id: Int8;
    member_id: Int8;
    node_id: string;
    nickname: string;
    idempotency_key: string;
    stake: Int8;
    auto_cashout_hundredths: ColumnType<number | null, number | null | undefined, number | null>;
    status: ColumnType<CrashBetStatus, CrashBetStatus | undefined, CrashBetStatus>;
    cashout_hundredths: ColumnType<number | null, number | null | undefined, number | null>;
    error_code: ColumnType<string | null, string | null | undefined, string | null>;
    payout: ColumnType<string, string | undefined, string>;
    cashed_at: Timestamp;
    settled_at: Timestamp;
    created_at: Generated<Date>;
  };
  /** The lease of the instance driving crash's rounds (one row). */
  crash_driver: { id: number; holder: string | null; lease_until: ColumnType<Date, Date | undefined, Date> };
};
