import type { Generated } from 'kysely';

/** Players' national identities (migration 0320; docs/compliance.md, "Identity"). */
export type IdentityTables = {
  member_identities: {
    member_id: string;
    cpf: string;
    /** Written as 'YYYY-MM-DD'; read it as text (`to_char(birth_date, 'YYYY-MM-DD')`): both drivers turn a date into a local-midnight Date. */
    birth_date: string;
    full_name: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
};
