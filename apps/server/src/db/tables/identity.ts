import type { Generated } from 'kysely';

/** Why the regulator's list bars a CPF (Law 14.790/2023 art. 26; docs/compliance.md, "Barred persons"). */
export type BarredReason = 'minor' | 'self_excluded' | 'court_order' | 'role' | 'social_benefit';
/** Which check found a CPF barred: at sign-up, at the first login of an operator day, or the 15-day sweep. */
export type BarredCheckKind = 'signup' | 'login' | 'sweep';
/** A sign-up hit is 'refused' (no account); a member's hit is 'open' until its balance is settled. */
export type BarredHitStatus = 'refused' | 'open' | 'settled';

/** Players' national identities (migration 0320; docs/compliance.md, "Identity") and the barred-persons checks (migration 0321). */
export type IdentityTables = {
  member_identities: {
    member_id: string;
    cpf: string;
    /** Written as 'YYYY-MM-DD'; read it as text (`to_char(birth_date, 'YYYY-MM-DD')`): both drivers turn a date into a local-midnight Date. */
    birth_date: string;
    full_name: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** The operator day ('YYYY-MM-DD') the CPF was last found clear at login; read it as text. */
    barred_checked_on: string | null;
  };
  barred_list_sandbox: {
    id: Generated<string>;
    cpf: string;
    reason: BarredReason;
    note: string | null;
    added_by: string | null;
    added_at: Generated<Date>;
  };
  barred_hits: {
    id: Generated<string>;
    member_id: string | null;
    cpf: string;
    reason: BarredReason;
    check_kind: BarredCheckKind;
    check_day: string;
    checked_at: Generated<Date>;
    status: BarredHitStatus;
    settled_by: string | null;
    settled_at: Date | null;
    settlement_note: string | null;
  };
};
