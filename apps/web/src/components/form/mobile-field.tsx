import type { Country } from '@wps/shared/schemas/system';
import { TextField, type TextFieldProps } from '@wps/ui/text-field';
import { CountryCodePicker } from './country-code-picker';
import './form.css';

export type MobileFieldProps = Omit<TextFieldProps, 'leading' | 'type'> & {
  countries: Country[];
  country: Country | undefined;
  onCountryChange: (country: Country) => void;
  /** The showRegisterCountryCode flag: without it the operator's default code is used silently. */
  isPickerShown?: boolean;
};

/** A mobile number input with the dialing-code picker on its left. */
export function MobileField({
  countries,
  country,
  onCountryChange,
  isPickerShown = true,
  ...fieldProps
}: MobileFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={15}
      {...fieldProps}
      leading={
        isPickerShown && country && countries.length > 0 ? (
          <CountryCodePicker countries={countries} value={country.countryCode} onChange={onCountryChange} />
        ) : country ? (
          <span className="form-country__fixed">+{country.countryDialingCode}</span>
        ) : null
      }
    />
  );
}
