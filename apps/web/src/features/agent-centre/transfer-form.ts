import { z } from 'zod';
import { parseMajor } from '@wps/shared/money';
import { limitedAmountSchema } from '../../components/form/amount-rule';

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
    amount: limitedAmountSchema(scale, locale, (minor) => (minor <= 0n ? 'zero' : minor > balance ? 'balance' : null)),
    paymentPassword: z.string().superRefine((text, ctx) => {
      if (text.length === 0) ctx.addIssue({ code: 'custom', params: { reason: 'required' } });
    }),
  });
}
