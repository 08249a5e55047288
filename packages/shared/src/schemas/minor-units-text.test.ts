import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contractTiersSchema } from './agents';
import { depositChannelInputSchema } from './deposit';
import { missionStepSchema } from './missions';
import { adjustmentRequestBodySchema } from './player-actions';
import { raffleCreateBodySchema } from './promo';
import { ruleRewardSchema } from './rewards';
import { withdrawalSettingsSchema } from './withdrawal';

// Money typed with decimals ("12.50") where whole minor units are asked for. These schemas also
// read the text with BigInt in a refinement (above zero, minimum not above maximum): zod runs a
// refinement after a failed format check unless that check aborts, and BigInt("12.50") throws a
// SyntaxError, which the server's error handler answered as MALFORMED_JSON. Each must instead give
// a validation issue at the money field, as every other bad field does.
const cases: [string, z.ZodType, unknown, (string | number)[]][] = [
  [
    'a raffle prize',
    raffleCreateBodySchema,
    {
      promotionId: '1',
      title: 'Sorteio',
      drawAt: '2030-01-01T00:00:00Z',
      prizes: [{ rewardKind: 'cash', amount: '12.50' }],
      reason: 'campaign',
    },
    ['prizes', 0, 'amount'],
  ],
  ["a rewards rule's reward", ruleRewardSchema, { kind: 'cash', amount: '12.50' }, ['amount']],
  ['a mission step target', missionStepSchema, { kind: 'stake', target: '12.50' }, ['target']],
  [
    'an adjustment',
    adjustmentRequestBodySchema,
    { direction: 'credit', kind: 'bonus', amountMinor: '12.50', reason: 'goodwill', idempotencyKey: 'adj-key-0001' },
    ['amountMinor'],
  ],
  [
    'the withdrawal rules',
    withdrawalSettingsSchema,
    { minAmountMinor: '12.50', maxAmountMinor: '100000', dailyCountLimit: 3, autoReceiptMinutes: 60 },
    ['minAmountMinor'],
  ],
  [
    'a contract tier',
    contractTiersSchema,
    [{ minAmountMinor: '12.50', minActivePlayers: 1, rateBp: 100 }],
    [0, 'minAmountMinor'],
  ],
  [
    'a deposit channel',
    depositChannelInputSchema,
    {
      name: 'Transferência',
      type: 'manual_bank',
      currency: 'BRL',
      minMinor: '12.50',
      maxMinor: '100000',
      bankName: 'Banco',
      accountNumber: '12345-6',
      accountHolder: 'Casa',
      reason: 'new channel',
    },
    ['minMinor'],
  ],
];

describe('whole minor units given with decimals', () => {
  it.each(cases)('%s: a validation issue at the field, not an exception', (_name, schema, input, path) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([path]);
  });

  it.each(cases)('%s: whole minor units still pass', (_name, schema, input, path) => {
    const fixed = structuredClone(input) as Record<string | number, unknown>;
    let at = fixed;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path.at(-1)!] = '1250';
    expect(schema.safeParse(fixed).error?.issues ?? []).toEqual([]);
  });
});
