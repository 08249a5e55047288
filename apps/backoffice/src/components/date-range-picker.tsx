import { useId, useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { enUS, ptBR } from 'react-day-picker/locale';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { localeTag } from '../lib/i18n';
import { COMMON_TIME_ZONES, setTimeZone, useTimeZone } from '../lib/time-zone';
import {
  RANGE_PRESETS,
  presetDays,
  presetOf,
  toDays,
  toInstants,
  type DayRange,
  type InstantRange,
} from '../lib/zoned-days';

/** A calendar day string as a local Date, only for the calendar's display (days have no zone). */
function toCalendarDate(day: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

function fromCalendarDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export type DateRangePickerProps = {
  /** The chosen range as instants (what the server filters by), or null for "any time". */
  value: InstantRange | null;
  onChange: (range: InstantRange) => void;
  /** The group's name, e.g. "Period". */
  label: string;
};

/**
 * A period in the operator's time zone: Today / Yesterday / Last 7 days / Last 30 days, or two
 * days picked in a calendar. It hands the server ISO instants: `from` the start of the first
 * day, `to` the start of the day after the last (exclusive), both in the chosen zone.
 */
export function DateRangePicker({ value, onChange, label }: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | undefined>(undefined);
  const days = value ? toDays(value, timeZone) : null;
  const preset = days ? presetOf(days, timeZone) : null;
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' });
  const showDay = (day: string) => dates.format(new Date(`${day}T00:00:00Z`));
  const choose = (range: DayRange) => onChange(toInstants(range, timeZone));

  return (
    <fieldset className="date-range">
      <legend className="field__label">{label}</legend>
      <div className="date-range__presets">
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={preset === p ? 'primary' : 'secondary'}
            aria-pressed={preset === p}
            onClick={() => choose(presetDays(p, timeZone))}
          >
            {t(`dateRange.presets.${p}`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant={days && !preset ? 'primary' : 'secondary'}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => setOpen((o) => !o)}
        >
          {t('dateRange.custom')}
        </Button>
      </div>
      <p className="date-range__summary" aria-live="polite">
        {days ? t('dateRange.summary', { from: showDay(days.from), to: showDay(days.to) }) : t('dateRange.any')}
      </p>
      {open && (
        <div id={`${id}-calendar`} className="date-range__calendar">
          <DayPicker
            mode="range"
            locale={i18n.language === 'pt' ? ptBR : enUS}
            numberOfMonths={1}
            selected={draft ?? (days ? { from: toCalendarDate(days.from), to: toCalendarDate(days.to) } : undefined)}
            onSelect={setDraft}
            disabled={{ after: toCalendarDate(presetDays('today', timeZone).to) }}
          />
          <div className="actions">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(undefined);
                setOpen(false);
              }}
            >
              {t('cancel')}
            </Button>
            <Button
              size="sm"
              disabled={!draft?.from}
              onClick={() => {
                if (!draft?.from) return;
                const from = fromCalendarDate(draft.from);
                choose({ from, to: draft.to ? fromCalendarDate(draft.to) : from });
                setDraft(undefined);
                setOpen(false);
              }}
            >
              {t('dateRange.apply')}
            </Button>
          </div>
        </div>
      )}
      <label className="date-range__zone">
        <span>{t('dateRange.timeZone')}</span>
        <select
          value={timeZone}
          onChange={(e) => {
            // The same days, read in the new zone.
            setTimeZone(e.target.value);
            if (days) onChange(toInstants(days, e.target.value));
          }}
        >
          {[...new Set([timeZone, ...COMMON_TIME_ZONES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
