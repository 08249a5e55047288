import type { Generated } from 'kysely';
import type { BrState, Gender } from '@wps/shared/registration-details';

/** Why the regulator's list bars a CPF (Law 14.790/2023 art. 26; docs/compliance.md, "Barred persons"). */
export type BarredReason = 'minor' | 'self_excluded' | 'court_order' | 'role' | 'social_benefit';
/** Which check found a CPF barred: at sign-up, at the first login of an operator day, or the 15-day sweep. */
export type BarredCheckKind = 'signup' | 'login' | 'sweep';
/** How a barred member was contacted: the site's inbox notice, or what an operator recorded. */
export type BarredContactChannel = 'inbox' | 'email' | 'sms' | 'phone' | 'other';
/** A sign-up hit is 'refused' (no account); a member's hit is 'open' until its balance is settled. */
export type BarredHitStatus = 'refused' | 'open' | 'settled';

/** Players' national identities (migration 0320; docs/compliance.md, "Identity") and the barred-persons checks (migration 0321). */
export type IdentityTables = {
  member_identities: {
    member_id: string;
    /** Null only once anonymised (migration 0630, `anonymised_at` set): read live identities with `anonymised_at is null`. */
    cpf: string | null;
    /** Written as 'YYYY-MM-DD'; read it as text (`to_char(birth_date, 'YYYY-MM-DD')`): both drivers turn a date into a local-midnight Date. Null once anonymised. */
    birth_date: string | null;
    full_name: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** The operator day ('YYYY-MM-DD') the CPF was last found clear at login; read it as text. */
    barred_checked_on: string | null;
    /** Migration 0630: when LGPD anonymisation removed the CPF, date of birth and KYC name (after the retention). */
    anonymised_at: Date | null;
    /** Migration 0670: the residential address a registration gave (whole or all null; the complement optional). */
    address_street: string | null;
    address_number: string | null;
    address_complement: string | null;
    address_district: string | null;
    address_city: string | null;
    /** The UF code. */
    address_state: BrState | null;
    /** 8 digits. */
    address_cep: string | null;
    gender: Gender | null;
    /** Migration 0670: a registration under a licence that asks for a confirmed contact, not confirmed at sign-up. */
    contact_confirmation_required: Generated<boolean>;
    contact_confirmed_at: Date | null;
    contact_confirmed_by: 'email' | 'sms' | 'registration_sms' | null;
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
    /** Migration 0630: the withdrawal that pays the member's balance back to a PIX key of their own. */
    refund_withdrawal_id: string | null;
    /** Migration 0601: the end of the member's withdrawal window, on the hit that opened it (null on later hits of the episode). */
    withdraw_until: Date | null;
    /** Migration 0601: by when what is left must be paid back to the member. */
    refund_due_at: Date | null;
  };
  /** Migration 0601: every contact made with a barred member about a hit (the inbox notice, and what operators record). */
  barred_hit_contacts: {
    id: Generated<string>;
    hit_id: string;
    channel: BarredContactChannel;
    content: string;
    contacted_at: Date;
    /** The operator who recorded it; null for the site's own notice. */
    recorded_by: string | null;
    recorded_at: Generated<Date>;
  };
};
