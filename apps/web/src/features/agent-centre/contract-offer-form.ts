import { z } from 'zod';
import {
  contractProcessBodySchema,
  contractTiersSchema,
  DIVIDEND_PERIODS,
  type ContractTier,
} from '@wps/shared/schemas/agents';
import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/** What the offer form holds: every field as typed, tiers in the player's locale. */
export type OfferFormValues = {
  downlineId: string;
  period: (typeof DIVIDEND_PERIODS)[number];
  tiers: { minAmount: string; minActivePlayers: string; ratePercent: string }[];
};

export const EMPTY_TIER: OfferFormValues['tiers'][number] = { minAmount: '', minActivePlayers: '', ratePercent: '' };

const offerBodySchema = contractProcessBodySchema.options.find((option) => option.shape.action.value === 'offer')!;

/**
 * The offer form's rule, over the shared schemas: a tier's minimum in the operator's currency and
 * its rate as a percentage with two decimals, both typed in the player's locale ("0,60" % is 60
 * bp: a percentage with two decimals is basis points, so the typed-amount rule at scale 2 reads
 * it exactly); then the shared tiers rule (1 to 10, no two with one threshold pair, rate at most
 * 100 %) and the shared offer body. Reasons: 'required', 'format', 'players', 'rate', 'tiers',
 * 'downline'. Out: the offer body.
 */
export function createOfferFormSchema({
  scale,
  locale,
  hasPeriod,
}: {
  scale: number;
  locale: string;
  hasPeriod: boolean;
}) {
  const tier = z.object({
    minAmount: typedAmountSchema(scale, locale),
    minActivePlayers: z.string().transform((text, ctx) => {
      const typed = text.trim();
      if (typed === '') return 0;
      if (!/^\d{1,7}$/.test(typed) || Number(typed) > 1_000_000) {
        ctx.addIssue({ code: 'custom', params: { reason: 'players' } });
        return z.NEVER;
      }
      return Number(typed);
    }),
    ratePercent: typedAmountSchema(2, locale).superRefine((bp, ctx) => {
      if (bp > 10_000n) ctx.addIssue({ code: 'custom', params: { reason: 'rate' } });
    }),
  });
  return z
    .object({
      downlineId: z.string().superRefine((id, ctx) => {
        if (!/^\d{1,18}$/.test(id)) ctx.addIssue({ code: 'custom', params: { reason: 'downline' } });
      }),
      period: z.enum(DIVIDEND_PERIODS),
      tiers: z.array(tier),
    })
    .transform((values, ctx) => {
      const tiers: ContractTier[] = values.tiers.map((t) => ({
        minAmountMinor: t.minAmount.toString(),
        minActivePlayers: t.minActivePlayers,
        rateBp: Number(t.ratePercent),
      }));
      if (!contractTiersSchema.safeParse(tiers).success) {
        ctx.addIssue({ code: 'custom', path: ['tiers'], params: { reason: 'tiers' } });
        return z.NEVER;
      }
      return offerBodySchema.parse({
        action: 'offer',
        downlineId: values.downlineId,
        tiers,
        ...(hasPeriod ? { period: values.period } : {}),
      });
    });
}
