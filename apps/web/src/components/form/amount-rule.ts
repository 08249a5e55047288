import { typedAmountSchema } from '@wps/shared/schemas/typed-amount';

/**
 * The amount of a money form: the shared typed-amount rule in the player's `locale` ("30,50",
 * "1.500,00", "1500" and "30.50" in pt-BR), out in minor units, then the form's own limits:
 * `refuse` names the reason a parsed amount is refused (below the minimum, above the balance…)
 * or null. Reasons: 'required', 'format' and those of `refuse`.
 */
export function limitedAmountSchema(scale: number, locale: string, refuse: (minor: bigint) => string | null) {
  return typedAmountSchema(scale, locale).superRefine((minor, ctx) => {
    const reason = refuse(minor);
    if (reason) ctx.addIssue({ code: 'custom', params: { reason } });
  });
}
