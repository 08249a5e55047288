import { usePermission } from '../../../lib/api/get-permission';
import { formatMoney, minorToDecimal } from '../../../lib/money';
import { useTranslation } from 'react-i18next';

/** The operator's currency and a formatter of minor units in the interface language. */
export function useLotteryMoney() {
  const { i18n } = useTranslation();
  const brand = usePermission().data?.brand;
  const format = { currency: brand?.currency ?? 'BRL', scale: brand?.currencyScale ?? 2 };
  return {
    scale: format.scale,
    /** Minor units ("150") to "R$ 1,50". */
    minor: (minor: string | bigint) => formatMoney(minorToDecimal(String(minor), format.scale), i18n.language, format),
  };
}
