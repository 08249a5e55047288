import type { Generated } from 'kysely';

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
  };
  kyc_sandbox_sessions: {
    ref: string;
    return_url: string;
    document_name: string | null;
    selfie_done: Generated<boolean>;
    liveness_done: Generated<boolean>;
    outcome: 'passed' | 'failed' | 'review' | null;
    created_at: Generated<Date>;
  };
};
