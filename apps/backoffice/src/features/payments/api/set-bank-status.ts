import type { BankStatusBody, OpsBank } from '@wps/shared/schemas/banks';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { banksKey } from './banks';

export type SetBankStatusInput = BankStatusBody & { bankCode: string };

/**
 * PUT /ops/banks/:bankCode/status (payments.write): a disabled bank is no longer offered to players
 * for new accounts (bound ones keep it); audited with the reason.
 */
export function setBankStatus({ bankCode, ...body }: SetBankStatusInput): Promise<OpsBank> {
  return opsRequest<OpsBank>(`/ops/banks/${encodeURIComponent(bankCode)}/status`, { method: 'PUT', body });
}

export function useSetBankStatus(successText: (bank: OpsBank) => string) {
  return useOpsMutation({ mutationFn: setBankStatus, invalidates: [banksKey], successText });
}
