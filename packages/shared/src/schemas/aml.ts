import { z } from 'zod';
import { monitoringRuleSchema } from './monitoring';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

/**
 * Anti-money-laundering basics (docs/compliance.md, "Anti-money laundering"; Portaria SPA/MF
 * 1.143/2024): politically exposed person (PEP) screening, a risk rating per player from the
 * behaviour-monitoring signals and the PEP status, and a case queue whose filed cases are reported
 * to COAF (the report's fields are `amlCoafReportSchema`; the sending is a provider interface).
 */

const id = z.string().regex(/^\d{1,19}$/);
const cpfInput = z.string().trim().min(11).max(14);

export const AML_RATINGS = ['low', 'medium', 'high'] as const;
export const amlRatingSchema = z.enum(AML_RATINGS);
export type AmlRating = z.infer<typeof amlRatingSchema>;

/**
 * A player's PEP status: `clear` (the provider answered "not a PEP"), `pep`, `unscreened` (the
 * provider could not be asked; the next sweep asks again) or `no_identity` (no CPF to ask about).
 */
export const AML_PEP_STATUSES = ['clear', 'pep', 'unscreened', 'no_identity'] as const;
export const amlPepStatusSchema = z.enum(AML_PEP_STATUSES);
export type AmlPepStatus = z.infer<typeof amlPepStatusSchema>;

/** One reason behind a rating: the PEP status, or a monitoring rule's flags in the look-back window. */
export const amlReasonSchema = z.object({
  kind: z.enum(['pep', 'signal']),
  /** The monitoring rule (signals only). */
  rule: monitoringRuleSchema.nullable(),
  /** How many flags of the rule (1 for the PEP status). */
  count: z.number().int(),
  /** What it adds to the score (docs/compliance.md, "Anti-money laundering"). */
  points: z.number().int(),
  /** The PEP's role as the provider named it; null otherwise. */
  detail: z.string().nullable(),
});
export type AmlReason = z.infer<typeof amlReasonSchema>;

/** A player's rating with its reasons (GET /ops/aml/players/:memberId). */
export const amlPlayerSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  rating: amlRatingSchema,
  points: z.number().int(),
  reasons: z.array(amlReasonSchema),
  pep: amlPepStatusSchema,
  pepRole: z.string().nullable(),
  pepCheckedAt: z.string().nullable(),
  /** When the rating was last computed; null when it never was (a player with nothing to rate is low). */
  ratedAt: z.string().nullable(),
});
export type AmlPlayer = z.infer<typeof amlPlayerSchema>;
export const amlMemberParamsSchema = z.object({ memberId: id });

/**
 * A case's life: `open` → `under_review` (an operator took it) → `awaiting_approval` (a filing
 * proposed with its narrative) → `filed` (a second operator approved and the report was sent) or
 * back to `under_review` (the proposal refused); `open` or `under_review` → `dismissed`.
 */
export const AML_CASE_STATUSES = ['open', 'under_review', 'awaiting_approval', 'filed', 'dismissed'] as const;
export const amlCaseStatusSchema = z.enum(AML_CASE_STATUSES);
export type AmlCaseStatus = z.infer<typeof amlCaseStatusSchema>;

/** Why a case was opened: a PEP found, the rating turned high, an in-and-out signal, or an operator. */
export const AML_CASE_TRIGGERS = ['pep', 'high_risk', 'signal', 'operator'] as const;
export const amlCaseTriggerSchema = z.enum(AML_CASE_TRIGGERS);
export type AmlCaseTrigger = z.infer<typeof amlCaseTriggerSchema>;

export const amlCaseSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  trigger: amlCaseTriggerSchema,
  status: amlCaseStatusSchema,
  summary: z.string(),
  /** The player's rating now. */
  rating: amlRatingSchema,
  assigneeId: z.string().nullable(),
  assignee: z.string().nullable(),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
  notes: z.number().int(),
});
export type AmlCase = z.infer<typeof amlCaseSchema>;

export const amlCaseNoteSchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operator: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type AmlCaseNote = z.infer<typeof amlCaseNoteSchema>;

/** The filing: proposed by one operator, approved by another, sent with the protocol COAF gave. */
export const amlFilingSchema = z.object({
  narrative: z.string(),
  /** The proposer's operator id (the back office offers them no approval) and username. */
  proposedById: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The sender that took the report (`sandbox` outside production). */
  sender: z.string().nullable(),
  protocol: z.string().nullable(),
  filedAt: z.string().nullable(),
});
export type AmlFiling = z.infer<typeof amlFilingSchema>;

