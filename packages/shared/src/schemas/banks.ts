import { z } from 'zod';
import { opsReasonSchema } from './ops-list';

/**
 * The operator's bank list: the banks players may bind a withdrawal account at (GET /wps/member/banks
 * offers the enabled ones). The back office's forms, the /ops/banks routes and the ops CLI
 * (`bank:set`) all check a bank with these schemas; the database's CHECK repeats the code pattern.
 */

/** A bank's code: its own number (the COMPE code in Brazil) or any short id; never changes once bound. */
export const BANK_CODE_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
export const BANK_NAME_MAX_LENGTH = 128;
/** Lower shows first in the player's bank select; a bank added without an order goes last. */
export const BANK_SORT_ORDER_MAX = 100_000;
export const BANK_DEFAULT_SORT_ORDER = 1000;

export const bankCodeSchema = z.string().regex(BANK_CODE_PATTERN, 'bank code: 1-16 letters, digits, _ or -');

/**
 * A bank's name as players read it in their select: trimmed, inner whitespace (line breaks too)
 * made one space, 1-128 characters, no control characters.
 */
export const bankNameSchema = z
  .string()
  .transform((text) => text.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1)
      .max(BANK_NAME_MAX_LENGTH)
      .regex(/^[^\p{Cc}]*$/u, 'no control characters'),
  );

export const bankSortOrderSchema = z.number().int().min(0).max(BANK_SORT_ORDER_MAX);

/** PUT /ops/banks/:bankCode and PUT /ops/banks/:bankCode/status. */
export const bankParamsSchema = z.object({ bankCode: bankCodeSchema });

/**
 * PUT /ops/banks/:bankCode: add the bank (enabled) or rename / reorder it. Without `sortOrder` a
 * new bank goes last (1000) and an existing one keeps its place.
 */
export const saveBankBodySchema = z.object({
  name: bankNameSchema,
  sortOrder: bankSortOrderSchema.optional(),
  reason: opsReasonSchema,
});
export type SaveBankBody = z.input<typeof saveBankBodySchema>;

/** PUT /ops/banks/:bankCode/status: offer the bank for new accounts again, or stop offering it. */
export const bankStatusBodySchema = z.object({ enabled: z.boolean(), reason: opsReasonSchema });
export type BankStatusBody = z.input<typeof bankStatusBodySchema>;

/** A bank as stored (the answer to a change, and the audit log's before and after). */
export const opsBankSchema = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type OpsBank = z.infer<typeof opsBankSchema>;

/** GET /ops/banks: every bank, disabled ones too, with how many players' accounts are bound to it. */
export const opsBankListItemSchema = opsBankSchema.extend({ accountCount: z.number().int() });
export type OpsBankListItem = z.infer<typeof opsBankListItemSchema>;
