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
};
