import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { SessionRevokeReason } from '@wps/shared/error-codes';

/** A timestamptz column the database fills by default. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type MemberStatus = 'active' | 'disabled';

/** Tables owned by the member and session modules (migration 0002_members.sql). */
export type MemberTables = {
  members: {
    id: Generated<string>;
    account: string;
    nickname: string | null;
    type: number;
    status: Generated<MemberStatus>;
    password_hash: string;
    password_changed_at: CreatedAt;
    must_change_password: Generated<boolean>;
    payment_password_hash: string | null;
    dialing_code: string | null;
    mobile: string | null;
    /** 0100: '+' || dialing_code || mobile, the unique phone key (the server writes normalised parts). */
    mobile_e164: GeneratedAlways<string | null>;
    email: string | null;
    payee_name: string | null;
    qq: string | null;
    line: string | null;
    whatsapp: string | null;
    zalo: string | null;
    facebook: string | null;
    wechat: string | null;
    id_number: string | null;
    language: Generated<string>;
    /** 0006: one of the drawn avatars, NULL for the default. */
    avatar_id: number | null;
    upline_id: string | null;
    referrer_id: string | null;
    register_domain: string | null;
    register_ip: string | null;
    created_at: CreatedAt;
    last_login_at: Date | null;
  };
  affiliate_codes: {
    code: string;
    kind: Generated<'affiliate' | 'referral'>;
    member_id: string;
    domain: string | null;
    enabled: Generated<boolean>;
    created_at: CreatedAt;
  };
  member_sessions: {
    id: Generated<string>;
    token_hash: string;
    member_id: string;
    must_change_password: Generated<boolean>;
    /** Migration 0602: the account must give its CPF and date of birth before anything else (a pre-switch account under BR). */
    identity_required: Generated<boolean>;
    created_at: CreatedAt;
    last_seen_at: CreatedAt;
    expires_at: Date;
    revoked_at: Date | null;
    /** Migration 0225: why it was revoked (null before that migration). */
    revoke_reason: SessionRevokeReason | null;
    ip: string | null;
    user_agent: string | null;
    /** Migration 0683: the sign-in (refresh-token family) this session belongs to, if any. */
    refresh_family_id: string | null;
  };
  password_reset_tokens: {
    token_hash: string;
    member_id: string;
    created_at: CreatedAt;
    expires_at: Date;
    used_at: Date | null;
  };
  freeplay_grants: {
    grant_key: string;
    member_id: string;
    created_at: CreatedAt;
  };
  /** 0100: what the E.164 migration could not resolve, for an operator to read. */
  phone_duplicates_report: {
    id: Generated<string>;
    member_id: string;
    account: string;
    reason: 'duplicate' | 'unknown_dialing_code';
    original_dialing_code: string | null;
    original_mobile: string | null;
    mobile_e164: string | null;
    kept: Generated<boolean>;
    kept_member_id: string | null;
    found_at: CreatedAt;
  };
};
