import { minorToDecimal, useFormatMoney, type MoneyFormat } from '../../../lib/money';

/** Format integer minor units (the agent calls' amounts) in the operator's currency and the player's language. */
export function useMinorMoney(money: MoneyFormat): (minor: string) => string {
  const format = useFormatMoney();
  return (minor) => format(minorToDecimal(minor, money.scale), money);
}
