import type { Generated } from 'kysely';

/** 'bind' (0010_security.sql): linking a mobile number in the security centre. */
export type OtpPurpose = 'register' | 'login' | 'reset' | 'bind';

/** Tables owned by the verification module (migration 0004_verification.sql). */
export type VerificationTables = {
  rate_limit_events: {
    id: Generated<string>;
    bucket: string;
    key: string;
    at: Date;
    expires_at: Date;
  };
  captcha_challenges: {
    captcha_key: string;
    answer_hash: string;
    created_at: Date;
    expires_at: Date;
  };
  otp_codes: {
    id: Generated<string>;
    purpose: OtpPurpose;
    phone: string;
    code_salt: string;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
  };
};
