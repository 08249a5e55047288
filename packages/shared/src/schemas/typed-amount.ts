import { z } from 'zod';
import { parseMajor } from '../money';

/**
 * A money amount as a player types it into a form: "50", "50.5" or "50,50". Portuguese writes a
 * decimal comma, so the comma is taken as the decimal point; there are no thousands separators.
 * The bounds are those of the wire format (majorAmountSchema: 15 whole digits, 8 decimals), and
 * the decimals may not exceed the currency's scale. Exact: the result is minor units, never a
 * float. Null when the text is not such an amount.
 */
export function parseTypedAmount(text: string, scale: number): bigint | null {
  const match = /^(\d{1,15})(?:[.,](\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  return parseMajor(fraction ? `${whole}.${fraction}` : whole, scale);
}

/**
 * Form rules report a custom issue without a message and with `params.reason` (plus the numbers
 * the text needs), so each form words it in the player's language.
 */
export type FormIssueParams = { reason: string } & Record<string, unknown>;

/**
 * The amount field of a money form (deposit, withdrawal, transfer): the typed text in, exact
 * minor units out. Reasons: 'required' (empty) and 'format' (with `scale`). The form adds its
 * own limits (minimum, maximum, balance) on the minor units.
 */
export function typedAmountSchema(scale: number) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', params: { reason: 'required' } satisfies FormIssueParams });
      return z.NEVER;
    }
    const minor = parseTypedAmount(text, scale);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', params: { reason: 'format', scale } satisfies FormIssueParams });
      return z.NEVER;
    }
    return minor;
  });
}
