import type { OpsBank, SaveBankBody } from '@wps/shared/schemas/banks';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { banksKey } from './banks';

/** The bank's code (the path's `bankCode`) with the body the shared saveBankBodySchema reads. */
export type SaveBankInput = SaveBankBody & { bankCode: string };

/**
 * PUT /ops/banks/:bankCode (payments.write): adds the bank (enabled) or renames it and, when
 * `sortOrder` is sent, moves it; audited with the reason.
 */
export function saveBank({ bankCode, ...body }: SaveBankInput): Promise<OpsBank> {
  return opsRequest<OpsBank>(`/ops/banks/${encodeURIComponent(bankCode)}`, { method: 'PUT', body });
}

/** Refreshes the bank list (players read the banks straight from the database, nothing else to evict). */
export function useSaveBank(successText: (bank: OpsBank) => string) {
  return useOpsMutation({ mutationFn: saveBank, invalidates: [banksKey], successText });
}
