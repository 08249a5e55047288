import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import en from '../../locales/en/auth.json';
import { ApiError } from '../../lib/api-client';
import { readFieldErrors } from './server-field-errors';

/** A tiny stand-in for i18next's t over the real EN auth strings, with {{x}} interpolation. */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return (options.defaultValue as string | undefined) ?? key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}) as unknown as TFunction<'auth'>;

describe('readFieldErrors', () => {
  it('turns the first server issue of each shown field into its rule text', () => {
    const error = new ApiError('VALIDATION_FAILED', 'Invalid input', 400, {
      fields: [
        { field: 'newPaymentPassword', code: 'pattern', patternId: 6, min: 6, max: 6 },
        { field: 'newPaymentPassword', code: 'required', patternId: 6, min: 6, max: 6 },
        { field: 'oldPaymentPassword', code: 'required', patternId: 0, min: 0, max: 0 },
        { field: 'notShown', code: 'required', patternId: 0, min: 0, max: 0 },
      ],
    });
    expect(
      readFieldErrors(t, error, {
        newPaymentPassword: 'New payment password',
        oldPaymentPassword: 'Current payment password',
      }),
    ).toEqual({
      newPaymentPassword: '6 digits only',
      oldPaymentPassword: 'Current payment password cannot be empty',
    });
  });

  it('is empty for other errors and for answers without fields', () => {
    expect(
      readFieldErrors(t, new ApiError('PAYMENT_PASSWORD_INVALID', 'x', 400, { attemptsLeft: 2 }), { a: 'A' }),
    ).toEqual({});
    expect(readFieldErrors(t, new ApiError('VALIDATION_FAILED', 'x', 400), { a: 'A' })).toEqual({});
    expect(readFieldErrors(t, new Error('boom'), { a: 'A' })).toEqual({});
  });

  it('places a request-body issue and the dialing code under the form field', () => {
    const error = new ApiError('VALIDATION_FAILED', 'Invalid input', 400, {
      fields: [
        { field: 'body.countryDialingCode', message: 'dialing code' },
        { field: 'body.username', message: 'x', code: 'length', patternId: 1, min: 4, max: 16 },
      ],
    });
    expect(readFieldErrors(t, error, { mobileNum: 'Mobile', username: 'Username' })).toEqual({
      mobileNum: 'Mobile is not valid',
      username: '4-16 characters: start with a letter, then letters and digits',
    });
  });
});
