import { DayInput } from '../form/day-input';
import { getQuickRange, type DayRange, type QuickRange } from './date-range';
import './lists.css';

const QUICK: readonly QuickRange[] = ['today', 'last7', 'last30'];

export type DateRangeFilterProps = {
  /** Prefix of the date inputs' ids (unique on the page). */
  idPrefix: string;
  range: DayRange;
  /** The quick range the dates came from, or null once a date was picked by hand. */
  quick: QuickRange | null;
  onChange: (range: DayRange, quick: QuickRange | null) => void;
  /** Texts in the caller's namespace: the quick group's name, each quick range, and the two dates. */
  labels: { quickGroup: string; quick: Record<QuickRange, string>; from: string; to: string };
};

/**
 * Today / last 7 days / last 30 days, then a from and a to date. Two siblings (no wrapper), so
 * the parent's grid places them.
 */
export function DateRangeFilter({ idPrefix, range, quick, onChange, labels }: DateRangeFilterProps) {
  return (
    <>
      <div className="date-range__quick" role="group" aria-label={labels.quickGroup}>
        {QUICK.map((kind) => (
          <button
            key={kind}
            type="button"
            className={`chip${quick === kind ? ' is-active' : ''}`}
            aria-pressed={quick === kind}
            onClick={() => onChange(getQuickRange(kind), kind)}
          >
            {labels.quick[kind]}
          </button>
        ))}
      </div>
      <div className="date-range__dates">
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-from`}>
            {labels.from}
          </label>
          <div className="field__box">
            <DayInput
              id={`${idPrefix}-from`}
              value={range.from}
              max={range.to}
              onChange={(from) => onChange({ ...range, from }, null)}
            />
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-to`}>
            {labels.to}
          </label>
          <div className="field__box">
            <DayInput
              id={`${idPrefix}-to`}
              value={range.to}
              min={range.from}
              onChange={(to) => onChange({ ...range, to }, null)}
            />
          </div>
        </div>
      </div>
    </>
  );
}
