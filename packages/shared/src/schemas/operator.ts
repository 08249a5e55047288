import { z } from 'zod';
import { OPS_ROLES } from '../ops-permissions';

export const operatorRoleSchema = z.enum(OPS_ROLES);
export type OperatorRoleName = z.infer<typeof operatorRoleSchema>;

/** A six-digit TOTP code (spaces typed between groups are dropped). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Six digits'));

/** POST /ops/session/login (plain JSON: the back office is not the player site). */
export const operatorLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The authenticator app's current code; required once the operator has enrolled TOTP. */
  code: totpCodeSchema.optional(),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

export const operatorSchema = z.object({
  operatorId: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
});
export type OperatorInfo = z.infer<typeof operatorSchema>;

/**
 * When an operator session ends: `idleExpiresAt` unless used again before it (every call moves
 * it on), `expiresAt` anyway (fixed at sign-in). GET /ops/session/expiry reads them without
 * touching the session; POST /ops/session/touch moves the idle one on.
 */
export const operatorSessionExpirySchema = z.object({
  idleExpiresAt: z.string(),
  expiresAt: z.string(),
});
export type OperatorSessionExpiry = z.infer<typeof operatorSessionExpirySchema>;

/** GET /ops/session/me: the operator and the session's expiry instants (the back office warns before either). */
export const operatorMeSchema = operatorSchema.extend(operatorSessionExpirySchema.shape);
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** A session that passed both factors: POST /ops/session/login or /ops/session/enrol. */
export const operatorSignedInSchema = z.object({
  status: z.literal('signedIn'),
  token: z.string(),
  operator: operatorSchema,
  expiresAt: z.string(),
  /** Wrong codes for this operator, from any address, since their last right one (the operator is told). */
  failedCodesBefore: z.number().int().min(0).optional(),
});
export type OperatorLoginResult = z.infer<typeof operatorSignedInSchema>;

/**
 * The right password from an operator without TOTP: a secret to add to an authenticator app
 * (as the otpauth URI in a QR code, or typed), confirmed with POST /ops/session/enrol. The secret
 * is shown here only; it is never returned again once enrolled.
 */
export const operatorEnrolmentSchema = z.object({
  status: z.literal('enrolmentRequired'),
  enrolmentToken: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  expiresAt: z.string(),
});
export type OperatorEnrolment = z.infer<typeof operatorEnrolmentSchema>;

/** POST /ops/session/login value. */
export const operatorLoginAnswerSchema = z.discriminatedUnion('status', [
  operatorSignedInSchema,
  operatorEnrolmentSchema,
]);
export type OperatorLoginAnswer = z.infer<typeof operatorLoginAnswerSchema>;

/** POST /ops/session/enrol: the enrolment started by a login, confirmed by the first code. */
export const operatorEnrolBodySchema = z.object({
  enrolmentToken: z.string().min(1).max(128),
  code: totpCodeSchema,
});
export type OperatorEnrolBody = z.infer<typeof operatorEnrolBodySchema>;

/** GET /ops/operators (admin): one row. */
export const operatorListItemSchema = operatorSchema.extend({
  status: z.enum(['active', 'disabled']),
  totpEnrolled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Wrong two-factor codes in a row since the last right one (any address), with the last one's time and address: the admins' alert. */
  failedCodes: z
    .object({ count: z.number().int(), lastAt: z.string().nullable(), lastIp: z.string().nullable() })
    .nullable(),
});
export type OperatorListItem = z.infer<typeof operatorListItemSchema>;

/** Why an operator changed something: required on every operator mutation, kept in the audit log. */
export const operatorReasonSchema = z.string().trim().min(3).max(500);

/** POST /ops/operators/:username/totp-reset (admin): the reason goes to the audit log. */
export const operatorTotpResetBodySchema = z.object({
  reason: operatorReasonSchema,
});

/** Operator usernames: a letter, then 2–31 letters, digits, `_`, `.` or `-` (stored lower-case). */
export const operatorUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_.-]{2,31}$/, '3–32 characters: a letter, then letters, digits, _ . -');

/**
 * POST /ops/operators (operators.manage): a new operator. Without `password` one is generated and
 * returned once in the answer (hand it over in person; the operator enrols TOTP at first sign-in).
 */
export const operatorCreateBodySchema = z.object({
  username: operatorUsernameSchema,
  role: operatorRoleSchema,
  password: z.string().min(12).max(128).optional(),
  reason: operatorReasonSchema,
});
export type OperatorCreateBody = z.infer<typeof operatorCreateBodySchema>;

/** POST /ops/operators: the operator, and the generated password (null when one was given). */
export const operatorCreatedSchema = z.object({
  operator: operatorListItemSchema,
  generatedPassword: z.string().nullable(),
});
export type OperatorCreated = z.infer<typeof operatorCreatedSchema>;

/** PUT /ops/operators/:username/status: disable (sessions end) or enable. */
export const operatorStatusBodySchema = z.object({
  status: z.enum(['active', 'disabled']),
  reason: operatorReasonSchema,
});
export type OperatorStatusBody = z.infer<typeof operatorStatusBodySchema>;

/** PUT /ops/operators/:username/role */
export const operatorRoleBodySchema = z.object({
  role: operatorRoleSchema,
  reason: operatorReasonSchema,
});
export type OperatorRoleBody = z.infer<typeof operatorRoleBodySchema>;
export type OperatorTotpResetBody = z.infer<typeof operatorTotpResetBodySchema>;

export const operatorUsernameParamsSchema = z.object({
  username: z.string().trim().min(1).max(64),
});

/** A positive page number and a bounded page size, from a query string. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /ops/audit */
export const auditQuerySchema = pageQuerySchema.extend({
  subjectType: z.string().trim().min(1).max(100).optional(),
  subjectId: z.string().trim().min(1).max(200).optional(),
  action: z.string().trim().min(1).max(100).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.enum(['operator', 'system', 'member']),
  actorId: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The operator's username (an operator actor), the stored name of a system actor; absent where a list does not name them. */
  actorName: z.string().nullable().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /ops/audit: one page, newest first. */
export const auditPageSchema = z.object({
  list: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
