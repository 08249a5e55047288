import { z } from 'zod';
import { opsListQuerySchema, opsPageSchema } from './ops-list';

/*
 * Player feedback: a question type, the text and up to three png or jpg images of at most 5 MB
 * each (checked by their bytes), answered once by an operator. The product leaves the text's
 * bounds unstated: 10 to 1,000 characters (docs/decisions.md).
 */

/** The product's support question types. */
export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdrawal',
  'game',
  'customer_service',
  'application',
  'other',
] as const;
export const FEEDBACK_STATUSES = ['open', 'answered'] as const;
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1_048_576;

/** The text fields of PUT /wps/feedback (multipart: these fields, then 0–3 image files). */
export const feedbackFieldsSchema = z.object({
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string().trim().min(FEEDBACK_CONTENT_MIN).max(FEEDBACK_CONTENT_MAX),
});
export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;

/** One feedback as its author sees it, with the operator's answer once there is one. */
export const feedbackSchema = z.object({
  id: z.string(),
  questionType: z.enum(FEEDBACK_QUESTION_TYPES),
  content: z.string(),
  imageCount: z.number().int(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /wps/feedback: the player's feedback, newest first (the last 50). */
export const myFeedbackSchema = z.object({ list: z.array(feedbackSchema) });

export const feedbackImageParamsSchema = z.object({
  id: z.string().regex(/^\d{1,18}$/),
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(FEEDBACK_MAX_IMAGES - 1),
});

/** The back office's view: the author too. */
export const opsFeedbackSchema = feedbackSchema.extend({
  memberId: z.string(),
  account: z.string(),
  repliedBy: z.string().nullable(),
});
export type OpsFeedback = z.infer<typeof opsFeedbackSchema>;
export const opsFeedbackQuerySchema = opsListQuerySchema(['id'], 'asc').extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
});
export type OpsFeedbackQuery = z.infer<typeof opsFeedbackQuerySchema>;
export const opsFeedbackPageSchema = opsPageSchema(opsFeedbackSchema);

/** POST /ops/feedback/:id/reply: the answer the player reads (it is its own reason in the audit log). */
export const feedbackReplyBodySchema = z.object({ reply: z.string().trim().min(1).max(2000) });
