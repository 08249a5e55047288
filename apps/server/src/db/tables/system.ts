import type { ColumnType } from 'kysely';

/** jsonb: parsed on read, written as a JSON string so both drivers send the same text. */
type JsonColumn<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Tables owned by the system module (migrations 0001_system.sql, 0005_encryption_keys.sql, 0091_payload_nonces.sql and 0691_demo_installation.sql). */
export type SystemTables = {
  operator_settings: {
    key: string;
    value: JsonColumn<unknown>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  region_cidrs: {
    cidr: string;
    country_code: string;
    note: string | null;
    created_at: CreatedAt;
  };
  encryption_keys: {
    key_id: string;
    public_jwk: JsonColumn<JsonWebKey>;
    private_jwk: JsonColumn<JsonWebKey>;
    created_at: CreatedAt;
    retired_at: Date | null;
  };
  /** Nonces of encrypted bodies inside the replay window (0091_payload_nonces.sql). */
  payload_nonces: {
    nonce: string;
    expires_at: Date;
  };
  /** The demo installation a new database is owed until a server start claims it (0691_demo_installation.sql). */
  demo_installation: {
    singleton: ColumnType<boolean, boolean | undefined, never>;
    state: 'pending' | 'installed';
    created_at: CreatedAt;
    installed_at: Date | null;
  };
};
