import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema } from './ops-list';

const isoInstant = z.iso.datetime({ offset: true });

/**
 * GET /ops/audit and GET /ops/audit/csv: filters, each optional.
 * - `actor`: an operator's username, or a system actor as stored (`ops-cli:<user>`);
 * - `action`: an exact action (`operator.disable`), or every action under a prefix ending in a dot (`operator.`);
 * - `subjectType` and `subjectId`: what was changed (`operator` and its id, `member` and its id, …);
 * - `from` (inclusive) and `to` (exclusive): ISO instants with an offset.
 * Sorted by time (`sort=at`, then id), newest first unless `order=asc`. The list is paged like every
 * back-office list (`page`, `pageSize`); the CSV export streams every matching entry.
 */
export const auditFilterSchema = z.object({
  actor: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  subjectType: z.string().trim().min(1).max(100).optional(),
  subjectId: z.string().trim().min(1).max(200).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_FILTER_KEYS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to'] as const;

function rangeIsOrdered(q: { from?: string | undefined; to?: string | undefined }): boolean {
  return !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
}
const RANGE_MESSAGE = { message: 'from must not be after to', path: ['to'] };

export const auditSearchQuerySchema = opsListQuerySchema(['at'])
  .extend(auditFilterSchema.shape)
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema
  .extend({ sort: z.enum(['at']).default('at'), order: z.enum(['asc', 'desc']).default('desc') })
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** One audit entry with who did it by name (an operator's username, or the system actor as stored). */
export const auditSearchEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.enum(['operator', 'system', 'member']),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditSearchEntry = z.infer<typeof auditSearchEntrySchema>;

/** GET /ops/audit: one page of entries and how many match. */
export const auditSearchPageSchema = opsPageSchema(auditSearchEntrySchema);
export type AuditSearchPage = z.infer<typeof auditSearchPageSchema>;
