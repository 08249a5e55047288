import { z } from 'zod';
import { siteSettingsUpdateBodySchema } from '@wps/shared/schemas/site-settings';

/*
 * Form pieces of the site-settings sections: each section's form is the shared schemas of its
 * settings (the server's own rules), with the few fields an operator types as text turned into
 * the values those schemas take.
 */

/** The audited reason, as the server checks it. */
export const reasonSchema = siteSettingsUpdateBodySchema.shape.reason;

/** A whole number typed in a text field; anything else is left as text for the shared schema to refuse. */
export const typedInteger = z.string().transform((text) => (/^\s*-?\d{1,9}\s*$/.test(text) ? Number(text) : text));

/** Country codes typed as a list ("US, FR") → upper-case codes, for the shared list schema to check. */
export const typedCountryList = z.string().transform((text) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean),
);
