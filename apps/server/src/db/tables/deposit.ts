import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** int8 columns: read back as strings (exact), written as strings. */
type Int8 = ColumnType<string, string, string>;

export type DepositChannelType = 'manual_bank' | 'gateway';
export type DepositOrderStatus = 'pending' | 'credited' | 'failed' | 'expired' | 'returned';
export type DepositMethod = 'pix' | 'bank_transfer' | 'card' | 'crypto' | 'cash' | 'other';

/** Tables owned by the deposit module (migrations 0021_deposits.sql, 0360_pix_payments.sql, 0682_deposit_order_payers.sql). */
export type DepositTables = {
  deposit_channels: {
    id: Generated<string>;
    name: string;
    type: DepositChannelType;
    currency: string;
    min_minor: Int8;
    max_minor: Int8;
    fee_fixed_minor: Int8;
    fee_bps: number;
    enabled: boolean;
    sort: number;
    bank_name: string | null;
    account_number: string | null;
    account_holder: string | null;
    provider: string | null;
    method: ColumnType<DepositMethod, DepositMethod | undefined, DepositMethod>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  deposit_orders: {
    id: Generated<string>;
    member_id: string;
    channel_id: string;
    channel_type: DepositChannelType;
    provider: string | null;
    currency: string;
    amount_minor: Int8;
    fee_minor: Int8;
    credit_minor: Int8;
    reference_code: string;
    idempotency_key: string;
    status: ColumnType<DepositOrderStatus, DepositOrderStatus | undefined, DepositOrderStatus>;
    provider_ref: string | null;
    pay_url: string | null;
    failure_reason: string | null;
    ledger_transaction_id: string | null;
    created_at: Timestamp;
    expires_at: Timestamp;
    resolved_at: NullableTimestamp;
    resolved_by: string | null;
    method: ColumnType<DepositMethod, DepositMethod | undefined, DepositMethod>;
    pix_code: ColumnType<string | null, string | null | undefined, string | null>;
    payer_cpf_masked: ColumnType<string | null, string | null | undefined, string | null>;
    returned_at: NullableTimestamp;
  };
  /** Who paid a manual bank transfer, as the confirming operator read it on the statement; written once. */
  deposit_order_payers: {
    order_id: string;
    payer_name: string | null;
    payer_cpf_masked: string | null;
    payer_is_player: boolean | null;
    bank_reference: string | null;
    recorded_at: Timestamp;
  };
  sandbox_payments: {
    payment_ref: string;
    merchant_ref: string;
    amount_minor: Int8;
    currency: string;
    status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | undefined, 'succeeded' | 'failed'>;
    return_url: string;
    created_at: Timestamp;
    completed_at: NullableTimestamp;
    method: ColumnType<DepositMethod, DepositMethod | undefined, DepositMethod>;
    pix_code: ColumnType<string | null, string | null | undefined, string | null>;
    expected_payer_cpf: ColumnType<string | null, string | null | undefined, string | null>;
    payer_cpf: ColumnType<string | null, string | null | undefined, string | null>;
    returned_at: NullableTimestamp;
  };
};
