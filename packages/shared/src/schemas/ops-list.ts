import { z } from 'zod';

/**
 * The shape every back-office list shares, so one DataTable drives them all: the query names
 * (`page`, `pageSize`, `sort`, `order`, then the list's own filters) and the page answered. The
 * CSV export of a list is the sibling route `<list path>/csv` with the same filters and sort and
 * no page.
 */

/** A reason for a state-changing operator action; it goes to the audit log. */
export const OPS_REASON_MIN_LENGTH = 3;
export const opsReasonSchema = z.string().trim().min(OPS_REASON_MIN_LENGTH).max(500);

/** page / pageSize / sort / order for a list sortable by `sortable` (the first is the default). */
export function opsListQuerySchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultOrder: 'asc' | 'desc' = 'desc',
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.enum(sortable).default(sortable[0]),
    order: z.enum(['asc', 'desc']).default(defaultOrder),
  });
}

/** One page of a list: its rows, how many match in all, and where this page is. */
export function opsPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type OpsPage<T> = { list: T[]; total: number; page: number; pageSize: number; totalPages: number };
