import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Feedback } from '@wps/shared/schemas/feedback';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/feedback (token): the player's last 50, newest first, with the operator's answer. */
export function listMyFeedback(): Promise<{ list: Feedback[] }> {
  return apiRequest<{ list: Feedback[] }>('/wps/feedback');
}

/** Under ['member'], so logout forgets it; sending feedback invalidates this prefix. */
export const MY_FEEDBACK_KEY = ['member', 'feedback'] as const;

export function myFeedbackQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...MY_FEEDBACK_KEY, token],
    queryFn: listMyFeedback,
    enabled: token !== null,
  });
}

/** "My feedback" under the form. */
export function useMyFeedback() {
  return useQuery(myFeedbackQueryOptions(useToken()));
}
