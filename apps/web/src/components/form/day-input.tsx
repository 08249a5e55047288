import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayInput, maskDayInput, parseDayInput } from '@wps/shared/day-input';

export type DayInputProps = {
  id: string;
  /** The day, YYYY-MM-DD. */
  value: string;
  /** Called with a whole, valid day within min and max (YYYY-MM-DD); never with a half-typed one. */
  onChange: (day: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  /** The field may be left empty: clearing it is a change to '' (no day). */
  optional?: boolean;
  className?: string;
};

/**
 * A day field shown dd/mm/aaaa on every device: the browser's date input takes its format from the
 * device's locale, so a phone set to English showed a Brazilian player mm/dd/yyyy. The player types
 * digits (the slashes come by themselves) or pastes a day; a half-typed or impossible one is put
 * back when the field is left.
 */
export function DayInput({
  id,
  value,
  onChange,
  min,
  max,
  optional = false,
  className = 'field__input',
}: DayInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatDayInput(value));
  // A day set from outside (a quick range) replaces what is shown: adjusted while rendering, as React advises.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(formatDayInput(value));
  }
  const accept = (typed: string) => {
    const day = parseDayInput(typed);
    return day !== null && (!min || day >= min) && (!max || day <= max) ? day : null;
  };
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('dayPlaceholder')}
      className={className}
      value={text}
      onChange={(event) => {
        const typed = maskDayInput(event.target.value);
        setText(typed);
        if (optional && typed === '') return onChange('');
        const day = accept(typed);
        if (day !== null && day !== value) onChange(day);
      }}
      onBlur={() => {
        if (accept(text) === null && !(optional && text === '')) setText(formatDayInput(value));
      }}
    />
  );
}
