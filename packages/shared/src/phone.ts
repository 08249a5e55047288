import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * Phone numbers in one form: parsed with libphonenumber-js, stored and compared as
 * E.164 (`+5511975603901`), and accepted only for the operator's listed countries. Web and server
 * both use these helpers, so a number the form accepts is the number the server stores.
 */

/** A listed country, as GET /wps/system/country returns it. */
export type PhoneCountry = { countryCode: string; countryDialingCode: string };

export type NormalisedPhone = {
  /** `+` then country calling code then national significant number. */
  e164: string;
  /** Country calling code, digits only (`55`). */
  dialingCode: string;
  /** National significant number: no trunk prefix, no formatting (`11975603901`). */
  nationalNumber: string;
  /** ISO 3166-1 alpha-2 country of the number (`BR`). */
  countryCode: string;
};

/** Digits of a dialing code as typed (`+55`, ` 55`) → `55`. */
export function cleanDialingCode(dialingCode: string): string {
  return dialingCode.replace(/\D/g, '');
}

/** Formatting people type inside a number: spaces, dots, dashes, brackets. */
const FORMATTING = /[\s().\-\u00a0]/g;

/**
 * The number as E.164 with its parts, or null when it is not a valid number of a listed country
 * with that dialing code. A national trunk prefix (`0` in `011975603901`) is dropped; a number
 * typed in full international form must carry the same dialing code.
 */
export function normalisePhone(
  dialingCode: string,
  mobile: string,
  countries: readonly PhoneCountry[],
): NormalisedPhone | null {
  const code = cleanDialingCode(dialingCode);
  const listed = countries.filter((c) => c.countryDialingCode === code);
  const typed = mobile.replace(FORMATTING, '');
  if (listed.length === 0 || !/^\+?\d{1,17}$/.test(typed)) return null;
  for (const country of listed) {
    const parsed = parsePhoneNumberFromString(typed, country.countryCode as CountryCode);
    if (!parsed || parsed.countryCallingCode !== code || !parsed.isValid()) continue;
    // Countries sharing a calling code (US and CA under 1): the number's own country must be listed.
    const numberCountry = parsed.country ?? country.countryCode;
    if (!listed.some((c) => c.countryCode === numberCountry)) continue;
    return {
      e164: parsed.number,
      dialingCode: code,
      nationalNumber: parsed.nationalNumber,
      countryCode: numberCountry,
    };
  }
  return null;
}

/** Whether two typed numbers are the same phone (both must be valid). */
export function isSamePhone(
  a: { dialingCode: string; mobile: string },
  b: { dialingCode: string; mobile: string },
  countries: readonly PhoneCountry[],
): boolean {
  const x = normalisePhone(a.dialingCode, a.mobile, countries);
  const y = normalisePhone(b.dialingCode, b.mobile, countries);
  return x !== null && y !== null && x.e164 === y.e164;
}

/** An E.164 number for display: `+55 11 97560 3901` style (international format). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
