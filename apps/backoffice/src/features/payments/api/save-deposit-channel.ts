import type { z } from 'zod';
import type { depositChannelInputSchema, OpsDepositChannel } from '@wps/shared/schemas/deposit';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { depositChannelsKey } from './deposit-channels';

/** The body of the call, as the shared schema reads it (amounts in minor-unit strings). */
export type SaveDepositChannelInput = z.input<typeof depositChannelInputSchema>;

/**
 * PUT /ops/deposit-channels (payments.write): with `id` it replaces that channel (an enable or
 * disable is the same call with `enabled` flipped), without it creates one; audited with the reason.
 */
export function saveDepositChannel(input: SaveDepositChannelInput): Promise<OpsDepositChannel> {
  return opsRequest<OpsDepositChannel>('/ops/deposit-channels', { method: 'PUT', body: input });
}

/** Refreshes the channel list (players read the channels straight from the database, nothing else to evict). */
export function useSaveDepositChannel(
  successText: (channel: OpsDepositChannel, input: SaveDepositChannelInput) => string,
) {
  return useOpsMutation({ mutationFn: saveDepositChannel, invalidates: [depositChannelsKey], successText });
}
