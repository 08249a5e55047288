import { describe, expect, it } from 'vitest';
import { createOfferFormSchema } from './contract-offer-form';

const pt = createOfferFormSchema({ scale: 2, locale: 'pt-BR', hasPeriod: false });

function reasons(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; params?: Record<string, unknown> }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${String(issue.params?.reason)}`);
}

describe('the contract offer form', () => {
  it('reads amounts and percentages in the player locale into the shared offer body', () => {
    const result = pt.safeParse({
      downlineId: '42',
      period: 'daily',
      tiers: [
        { minAmount: '1.000,50', minActivePlayers: '3', ratePercent: '0,6' },
        { minAmount: '0', minActivePlayers: '', ratePercent: '0,25' },
      ],
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      action: 'offer',
      downlineId: '42',
      tiers: [
        { minAmountMinor: '100050', minActivePlayers: 3, rateBp: 60 },
        { minAmountMinor: '0', minActivePlayers: 0, rateBp: 25 },
      ],
    });
  });

  it('keeps the period only for a dividend', () => {
    const dividend = createOfferFormSchema({ scale: 2, locale: 'en-US', hasPeriod: true });
    const result = dividend.safeParse({
      downlineId: '7',
      period: 'weekly',
      tiers: [{ minAmount: '10.5', minActivePlayers: '1', ratePercent: '12.5' }],
    });
    expect(result.data).toMatchObject({ period: 'weekly', tiers: [{ minAmountMinor: '1050', rateBp: 1250 }] });
  });

  it('names the field and the reason of each problem', () => {
    const result = pt.safeParse({
      downlineId: '',
      period: 'daily',
      tiers: [{ minAmount: 'x', minActivePlayers: '-1', ratePercent: '100,01' }],
    });
    expect(reasons(result)).toEqual([
      'downlineId:downline',
      'tiers.0.minAmount:format',
      'tiers.0.minActivePlayers:players',
      'tiers.0.ratePercent:rate',
    ]);
  });

  it('refuses two tiers with the same thresholds and an empty tier list, as the server would', () => {
    const twice = { minAmount: '10', minActivePlayers: '2', ratePercent: '1' };
    expect(
      reasons(pt.safeParse({ downlineId: '1', period: 'daily', tiers: [twice, { ...twice, ratePercent: '2' }] })),
    ).toEqual(['tiers:tiers']);
    expect(reasons(pt.safeParse({ downlineId: '1', period: 'daily', tiers: [] }))).toEqual(['tiers:tiers']);
  });
});
