import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** int8 columns: read back as strings (exact), written as strings. */
type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Json = JSONColumnType<Record<string, unknown>, string, string>;

export type HoldStatus = 'pending' | 'posted' | 'voided';

/** Tables owned by the ledger module (migration 0003_ledger.sql). */
export type LedgerTables = {
  ledger_accounts: {
    id: GeneratedInt8;
    currency: string;
    purpose: string;
    member_id: string | null;
    is_player: boolean;
    balance: ColumnType<string, string | undefined, string>;
    created_at: Generated<Date>;
  };
  ledger_transactions: {
    id: GeneratedInt8;
    kind: string;
    idempotency_key: string;
    request_hash: string;
    currency: string;
    reference: string | null;
    metadata: Json;
    result: JSONColumnType<Record<string, unknown> | null, string | null, string>;
    created_at: Generated<Date>;
    /** The writing transaction (xid8 as text; migration 0302): the agent settlement's late-event bound. */
    settle_tx: ColumnType<string | null, never, never>;
  };
  ledger_entries: {
    id: GeneratedInt8;
    transaction_id: Int8;
    account_id: Int8;
    amount: Int8;
    currency: string;
    /** Its transaction's created_at (one now()): the month partition it is in (migration 0765). */
    created_at: Generated<Date>;
  };
  ledger_holds: {
    id: GeneratedInt8;
    source_account_id: Int8;
    hold_account_id: Int8;
    amount: Int8;
    currency: string;
    status: ColumnType<HoldStatus, HoldStatus | undefined, HoldStatus>;
    create_transaction_id: Int8;
    resolve_transaction_id: ColumnType<string | null, string | null | undefined, string>;
    reference: string | null;
    created_at: Generated<Date>;
    resolved_at: ColumnType<Date | null, Date | null | undefined, Date>;
  };
};
