import { z } from 'zod';
import { parseTypedAmount } from '../money';

// The parser lives with the other money conversions; forms import it from here beside the rule.
export { parseTypedAmount };

/**
 * Form rules report a custom issue without a message and with `params.reason` (plus the numbers
 * the text needs), so each form words it in the player's language.
 */
export type FormIssueParams = { reason: string } & Record<string, unknown>;

/**
 * The amount field of a money form (deposit, withdrawal, transfer): the typed text in, exact
 * minor units out, read by `parseTypedAmount` in the player's `locale` ("50,00" in pt-BR).
 * Reasons: 'required' (empty) and 'format' (with `scale`). The form adds its own limits
 * (minimum, maximum, balance) on the minor units.
 */
export function typedAmountSchema(scale: number, locale?: string) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', params: { reason: 'required' } satisfies FormIssueParams });
      return z.NEVER;
    }
    const minor = parseTypedAmount(text, scale, locale);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', params: { reason: 'format', scale } satisfies FormIssueParams });
      return z.NEVER;
    }
    return minor;
  });
}
