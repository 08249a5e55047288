import type { OpsPlatformMessage } from '@wps/shared/schemas/platform-messages';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { messagesKey } from './message-list';

export type WithdrawMessageInput = { id: string; reason: string };

/** POST /ops/messages/:id/withdraw (inbox.write): out of every inbox (a scheduled one never goes out); audited with the reason. */
export function withdrawMessage({ id, reason }: WithdrawMessageInput): Promise<OpsPlatformMessage> {
  return opsRequest<OpsPlatformMessage>(`/ops/messages/${encodeURIComponent(id)}/withdraw`, {
    method: 'POST',
    body: { reason },
  });
}

export function useWithdrawMessage(successText: (message: OpsPlatformMessage) => string) {
  return useOpsMutation({ mutationFn: withdrawMessage, invalidates: [messagesKey], successText });
}
