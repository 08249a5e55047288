import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column the database fills by default. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables owned by the security module (migration 0010_security.sql). */
export type SecurityTables = {
  banks: {
    code: string;
    name: string;
    enabled: Generated<boolean>;
    sort_order: Generated<number>;
    created_at: CreatedAt;
  };
  member_bank_accounts: {
    id: Generated<string>;
    member_id: string;
    bank_code: string;
    account_number: string;
    holder_name: string;
    created_at: CreatedAt;
    /** A PIX key bound as a payout account (migration 0360): its type and the key. */
    pix_key_type: ColumnType<
      'cpf' | 'email' | 'phone' | 'evp' | null,
      'cpf' | 'email' | 'phone' | 'evp' | null | undefined,
      never
    >;
    pix_key: ColumnType<string | null, string | null | undefined, never>;
  };
  member_security: {
    member_id: string;
    email_verified_at: Date | null;
    updated_at: CreatedAt;
  };
  email_codes: {
    id: Generated<string>;
    purpose: 'bind';
    member_id: string;
    email: string;
    code_salt: string;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
  };
  payment_password_failures: {
    id: Generated<string>;
    member_id: string;
    at: Date;
  };
  payment_password_locks: {
    member_id: string;
    locked_until: Date;
  };
};
