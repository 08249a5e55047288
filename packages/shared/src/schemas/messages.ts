import { z } from 'zod';
import { NOTICE_KINDS } from '../messages-constants';

// Defined without zod in messages-constants (the web imports it there); re-exported for the server.
export { NOTICE_KINDS };

/** GET /wps/messages */
export const noticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type NoticeListQuery = z.input<typeof noticeListQuerySchema>;

/** One notice: the web builds the text from kind + params in the player's language. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListResultSchema = z.object({
  list: z.array(noticeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  unreadCount: z.number().int(),
});
export type NoticeListResult = z.infer<typeof noticeListResultSchema>;

/** POST /wps/messages/read: the given ids, or every unread notice when `ids` is absent. */
export const markNoticesReadBodySchema = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(100)
    .optional(),
});
export type MarkNoticesReadBody = z.infer<typeof markNoticesReadBodySchema>;

export const markNoticesReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type MarkNoticesReadResult = z.infer<typeof markNoticesReadResultSchema>;
