import { useTranslation } from 'react-i18next';

/** The risk level of plinko or keno, as radio chips (low, medium, high). */
export function RiskChoice<R extends string>({
  value,
  onChange,
  disabled,
  risks,
}: {
  value: R;
  onChange: (risk: R) => void;
  disabled: boolean;
  risks: readonly R[];
}) {
  const { t } = useTranslation('inhouse');
  return (
    <div className="ih-chips" role="radiogroup" aria-label={t('originals.risk')}>
      {risks.map((r) => (
        <button
          key={r}
          type="button"
          role="radio"
          aria-checked={value === r}
          className={`ih-chip${value === r ? ' is-active' : ''}`}
          onClick={() => onChange(r)}
          disabled={disabled}
          data-testid={`risk-${r}`}
        >
          {t(`originals.risks.${r}`)}
        </button>
      ))}
    </div>
  );
}
