import { z } from 'zod';
import { bankCodeSchema, saveBankBodySchema, type OpsBank } from '@wps/shared/schemas/banks';
import { checkedBy } from './form-fields';

/** The body and the path of PUT /ops/banks/:bankCode, checked by the shared schemas as the server checks them. */
const bankRequestSchema = saveBankBodySchema.extend({ bankCode: bankCodeSchema });

/**
 * The bank dialog's form. Its fields carry the API's names (`bankCode` is the path's), so the shared
 * schemas and the server's VALIDATION_FAILED answer both report on the field the operator typed in.
 * Every field is checked in one pass, so the operator sees all the refusals at once. `takenCodes`
 * are the banks already listed: a new bank with one of their codes would rename that bank (the call
 * adds or renames), so the form refuses it.
 */
export function bankFormSchema(takenCodes: readonly string[] = []) {
  return z
    .object({
      bankCode: z.string(),
      name: z.string(),
      sortOrder: z.string(),
      reason: z.string(),
    })
    .transform(({ bankCode, sortOrder, ...rest }, ctx) => {
      const code = bankCode.trim();
      if (takenCodes.includes(code)) ctx.addIssue({ code: 'custom', path: ['bankCode'], message: BANK_CODE_TAKEN });
      // Empty: a new bank goes last, an existing one keeps its place. Text that is no whole number
      // goes on as NaN, which the shared schema refuses under the field.
      const order = sortOrder.trim();
      const typedOrder = order === '' ? undefined : /^-?\d{1,6}$/.test(order) ? Number(order) : Number.NaN;
      return checkedBy(bankRequestSchema)({ ...rest, bankCode: code, sortOrder: typedOrder }, ctx);
    });
}

/** The message of the "already listed" issue, told apart from a code the pattern refuses. */
export const BANK_CODE_TAKEN = 'taken';

export type BankFormSchema = ReturnType<typeof bankFormSchema>;
export type BankFormValues = z.input<BankFormSchema>;
export type BankField = keyof BankFormValues;

/** The fields the form shows an error under (server answers name the same ones). */
export const BANK_FIELDS: readonly BankField[] = ['bankCode', 'name', 'sortOrder', 'reason'];

/** The form's starting values: the bank's own, or an empty new bank. */
export function bankFormValues(bank: OpsBank | null): BankFormValues {
  return bank
    ? { bankCode: bank.code, name: bank.name, sortOrder: String(bank.sortOrder), reason: '' }
    : { bankCode: '', name: '', sortOrder: '', reason: '' };
}
