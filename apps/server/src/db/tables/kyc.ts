import type { ColumnType, Generated } from 'kysely';

export type KycCheckStatus = 'pending' | 'review' | 'passed' | 'failed';

/** Identity checks and the sandbox provider's sessions (migration 0350; docs/compliance.md, "KYC"). */
export type KycTables = {
  kyc_checks: {
    id: Generated<string>;
    member_id: string;
    provider: string;
    provider_ref: string;
    purpose: 'onboarding' | 'reverification';
    status: Generated<KycCheckStatus>;
    full_name: string | null;
    reason: string | null;
    decided_by: string | null;
    decided_at: Date | null;
    created_at: Generated<Date>;
    /** The document was compared with the registered CPF and date of birth and matched (migration 0700). */
    identity_bound: Generated<boolean>;
  };
  kyc_sandbox_sessions: {
    ref: string;
    return_url: string;
    document_name: string | null;
    selfie_done: Generated<boolean>;
    liveness_done: Generated<boolean>;
    outcome: 'passed' | 'failed' | 'review' | null;
    created_at: Generated<Date>;
    /** Migration 0370: a re-verification session skips the document step. */
    purpose: Generated<'onboarding' | 'reverification'>;
    /**
     * Migration 0660: the CPF and date of birth the merchant sent (the registered ones), and what the
     * document reads. Dates written as 'YYYY-MM-DD' and read as text (`to_char`), as member_identities.
     */
    subject_cpf: string | null;
    subject_birth_date: string | null;
    document_cpf: string | null;
    document_birth_date: string | null;
  };
  /** The operator's tier and re-verification settings (migration 0370): one row. */
  kyc_settings: {
    id: Generated<number>;
    /** bigint: a string from both drivers. */
    unverified_deposit_cap_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
    reverify_days: Generated<number>;
    updated_at: Generated<Date>;
  };
  /** A player's face-check standing and the deposit cap's lock row (migration 0370). */
  kyc_members: {
    member_id: string;
    face_checked_at: Date | null;
    reverify_due_at: Date | null;
  };
};
