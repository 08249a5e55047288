import { ErrorCode } from '@wps/shared/error-codes';
import { cleanDialingCode, normalisePhone, type NormalisedPhone } from '@wps/shared/phone';
import type { Country } from '@wps/shared/schemas/system';
import { AppError } from '../../http/app-error';

export type { NormalisedPhone };

type CountrySource = { listCountries(): Country[] | readonly Country[] | Promise<Country[] | readonly Country[]> };

/** Which request fields hold the dialing code and the number (named in VALIDATION_FAILED). */
export type PhoneFields = { dialingCode: string; mobile: string };

const DEFAULT_FIELDS: PhoneFields = { dialingCode: 'countryDialingCode', mobile: 'mobileNum' };

/** The field failure a VALIDATION_FAILED answer names for an unusable number. */
export type PhoneFailure = { field: string; code: 'pattern' | 'length'; patternId: number; min: number; max: number };

function failure(field: string, code: 'pattern' | 'length', min: number, max: number): { failure: PhoneFailure } {
  return { failure: { field, code, patternId: 6, min, max } };
}

/**
 * Every place that takes a phone number (registration, SMS login and its code, reset by phone and
 * its code, binding in the security centre) turns it into E.164 here, against the operator's
 * country list, before it is looked up, stored or used as a rate-limit or SMS-code key.
 */
export function createPhoneNormaliser(system: CountrySource) {
  /** The number in E.164 with its parts, or the field failure that explains why not. */
  async function parse(
    dialingCode: string,
    mobile: string,
    fields: PhoneFields = DEFAULT_FIELDS,
  ): Promise<{ phone: NormalisedPhone } | { failure: PhoneFailure }> {
    const countries = await system.listCountries();
    const phone = normalisePhone(dialingCode, mobile, countries);
    if (phone) return { phone };
    const listed = countries.filter((c) => c.countryDialingCode === cleanDialingCode(dialingCode));
    if (listed.length === 0) return failure(fields.dialingCode, 'pattern', 1, 4);
    const lengths = listed.flatMap((c) => c.mobileLengths);
    const digits = mobile.replace(/\D/g, '').length;
    if (lengths.length > 0 && !lengths.includes(digits))
      return failure(fields.mobile, 'length', Math.min(...lengths), Math.max(...lengths));
    return failure(fields.mobile, 'pattern', 4, 15);
  }

  return {
    parse,
    /** The number in E.164 with its parts; VALIDATION_FAILED naming the field otherwise. */
    async normalise(
      dialingCode: string,
      mobile: string,
      fields: PhoneFields = DEFAULT_FIELDS,
    ): Promise<NormalisedPhone> {
      const result = await parse(dialingCode, mobile, fields);
      if ('phone' in result) return result.phone;
      throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${result.failure.field}`, {
        fields: [result.failure],
      });
    },
  };
}

export type PhoneNormaliser = ReturnType<typeof createPhoneNormaliser>;
