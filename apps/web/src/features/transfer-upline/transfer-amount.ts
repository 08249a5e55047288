import { parseMajor } from '@wps/shared/money';
import { limitedAmountSchema } from '../../components/form/amount-rule';
import { transferUplineBodySchema } from './api/transfer-upline';

/**
 * The transfer form's rule: the shared typed-amount rule in the player's locale (the deposit and
 * withdrawal forms use it too), more than zero and at most the main wallet; the payment password
 * as the request body schema has it. Out: the amount in minor units. Amount reasons: 'required',
 * 'format', 'zero', 'balance'.
 */
export function createTransferFormSchema(funds: { scale: number; mainWallet: string }, locale: string) {
  const balance = parseMajor(funds.mainWallet, funds.scale);
  return transferUplineBodySchema.pick({ paymentPassword: true }).extend({
    amount: limitedAmountSchema(funds.scale, locale, (minor) =>
      minor <= 0n ? 'zero' : minor > balance ? 'balance' : null,
    ),
  });
}
