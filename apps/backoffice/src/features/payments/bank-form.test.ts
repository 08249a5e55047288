import { describe, expect, it } from 'vitest';
import type { OpsBank } from '@wps/shared/schemas/banks';
import { ApiError } from '../../lib/api-client';
import { BANK_CODE_TAKEN, BANK_FIELDS, bankFormSchema, bankFormValues } from './bank-form';
import { serverFieldErrors } from './form-fields';

const nubank: OpsBank = { code: '260', name: 'Nubank', enabled: true, sortOrder: 60 };

/** The issues of a failed parse, as path → message. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  return Object.fromEntries(
    result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the bank form', () => {
  it('sends a new bank as the shared schema reads it: code trimmed, name tidied, an empty order left out', () => {
    const parsed = bankFormSchema(['260']).parse({
      bankCode: ' 9001 ',
      name: '  Banco   Nove ',
      sortOrder: '',
      reason: 'new partner bank',
    });
    expect(parsed).toEqual({ bankCode: '9001', name: 'Banco Nove', reason: 'new partner bank' });
    expect(
      bankFormSchema().parse({
        ...bankFormValues(null),
        bankCode: 'ZZ-1',
        name: 'Banco',
        sortOrder: '15',
        reason: 'moved up',
      }).sortOrder,
    ).toBe(15);
  });

  it('edits a bank from its own values, keeping its code', () => {
    const values = bankFormValues(nubank);
    expect(values).toEqual({ bankCode: '260', name: 'Nubank', sortOrder: '60', reason: '' });
    expect(bankFormSchema().parse({ ...values, name: 'Nu Pagamentos', reason: 'legal name' })).toEqual({
      bankCode: '260',
      name: 'Nu Pagamentos',
      sortOrder: 60,
      reason: 'legal name',
    });
  });

  it('refuses what the server refuses, under the field typed in, and a new bank with a listed code', () => {
    const schema = bankFormSchema(['260']);
    // Every refusal at once, the missing reason included.
    expect(
      Object.keys(
        issuesOf(schema.safeParse({ bankCode: 'bad code!', name: ' ', sortOrder: 'abc', reason: 'x' })),
      ).sort(),
    ).toEqual(['bankCode', 'name', 'reason', 'sortOrder']);
    expect(
      Object.keys(
        issuesOf(schema.safeParse({ bankCode: 'bad code!', name: ' ', sortOrder: '-1', reason: 'a reason' })),
      ).sort(),
    ).toEqual(['bankCode', 'name', 'sortOrder']);
    expect(
      Object.keys(
        issuesOf(
          schema.safeParse({
            bankCode: 'A'.repeat(17),
            name: 'B'.repeat(129),
            sortOrder: '100001',
            reason: 'a reason',
          }),
        ),
      ).sort(),
    ).toEqual(['bankCode', 'name', 'sortOrder']);
    expect(
      Object.keys(
        issuesOf(schema.safeParse({ bankCode: '9001', name: 'Banco', sortOrder: '1,5', reason: 'a reason' })),
      ),
    ).toEqual(['sortOrder']);
    expect(
      issuesOf(schema.safeParse({ bankCode: '260', name: 'Nubank 2', sortOrder: '', reason: 'a reason' })),
    ).toEqual({ bankCode: BANK_CODE_TAKEN });
  });

  it('puts the server’s field errors under the form’s fields, the path’s bank code included', () => {
    const error = new ApiError('VALIDATION_FAILED', 'Invalid input', 400, {
      fields: [{ field: 'params.bankCode' }, { field: 'body.name' }],
    });
    expect(serverFieldErrors(error, BANK_FIELDS)).toEqual(['bankCode', 'name']);
  });
});
