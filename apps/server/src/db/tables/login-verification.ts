import type { Generated } from 'kysely';

/** Tables of the login-verification module (migrations 0400_login_verification.sql, 0472_login_device_passes.sql). */
export type LoginVerificationTables = {
  login_challenges: {
    id: Generated<string>;
    challenge_hash: string;
    member_id: string | null;
    channel: 'sms' | 'email' | null;
    code_salt: string;
    code_hash: string;
    attempts: Generated<number>;
    ip: string;
    user_agent: string | null;
    must_change_password: Generated<boolean>;
    password_expired: Generated<boolean>;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
  };
  trusted_devices: {
    id: Generated<string>;
    member_id: string;
    token_hash: string;
    label: string;
    ip: string;
    last_ip: string;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_by: 'member' | 'operator' | null;
  };
  login_device_passes: {
    id: Generated<string>;
    member_id: string;
    granted_by: string;
    granted_at: Date;
    expires_at: Date;
    used_at: Date | null;
    used_ip: string | null;
  };
};
