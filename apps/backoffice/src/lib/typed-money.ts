import { useTranslation } from 'react-i18next';
import { formatMinor, formatTypedAmount } from '@wps/shared/money';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';
import { localeTag } from './i18n';

/*
 * The glue between an amount an operator types and what the API takes, for every money field of
 * the back office: the text is read by the shared money parser (`parseTypedAmount` through
 * `typedAmountSchema`) in the operator's language, so "30,50", "1.500,00", "1500" and "30.50" all
 * read as a Portuguese operator means them, and nothing goes through a float. Issues carry the
 * shared rule's reasons ('required', 'format' with `scale`) for the form to word.
 */

/** The BCP 47 tag amounts are read and written back in: the interface language's. */
export function useAmountLocale(): string {
  const { i18n } = useTranslation();
  return localeTag(i18n.language);
}

/** A typed amount → its minor-unit string ("1.500,00" → "150000"), for APIs that take minor units. */
export const typedMinorText = (scale: number, locale: string) => typedAmountSchema(scale, locale).transform(String);

/** A typed amount → the exact major-unit decimal string ("1.500,00" → "1500.00"), for APIs that take major units. */
export const typedMajorText = (scale: number, locale: string) =>
  typedAmountSchema(scale, locale).transform((minor) => formatMinor(minor, scale));

/** A major-unit decimal string as the operator types it back ("1500.00" → "1500,00" in Portuguese). */
export function majorAsTyped(major: string, scale: number, locale: string): string {
  try {
    return formatTypedAmount(major, scale, locale);
  } catch {
    // Not an amount of this currency (more decimals than it has): shown as stored, for the rule to refuse.
    return major;
  }
}

/** Minor units as the operator types them back ("150000" → "1500,00" in Portuguese). */
export function minorAsTyped(minor: string, scale: number, locale: string): string {
  return majorAsTyped(formatMinor(minor, scale), scale, locale);
}