export const amlCaseDetailSchema = amlCaseSchema.extend({
  player: amlPlayerSchema,
  /** The rating's reasons when the case was opened (the player's reasons now are under `player`). */
  openingReasons: z.array(amlReasonSchema),
  noteList: z.array(amlCaseNoteSchema),
  filing: amlFilingSchema.nullable(),
  dismissal: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export type AmlCaseDetail = z.infer<typeof amlCaseDetailSchema>;
export const amlCaseParamsSchema = z.object({ id });

/** GET /ops/aml/cases: newest first, by status, trigger, the player's rating or the player. */
export const amlCaseListQuerySchema = opsListQuerySchema(['opened'] as const).extend({
  status: amlCaseStatusSchema.optional(),
  trigger: amlCaseTriggerSchema.optional(),
  rating: amlRatingSchema.optional(),
  memberId: id.optional(),
});
export type AmlCaseListQuery = z.infer<typeof amlCaseListQuerySchema>;
export const amlCasePageSchema = opsPageSchema(amlCaseSchema);
export type AmlCasePage = z.infer<typeof amlCasePageSchema>;

/** POST /ops/aml/cases: an operator opens a case on a player, saying why. */
export const openAmlCaseBodySchema = z.object({ memberId: id, summary: opsReasonSchema }).strict();
export type OpenAmlCaseBody = z.infer<typeof openAmlCaseBodySchema>;

/** POST /ops/aml/cases/:id/notes */
export const amlNoteBodySchema = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
export type AmlNoteBody = z.infer<typeof amlNoteBodySchema>;

/** POST /ops/aml/cases/:id/dismiss and /reject-filing: why (audited). */
export const amlReasonBodySchema = z.object({ reason: opsReasonSchema }).strict();
export type AmlReasonBody = z.infer<typeof amlReasonBodySchema>;

/** POST /ops/aml/cases/:id/propose-filing: the narrative the report carries (what was seen, why it is suspicious). */
export const AML_NARRATIVE_MIN_LENGTH = 20;
export const proposeAmlFilingBodySchema = z
  .object({ narrative: z.string().trim().min(AML_NARRATIVE_MIN_LENGTH).max(4000) })
  .strict();
export type ProposeAmlFilingBody = z.infer<typeof proposeAmlFilingBodySchema>;

/** One operation in a COAF report: a deposit or a withdrawal order with its date, amount and method. */
export const amlReportOperationSchema = z.object({
  date: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  /** Major units as a decimal string ("1500.00"); `amountMinor` is the exact figure. */
  amount: z.string(),
  amountMinor: z.string(),
  currency: z.string(),
  /** The deposit channel's kind (pix, bank, …) or, for a withdrawal, the payout account's bank. */
  method: z.string(),
  status: z.string(),
  reference: z.string(),
});
export type AmlReportOperation = z.infer<typeof amlReportOperationSchema>;

const totalsSchema = z.object({ count: z.number().int(), amount: z.string(), amountMinor: z.string() });

/**
 * The COAF communication of a case (docs/compliance.md, "Anti-money laundering", field list read
 * from summaries): who communicates, the person, the operations in the period with their dates,
 * amounts and methods, and the grounds (what opened the case, the rating's reasons and the
 * officer's narrative). A draft until filed; a filed report is the snapshot that was sent.
 */
export const amlCoafReportSchema = z.object({
  format: z.literal('wps-coaf-v1'),
  reference: z.string(),
  status: z.enum(['draft', 'filed']),
  protocol: z.string().nullable(),
  communicant: z.object({ legalName: z.string(), cnpj: z.string(), authorisationNumber: z.string() }),
  person: z.object({
    memberId: z.string(),
    account: z.string(),
    cpf: z.string().nullable(),
    fullName: z.string().nullable(),
    birthDate: z.string().nullable(),
    pep: z.boolean(),
    pepRole: z.string().nullable(),
  }),
  period: z.object({ from: z.string(), to: z.string() }),
  operations: z.array(amlReportOperationSchema),
  totals: z.object({ deposits: totalsSchema, withdrawals: totalsSchema }),
  grounds: z.object({
    trigger: amlCaseTriggerSchema,
    rating: amlRatingSchema,
    reasons: z.array(amlReasonSchema),
    summary: z.string(),
    narrative: z.string().nullable(),
  }),
  detectedAt: z.string(),
  preparedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  generatedAt: z.string(),
});
export type AmlCoafReport = z.infer<typeof amlCoafReportSchema>;

/** POST /ops/aml/sweep: what one sweep did (the daily job's work, at once). */
export const amlSweepResultSchema = z.object({
  screened: z.number().int(),
  peps: z.number().int(),
  rated: z.number().int(),
  opened: z.number().int(),
});
export type AmlSweepResult = z.infer<typeof amlSweepResultSchema>;

/** The sandbox PEP list (GET/POST /ops/aml/pep-sandbox): CPFs testers list as PEPs; the whole CPF never goes back. */
export const amlPepEntrySchema = z.object({
  id: z.string(),
  cpfMasked: z.string(),
  role: z.string(),
  addedAt: z.string(),
});
export type AmlPepEntry = z.infer<typeof amlPepEntrySchema>;
export const amlPepListSchema = z.object({ list: z.array(amlPepEntrySchema), sandbox: z.boolean() });
export const addAmlPepBodySchema = z.object({ cpf: cpfInput, role: z.string().trim().min(2).max(120) }).strict();
export type AddAmlPepBody = z.infer<typeof addAmlPepBodySchema>;
export const amlPepParamsSchema = z.object({ id });
export const removeAmlPepBodySchema = z.object({ note: opsReasonSchema }).strict();
