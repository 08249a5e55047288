import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type VendorWalletModel = 'seamless' | 'transfer' | 'internal';
export type RoundStatus = 'open' | 'settled';
export type RoundBetKind = 'bet' | 'win' | 'rollback';
export type RoundBetStatus = 'pending' | 'accepted' | 'refused' | 'rolled_back' | 'cancelled' | 'done';
export type VendorTransferStatus = 'pending' | 'succeeded' | 'failed';

/** Tables owned by the gateway module (migration 0050_gateway.sql). */
export type GatewayTables = {
  vendor_adapters: {
    vassalage: string;
    wallet_model: VendorWalletModel;
    launch_url: string;
    api_url: ColumnType<string | null, string | null | undefined, string | null>;
    secret: string;
    request_timeout_ms: Defaulted<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** When the secret was last set (migration 0190). */
    secret_set_at: Generated<Date>;
  };
  game_launch_tokens: {
    id: GeneratedInt8;
    token_hash: string;
    member_id: Int8;
    vassalage: string;
    node_id: string;
    expires_at: Date;
    used_at: Timestamp;
    created_at: Generated<Date>;
    /** The login session that launched the game (migration 0075); null only on older rows. */
    login_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  vendor_sessions: {
    id: GeneratedInt8;
    token_hash: string;
    member_id: Int8;
    vassalage: string;
    node_id: string;
    expires_at: Date;
    created_at: Generated<Date>;
    /** The login session it lives and dies with (migration 0075); null only on older rows, which are refused. */
    login_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  game_rounds: {
    id: GeneratedInt8;
    vassalage: string;
    round_id: string;
    member_id: Int8;
    node_id: string;
    currency: string;
    status: Defaulted<RoundStatus>;
    total_bet: Defaulted<string>;
    total_win: Defaulted<string>;
    total_refund: Defaulted<string>;
    /** The bonus money in the round (migration 0251): staked, won into the bonus account, refunded. */
    bonus_bet: Defaulted<string>;
    bonus_win: Defaulted<string>;
    bonus_refund: Defaulted<string>;
    /** A rolled-back bet's bonus part the house kept (its bonus had ended): a cancelled stake, never paid (migration 0500). */
    refund_kept: Defaulted<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    settled_at: Timestamp;
    /** The transaction that settled the round (xid8 as text; migration 0302, set by a trigger). */
    settled_tx: ColumnType<string | null, never, never>;
    /** The bonus whose money first staked the round (migration 0496, set by a trigger). */
    bonus_id: ColumnType<string | null, never, never>;
  };
  /**
   * A round's vendor id, unique across the months of the partitioned game_rounds (migration 0765):
   * claimed by the statement that writes the round, with its row's id and created_at (its month).
   */
  game_round_keys: {
    vassalage: string;
    round_id: string;
    id: Int8;
    created_at: Date;
  };
  /** A vendor transaction id, unique across the months of the partitioned round_bets (migration 0765), as game_round_keys. */
  round_bet_keys: {
    vassalage: string;
    vendor_tx_id: string;
    id: Int8;
    created_at: Date;
  };
  round_bets: {
    id: GeneratedInt8;
    vassalage: string;
    vendor_tx_id: string;
    kind: RoundBetKind;
    round_id: string;
    member_id: Int8;
    node_id: string;
    amount: Int8;
    ref_tx_id: ColumnType<string | null, string | null | undefined, string | null>;
    status: Defaulted<RoundBetStatus>;
    request_hash: string;
    ledger_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
    response: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
    /** bet: the stake's bonus part; win: the part paid into the bonus account (migration 0251). */
    bonus_amount: Defaulted<string>;
    /** win: the bonus part the house kept because the bonus had ended. */
    bonus_kept: Defaulted<string>;
    /** bet: the bonus whose money the stake spent (migration 0496, set by a trigger). */
    bonus_id: ColumnType<string | null, never, never>;
    created_at: Generated<Date>;
  };
  vendor_transfers: {
    id: GeneratedInt8;
    transfer_ref: string;
    member_id: Int8;
    vassalage: string;
    direction: 'in' | 'out';
    amount: Int8;
    currency: string;
    idempotency_key: string;
    hold_id: Int8;
    status: Defaulted<VendorTransferStatus>;
    attempts: Defaulted<number>;
    last_error: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Generated<Date>;
    resolved_at: Timestamp;
  };
  vendor_wallets: {
    member_id: Int8;
    vassalage: string;
    version: Defaulted<string>;
    synced_at: Timestamp;
  };
  /** What each transfer idempotency key asked for (migration 0080). */
  vendor_transfer_requests: {
    member_id: Int8;
    idempotency_key: string;
    direction: 'in' | 'out';
    vassalage: string | null;
    requested_amount: string | null;
    created_at: Generated<Date>;
  };
};
