import { z } from 'zod';
import { parseMajor } from '@wps/shared/money';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/**
 * The transfer-to-downline form's rule: the shared typed-amount rule in the player's locale, more
 * than zero and at most the agent's main wallet; the payment password present. Out: the amount in
 * minor units. Amount reasons: 'required', 'format', 'zero', 'balance'; the password's: 'required'.
 */
export function createDownlineTransferSchema({
  scale,
  mainWallet,
  locale,
}: {
  scale: number;
  mainWallet: string;
  locale: string;
}) {
  const balance = parseMajor(mainWallet, scale);
  return z.object({
    amount: typedAmountSchema(scale, locale).superRefine((minor, ctx) => {
      const reason = minor <= 0n ? 'zero' : minor > balance ? 'balance' : null;
      if (reason) ctx.addIssue({ code: 'custom', params: { reason } });
    }),
    paymentPassword: z.string().superRefine((text, ctx) => {
      if (text.length === 0) ctx.addIssue({ code: 'custom', params: { reason: 'required' } });
    }),
  });
}
