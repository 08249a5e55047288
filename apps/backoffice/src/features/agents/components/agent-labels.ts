import { useTranslation } from 'react-i18next';

/** An account type in words ("Agente (salário)", "Membro"); an unknown number as itself. */
export function useTypeLabel(): (type: number) => string {
  const { t } = useTranslation('agents');
  return (type) => t(`types.${type}`, { defaultValue: String(type) });
}

/** A rate in basis points as a percentage in the interface language (60 → "0,60 %"). */
export function useRateLabel(): (rateBp: number) => string {
  const { i18n } = useTranslation();
  return (rateBp) =>
    new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(rateBp / 10_000);
}
