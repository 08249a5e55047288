import type { ColumnType, Generated } from 'kysely';
import type { AmlCaseStatus, AmlCaseTrigger, AmlRating } from '@wps/shared/schemas/aml';

type Json = ColumnType<unknown, string, string>;
type JsonDefault = ColumnType<unknown, string | undefined, string>;

/** Anti-money laundering (migration 0640): players' PEP status and rating, the case queue, the sandboxes' tables. */
export type AmlTables = {
  aml_players: {
    member_id: string;
    is_pep: boolean | null;
    pep_role: string | null;
    pep_checked_at: Date | null;
    rating: Generated<AmlRating>;
    points: Generated<number>;
    reasons: JsonDefault;
    rated_at: Date | null;
  };
  aml_cases: {
    id: Generated<string>;
    member_id: string;
    trigger: AmlCaseTrigger;
    status: Generated<AmlCaseStatus>;
    summary: string;
    opening_reasons: JsonDefault;
    opened_by: string | null;
    opened_at: Generated<Date>;
    updated_at: Generated<Date>;
    assignee_id: string | null;
    narrative: string | null;
    proposed_by: string | null;
    proposed_at: Date | null;
    approved_by: string | null;
    approved_at: Date | null;
    report: ColumnType<unknown, string | null | undefined, string | null>;
    sender: string | null;
    protocol: string | null;
    filed_at: Date | null;
    dismissed_by: string | null;
    dismissed_at: Date | null;
    dismiss_reason: string | null;
  };
  aml_case_notes: {
    id: Generated<string>;
    case_id: string;
    operator_id: string;
    body: string;
    created_at: Generated<Date>;
  };
  aml_pep_sandbox: {
    id: Generated<string>;
    cpf: string;
    role: string;
    added_by: string | null;
    added_at: Generated<Date>;
  };
  aml_coaf_sandbox: {
    id: Generated<string>;
    idempotency_key: string;
    protocol: string;
    report: Json;
    received_at: Generated<Date>;
  };
};
