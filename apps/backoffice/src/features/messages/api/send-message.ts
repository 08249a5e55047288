import type { OpsPlatformMessage, PlatformMessageBody } from '@wps/shared/schemas/platform-messages';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { messagesKey } from './message-list';

/**
 * POST /ops/messages (inbox.write): send a message now, or schedule it (sendAt), to every player,
 * a segment or named players. The server sanitises the HTML, refuses names that are not players
 * (MESSAGE_RECIPIENTS_UNKNOWN) and audits the message.
 */
export function sendMessage(body: PlatformMessageBody): Promise<OpsPlatformMessage> {
  return opsRequest<OpsPlatformMessage>('/ops/messages', { method: 'POST', body });
}

export function useSendMessage(successText: (message: OpsPlatformMessage) => string) {
  return useOpsMutation({ mutationFn: sendMessage, invalidates: [messagesKey], successText });
}
