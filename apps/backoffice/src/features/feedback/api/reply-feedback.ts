import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { feedbackQueueKey } from './feedback-queue';

export type ReplyFeedbackInput = { id: string; reply: string };

/** POST /ops/feedback/:id/reply (messages.write): the one answer the player reads; audited. */
export function replyFeedback({ id, reply }: ReplyFeedbackInput): Promise<boolean> {
  return opsRequest<boolean>(`/ops/feedback/${encodeURIComponent(id)}/reply`, { method: 'POST', body: { reply } });
}

export function useReplyFeedback(successText: (input: ReplyFeedbackInput) => string) {
  return useOpsMutation({
    mutationFn: replyFeedback,
    invalidates: [feedbackQueueKey],
    successText: (_done, input) => successText(input),
  });
}
