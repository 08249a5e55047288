import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Feedback, FeedbackFields } from '@wps/shared/schemas/feedback';
import { apiRequest } from '../../../lib/api-client';
import { MY_FEEDBACK_KEY } from './list-my-feedback';

export type SendFeedbackInput = FeedbackFields & { images: readonly File[] };

/**
 * PUT /wps/feedback (token, multipart): the fields first, then 0–3 images, as the server reads
 * them while streaming (the same FormData path as the withdrawal's not-received proofs).
 */
export function sendFeedback({ questionType, content, images }: SendFeedbackInput): Promise<Feedback> {
  const form = new FormData();
  form.append('questionType', questionType);
  form.append('content', content);
  for (const image of images) form.append('images', image, image.name);
  return apiRequest<Feedback>('/wps/feedback', { method: 'PUT', body: form });
}

/** Sending refreshes "my feedback" below the form. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_FEEDBACK_KEY }),
  });
}
