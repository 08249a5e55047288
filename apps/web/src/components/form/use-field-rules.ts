import { useMemo } from 'react';
import type { Country, RegisterSettings } from '@wps/shared/schemas/system';
import { usePermission } from '../../lib/api/get-permission';
import { useCountries } from '../../lib/api/get-countries';

/**
 * The operator's field rules (pattern id and lengths per field), from the register
 * settings of the permission answer. Registration, password and security-centre forms all check
 * their fields with them; undefined until the permission answer arrives.
 */
export function useFieldRules(): RegisterSettings['validate'] | undefined {
  return usePermission().data?.register.validate;
}

export type DialingCountries = { countries: Country[]; defaultCountry: Country | undefined };

/**
 * The dialing-code list and the default country: the visitor's located country when it is
 * listed, else the first entry (the operator's own country comes first in its list).
 */
export function useDialingCountries(preferredDialingCode?: string): DialingCountries {
  const { data: countries } = useCountries();
  const { data: permission } = usePermission();
  return useMemo(() => {
    const list = countries ?? [];
    const located = permission?.location.country?.toUpperCase();
    const defaultCountry =
      (preferredDialingCode ? list.find((c) => c.countryDialingCode === preferredDialingCode) : undefined) ??
      (located ? list.find((c) => c.countryCode.toUpperCase() === located) : undefined) ??
      list[0];
    return { countries: list, defaultCountry };
  }, [countries, permission, preferredDialingCode]);
}
