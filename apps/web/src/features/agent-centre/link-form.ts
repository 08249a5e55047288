import { z } from 'zod';
import { CONTRACT_TYPES, type ContractType } from '@wps/shared/schemas/agents';
import { linkCreateBodySchema, type LinkTerms } from '@wps/shared/schemas/agent-centre';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

export type LinkFormValues = { type: 'member' | 'agent'; rates: Record<ContractType, string> };

export const EMPTY_LINK_FORM: LinkFormValues = {
  type: 'member',
  rates: { dividend: '', daily_salary: '', hourly_salary: '', realtime_salary: '' },
};

/**
 * The link form's rule: a member link has no terms; an agent link offers, per contract type whose
 * rate is filled in, one tier from the first unit of base at that rate (a percentage with two
 * decimals in the player's locale, 0 to 100 %). Out: the shared create body. Reasons: 'format', 'rate'.
 */
export function createLinkFormSchema(locale: string) {
  const rate = z.string().transform((text, ctx) => {
    if (text.trim() === '') return null;
    const bp = typedAmountSchema(2, locale).safeParse(text);
    if (!bp.success) {
      ctx.addIssue({ code: 'custom', params: { reason: 'format' } });
      return z.NEVER;
    }
    if (bp.data > 10_000n) {
      ctx.addIssue({ code: 'custom', params: { reason: 'rate' } });
      return z.NEVER;
    }
    return Number(bp.data);
  });
  return z
    .object({
      type: z.enum(['member', 'agent']),
      rates: z.object(Object.fromEntries(CONTRACT_TYPES.map((c) => [c, rate])) as Record<ContractType, typeof rate>),
    })
    .transform(({ type, rates }) => {
      const terms: LinkTerms = {};
      if (type === 'agent') {
        for (const c of CONTRACT_TYPES) {
          const bp = rates[c];
          if (bp !== null) terms[c] = [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: bp }];
        }
      }
      return linkCreateBodySchema.parse({ type, terms });
    });
}
