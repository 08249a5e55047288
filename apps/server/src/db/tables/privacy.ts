import type { ColumnType, Generated } from 'kysely';
import type { ClosureHeldReason, ClosurePayout } from '@wps/shared/schemas/privacy';

export type { ClosureHeldReason, ClosurePayout };

/** Tables owned by the privacy module (migration 0630_lgpd_closure_and_payouts.sql). */
export type PrivacyTables = {
  /** Each closing of an account at the player's request and what became of its balance (docs/compliance.md, "Player rights"). */
  account_closures: {
    id: Generated<string>;
    member_id: string;
    closed_at: Generated<Date>;
    currency: string;
    balance_minor: ColumnType<string, string, never>;
    payout: ClosurePayout;
    withdrawal_id: string | null;
    held_reason: ClosureHeldReason | null;
    payout_due_by: Date | null;
  };
};
