import type { Generated } from 'kysely';

/** Tables of the session module beyond member_sessions (which member.ts declares with the member tables). */
export type SessionTables = {
  session_exchange_codes: {
    code_hash: string;
    member_id: string;
    session_id: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  /** Migration 0683: one sign-in kept by a refresh cookie (docs/decisions.md, "Staying signed in"). */
  member_refresh_families: {
    id: Generated<string>;
    member_id: string;
    persistent: boolean;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    revoke_reason: string | null;
  };
  member_refresh_tokens: {
    id: Generated<string>;
    family_id: string;
    token_hash: string;
    created_at: Date;
    used_at: Date | null;
  };
};
