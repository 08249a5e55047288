import { useTranslation } from 'react-i18next';
import { useFormatMoney, minorToDecimal } from '../../../lib/money';

/** Stake levels offered, in minor units; the game's minimum, maximum and step filter them. */
const LEVELS = [
  10n,
  20n,
  50n,
  100n,
  200n,
  500n,
  1_000n,
  2_000n,
  5_000n,
  10_000n,
  20_000n,
  50_000n,
  100_000n,
  500_000n,
  1_000_000n,
];

/** The stakes a game accepts from this list (always at least its minimum). */
export function stakeLevels(min: bigint, max: bigint, step: bigint): bigint[] {
  const levels = LEVELS.filter((l) => l >= min && l <= max && l % step === 0n);
  return levels.length && levels[0] === min ? levels : [min, ...levels.filter((l) => l > min)];
}

type StakePickerProps = {
  value: bigint;
  levels: bigint[];
  currency: string;
  scale: number;
  disabled?: boolean;
  onChange: (value: bigint) => void;
};

/** Stake in minor units, stepped through the allowed levels with − and +. */
export function StakePicker({ value, levels, currency, scale, disabled, onChange }: StakePickerProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const index = Math.max(0, levels.indexOf(value));
  return (
    <div className="ih-stake" role="group" aria-label={t('stake.label')}>
      <button
        type="button"
        className="ih-stake__step"
        onClick={() => onChange(levels[index - 1]!)}
        disabled={disabled || index === 0}
        aria-label={t('stake.decrease')}
      >
        −
      </button>
      <div className="ih-stake__value">
        <span className="ih-stake__caption">{t('stake.label')}</span>
        <output className="amount" data-testid="inhouse-stake">
          {format(minorToDecimal(value.toString(), scale), { currency, scale })}
        </output>
      </div>
      <button
        type="button"
        className="ih-stake__step"
        onClick={() => onChange(levels[index + 1]!)}
        disabled={disabled || index >= levels.length - 1}
        aria-label={t('stake.increase')}
      >
        +
      </button>
    </div>
  );
}
