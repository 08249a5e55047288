import { z } from 'zod';

export const operatorRoleSchema = z.enum(['finance', 'support', 'admin']);
export type OperatorRoleName = z.infer<typeof operatorRoleSchema>;

/** POST /ops/session/login (plain JSON: the back office is not the player site). */
export const operatorLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export type OperatorLoginBody = z.infer<typeof operatorLoginBodySchema>;

export const operatorSchema = z.object({
  operatorId: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
});
export type OperatorInfo = z.infer<typeof operatorSchema>;

/** POST /ops/session/login value. */
export const operatorLoginResultSchema = z.object({
  token: z.string(),
  operator: operatorSchema,
  expiresAt: z.string(),
});
export type OperatorLoginResult = z.infer<typeof operatorLoginResultSchema>;

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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
