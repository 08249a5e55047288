import { parseMajor } from '@wps/shared/money';
import { limitedAmountSchema } from '../../components/form/amount-rule';
import { createWithdrawalBodySchema, type WithdrawInfo } from '@wps/shared/schemas/withdrawal';

/**
 * The withdrawal form's rule: the shared typed-amount rule in the player's locale, as the deposit
 * form uses it (so "50,00" is fifty in pt-BR), then the operator's limits and the withdrawable balance; the bank
 * account and payment password as the request body schema has them. Out: the amount in minor
 * units. Amount reasons: 'required', 'format', 'min', 'max', 'balance'.
 */
export function createWithdrawFormSchema(
  info: Pick<WithdrawInfo, 'scale' | 'minAmount' | 'maxAmount' | 'withdrawableMinor'>,
  locale: string,
) {
  const min = parseMajor(info.minAmount, info.scale);
  const max = parseMajor(info.maxAmount, info.scale);
  const balance = BigInt(info.withdrawableMinor);
  return createWithdrawalBodySchema.pick({ bankAccountId: true, paymentPassword: true }).extend({
    amount: limitedAmountSchema(info.scale, locale, (minor) =>
      minor < min ? 'min' : minor > max ? 'max' : minor > balance ? 'balance' : null,
    ),
  });
}
