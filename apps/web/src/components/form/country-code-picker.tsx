import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@wps/shared/schemas/system';
import { COUNTRY_PICKER_CLOSE_DELAY_MS } from '@wps/shared/constants';
import { CountryFlag } from './country-flag';

export type CountryCodePickerProps = {
  countries: Country[];
  /** The selected country code (ISO 3166 alpha-2). */
  value: string;
  onChange: (country: Country) => void;
};

/**
 * Country names in the site's language ("Brasil" under PT): the server's list names them in English,
 * which a screen reader read out in a Portuguese page. The English name where the browser has none.
 */
function countryNamer(language: string): (country: Country) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (country) => names?.of(country.countryCode) ?? country.name;
}

/**
 * The dialing-code picker left of a mobile input: opens on focus, closes 200 ms after
 * focus leaves it (so a click on an option still lands), and shows the flag of the country.
 */
export function CountryCodePicker({ countries, value, onChange }: CountryCodePickerProps) {
  const { t, i18n } = useTranslation('auth');
  const nameOf = countryNamer(i18n.language);
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const closeTimer = useRef<number | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const selected = countries.find((c) => c.countryCode === value) ?? countries[0];

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function open() {
    window.clearTimeout(closeTimer.current);
    setFilter('');
    setIsOpen(true);
  }

  const query = filter.trim().toLowerCase().replace(/^\+/, '');
  const shown = query
    ? countries.filter(
        (c) =>
          nameOf(c).toLowerCase().includes(query) ||
          c.countryDialingCode.startsWith(query) ||
          c.countryCode.toLowerCase() === query,
      )
    : countries;

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setIsOpen(false), COUNTRY_PICKER_CLOSE_DELAY_MS);
  }

  function choose(country: Country) {
    onChange(country);
    setIsOpen(false);
    triggerRef.current?.focus();
    // Focus returning to the trigger would reopen the list; keep it closed after a choice.
    window.setTimeout(() => setIsOpen(false), 0);
  }

  // Escape is handled on each control (not on the wrapper, which is no control of its own).
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      triggerRef.current?.focus();
      window.setTimeout(() => setIsOpen(false), 0);
    }
  }

  if (!selected) return null;
  return (
    <div className="form-country" onBlur={handleBlur}>
      <button
        ref={triggerRef}
        type="button"
        className="form-country__trigger"
        aria-expanded={isOpen}
        aria-controls={listId}
        onKeyDown={handleKeyDown}
        aria-label={t('fields.countryCodeValue', { country: nameOf(selected), code: selected.countryDialingCode })}
        onFocus={() => {
          if (!isOpen) open();
        }}
        onClick={() => (isOpen ? setIsOpen(false) : open())}
      >
        <CountryFlag countryCode={selected.countryCode} />
        <span className="form-country__code">+{selected.countryDialingCode}</span>
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {isOpen ? (
        <div id={listId} className="form-country__popup">
          <input
            type="search"
            className="form-country__search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={handleKeyDown}
            aria-label={t('fields.countrySearch')}
            placeholder={t('fields.countrySearch')}
            autoComplete="off"
          />
          <ul className="form-country__list" aria-label={t('fields.countryCode')}>
            {shown.map((country) => (
              <li key={country.countryCode}>
                <button
                  type="button"
                  className="form-country__option"
                  aria-current={country.countryCode === selected.countryCode ? 'true' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onKeyDown={handleKeyDown}
                  onClick={() => choose(country)}
                >
                  <CountryFlag countryCode={country.countryCode} />
                  <span className="form-country__name">{nameOf(country)}</span>
                  <span className="form-country__code">+{country.countryDialingCode}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
