import { useId } from 'react';

/** The value of a list filter that keeps every row ("all"); in the URL like any other value. */
export const ALL = 'all';

/** One labelled drop-down of a list's toolbar (status, type, promotion…). */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter's choices: each value with its label, then "all". */
export function filterOptions(
  values: readonly string[],
  label: (value: string) => string,
  allLabel: string,
): { value: string; label: string }[] {
  return [...values.map((value) => ({ value, label: label(value) })), { value: ALL, label: allLabel }];
}
