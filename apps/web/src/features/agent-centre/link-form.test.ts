import { describe, expect, it } from 'vitest';
import { createLinkFormSchema, EMPTY_LINK_FORM } from './link-form';

const schema = createLinkFormSchema('pt-BR');

describe('the invitation link form', () => {
  it('gives an agent link one tier per filled-in rate, read in the player locale', () => {
    const body = schema.parse({
      type: 'agent',
      rates: { ...EMPTY_LINK_FORM.rates, daily_salary: '0,5', dividend: '10' },
    });
    expect(body).toEqual({
      type: 'agent',
      terms: {
        dividend: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 1000 }],
        daily_salary: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 50 }],
      },
    });
  });

  it('leaves a member link without terms whatever was typed', () => {
    expect(schema.parse({ type: 'member', rates: { ...EMPTY_LINK_FORM.rates, daily_salary: '1' } })).toEqual({
      type: 'member',
      terms: {},
    });
  });

  it('refuses a rate that is not a percentage of 0 to 100', () => {
    const issues =
      schema.safeParse({
        type: 'agent',
        rates: { ...EMPTY_LINK_FORM.rates, hourly_salary: 'x', realtime_salary: '100,5' },
      }).error?.issues ?? [];
    expect(
      issues.map((i) => `${i.path.join('.')}:${String((i as { params?: { reason?: string } }).params?.reason)}`),
    ).toEqual(['rates.hourly_salary:format', 'rates.realtime_salary:rate']);
  });
});
