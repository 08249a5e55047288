import { z } from 'zod';
import { formatMinor } from '@wps/shared/money';
import { siteSettingsUpdateBodySchema } from '@wps/shared/schemas/site-settings';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/*
 * Form pieces of the site-settings sections: each section's form is the shared schemas of its
 * settings (the server's own rules), with the few fields an operator types as text turned into
 * the values those schemas take.
 */

/** The audited reason, as the server checks it. */
export const reasonSchema = siteSettingsUpdateBodySchema.shape.reason;

/** An amount typed in major units ("10,00" or "10.00") → its minor-unit string. */
export const typedMinor = (scale: number) => typedAmountSchema(scale).transform(String);

/** Minor units as an operator types them back: a decimal comma in Portuguese. */
export function minorAsTyped(minor: string, scale: number, language: string): string {
  const decimal = formatMinor(minor, scale);
  return language.startsWith('pt') ? decimal.replace('.', ',') : decimal;
}

/** A whole number typed in a text field; anything else is left as text for the shared schema to refuse. */
export const typedInteger = z.string().transform((text) => (/^\s*-?\d{1,9}\s*$/.test(text) ? Number(text) : text));

/** Country codes typed as a list ("US, FR") → upper-case codes, for the shared list schema to check. */
export const typedCountryList = z.string().transform((text) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean),
);
