import { describe, expect, it } from 'vitest';
import type { Rule } from '@wps/shared/schemas/rewards';
import { EMPTY_RULE, toFormValues, toRuleInput, type RuleFormValues } from './rule-form';

// The rule form's link to a promotion: a deposit bonus for the players who joined it is written
// in the back office as the API takes it, and a saved rule comes back into the form unchanged.

const depositBonus: RuleFormValues = {
  ...EMPTY_RULE,
  name: 'Bônus de depósito 20%',
  promotionId: '42',
  joinedPromotion: true,
  trigger: 'deposit_credited',
  kind: 'bonus',
  mode: 'percent',
  percent: '20',
  maxAmount: '100,00',
  wageringMultiple: '1',
  perPlayerCap: '1',
};

describe('the rule form and its promotion', () => {
  it('sends the promotion and the joined condition', () => {
    const outcome = toRuleInput(depositBonus, 'America/Sao_Paulo', 'pt-BR');
    expect('input' in outcome && outcome.input).toMatchObject({
      promotionId: '42',
      trigger: 'deposit_credited',
      conditions: { joinedPromotion: true },
      reward: { kind: 'bonus', percentBp: 2000, maxAmount: '10000', params: { wageringMultiple: 1 } },
      perPlayerCap: 1,
    });
  });

  it('sends neither without a promotion, and no condition when joining is not asked', () => {
    const none = toRuleInput({ ...depositBonus, promotionId: '' }, 'UTC', 'pt-BR');
    expect('input' in none && none.input).toMatchObject({ promotionId: null, conditions: {} });
    const linked = toRuleInput({ ...depositBonus, joinedPromotion: false }, 'UTC', 'pt-BR');
    expect('input' in linked && linked.input).toMatchObject({ promotionId: '42', conditions: {} });
  });

  it('brings a saved rule back with its promotion and condition', () => {
    const outcome = toRuleInput(depositBonus, 'UTC', 'pt-BR');
    if (!('input' in outcome)) throw new Error('the form did not read');
    const saved = {
      ...outcome.input,
      id: '7',
      status: 'draft',
      version: 1,
      grantedCount: 0,
      grantedAmount: '0',
      createdAt: '',
      updatedAt: '',
    } as unknown as Rule;
    const back = toFormValues(saved, 'UTC', (minor) => (Number(minor) / 100).toFixed(2).replace('.', ','));
    expect(back).toMatchObject({
      promotionId: '42',
      joinedPromotion: true,
      percent: '20',
      maxAmount: '100,00',
      wageringMultiple: '1',
    });
  });
});
