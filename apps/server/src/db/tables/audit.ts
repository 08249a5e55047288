import type { ColumnType, Generated } from 'kysely';

/** The audit log's hash chain (migration 0340; docs/compliance.md, "Records, audit and reports"). Written only by its trigger. */
export type AuditTables = {
  audit_chain: {
    seq: ColumnType<string, never, never>;
    entry_id: ColumnType<string, never, never>;
    prev_hash: ColumnType<Buffer | Uint8Array, never, never>;
    hash: ColumnType<Buffer | Uint8Array, never, never>;
    sealed_at: Generated<Date>;
  };
  audit_chain_head: {
    singleton: ColumnType<boolean, never, never>;
    seq: ColumnType<string, never, never>;
    hash: ColumnType<Buffer | Uint8Array, never, never>;
  };
  /** One HMAC seal per link under AUDIT_CHAIN_KEY (migration 0485), written by the server's sealing job. */
  audit_chain_seals: {
    seq: ColumnType<string, string, never>;
    key_id: ColumnType<string, string, never>;
    mac: ColumnType<Buffer | Uint8Array, Buffer, never>;
    sealed_at: Generated<Date>;
  };
};
