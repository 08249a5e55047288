import type { ColumnType, Generated } from 'kysely';
import type { WithdrawalConfirmation, WithdrawalOrigin, WithdrawalStatus } from '@wps/shared/schemas/withdrawal';

type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Tables owned by the withdrawal module (migrations 0030_withdrawals.sql, 0090_money_request_refusals.sql, 0510_withdrawal_second_operator.sql and 0630_lgpd_closure_and_payouts.sql). */
export type WithdrawalTables = {
  withdrawal_orders: {
    id: GeneratedInt8;
    member_id: Int8;
    idempotency_key: string;
    amount: Int8;
    currency: string;
    hold_id: Int8;
    status: ColumnType<WithdrawalStatus, WithdrawalStatus | undefined, WithdrawalStatus>;
    confirmation: ColumnType<
      WithdrawalConfirmation | null,
      WithdrawalConfirmation | null | undefined,
      WithdrawalConfirmation | null
    >;
    bank_account_id: string;
    bank_code: string;
    bank_name: string;
    account_number: string;
    holder_name: string;
    pix_key_type: ColumnType<
      'cpf' | 'email' | 'phone' | 'evp' | null,
      'cpf' | 'email' | 'phone' | 'evp' | null | undefined,
      never
    >;
    pix_key: ColumnType<string | null, string | null | undefined, never>;
    reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
    resolution_note: ColumnType<string | null, string | null | undefined, string | null>;
    created_at: Generated<Date>;
    decided_at: Timestamp;
    decided_by: ColumnType<string | null, string | null | undefined, string | null>;
    confirm_deadline: Timestamp;
    confirmed_at: Timestamp;
    resolved_at: Timestamp;
    /** An approval that waits for a second operator (0510): who asked, when, and the thresholds it passed. */
    approval_asked_by: ColumnType<string | null, string | null | undefined, string | null>;
    approval_asked_at: Timestamp;
    approval_wait_reasons: ColumnType<string[], string[] | undefined, string[]>;
    /** Migration 0630: the player's request, the payout of a closed account's balance, or a barred player's refund; set at insert only. */
    origin: ColumnType<WithdrawalOrigin, WithdrawalOrigin | undefined, never>;
    /** Migration 0680: when the operator's decision is due, set at insert from withdrawal.reviewDeadlineHours. */
    review_due_at: ColumnType<Date | null, Date | null | undefined, never>;
  };
  withdrawal_proofs: {
    id: GeneratedInt8;
    withdrawal_id: Int8;
    stored_name: string;
    content_type: 'image/png' | 'image/jpeg';
    size_bytes: number;
    created_at: Generated<Date>;
  };
  /** Final refusals of withdrawals and upline transfers under their idempotency key (0090). */
  money_request_refusals: {
    scope: 'withdrawal' | 'transfer_upline' | 'transfer_downline';
    member_id: Int8;
    idempotency_key: string;
    request_fingerprint: string;
    error_code: string;
    message: string;
    details: ColumnType<unknown, string | null, string | null>;
    created_at: Generated<Date>;
  };
};
