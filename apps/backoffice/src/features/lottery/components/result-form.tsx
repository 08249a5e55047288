import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { isLotteryFamily, type LotteryResult, type VnTier } from '@wps/shared/lottery/types';
import {
  NUMBERS_SPECS,
  VN_STRUCTURES,
  isVnFamily,
  validateResult,
  type NumbersFamily,
} from '@wps/shared/lottery/results';
import { useEnterResult } from '../api/enter-result';

type Field = { id: string; label: string; digits: number | null };
type Tier = { key: VnTier | 'numbers'; label: string; fields: Field[] };

/**
 * The fields a family's result needs, from the shared result shapes (VN_STRUCTURES for the
 * Vietnamese tiers, NUMBERS_SPECS for quick draws): the same tables validateResult checks, so
 * the form and the server can never disagree on how many numbers a tier has or their length.
 */
function tiersOf(family: string, t: (key: string, options?: Record<string, unknown>) => string): Tier[] {
  if (!isLotteryFamily(family)) return [];
  if (isVnFamily(family)) {
    return VN_STRUCTURES[family].map(({ tier, count, digits }) => ({
      key: tier,
      label: t(`tiers.${tier}`),
      fields: Array.from({ length: count }, (_, i) => ({
        id: `${tier}-${i}`,
        label: t('results.prizeNumber', { tier: t(`tiers.${tier}`), n: i + 1, digits }),
        digits,
      })),
    }));
  }
  const spec = NUMBERS_SPECS[family as NumbersFamily];
  return [
    {
      key: 'numbers',
      label: t('results.numbers', spec),
      fields: Array.from({ length: spec.count }, (_, i) => ({
        id: `n-${i}`,
        label: t('results.numberAt', { n: i + 1 }),
        digits: null,
      })),
    },
  ];
}

function resultOf(family: string, tiers: Tier[], values: Record<string, string>): LotteryResult {
  const read = (f: Field) => (values[f.id] ?? '').trim();
  if (isLotteryFamily(family) && isVnFamily(family)) {
    return {
      kind: 'prizes',
      prizes: tiers.flatMap((tier) =>
        tier.key === 'numbers' ? [] : [{ tier: tier.key, numbers: tier.fields.map(read) }],
      ),
    };
  }
  return {
    kind: 'numbers',
    numbers: (tiers[0]?.fields ?? []).map((f) => (/^\d+$/.test(read(f)) ? Number(read(f)) : Number.NaN)),
  };
}

/**
 * Type in a closed operator-source draw's official result: one field per prize number, each tier
 * with its count and digit length. The result is checked by the shared validateResult before it
 * goes; it then waits for a second operator's approval.
 */
export function ResultForm({ drawId, family }: { drawId: string; family: string }) {
  const { t } = useTranslation('lottery');
  const tiers = tiersOf(family, t);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const enter = useEnterResult(() => t('results.entered'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = resultOf(family, tiers, values);
    const check = isLotteryFamily(family)
      ? validateResult(family, result)
      : ({ ok: false, reason: 'RESULT_KIND' } as const);
    if (!check.ok) {
      setProblem(t(`results.problems.${check.reason}`));
      return;
    }
    setProblem(null);
    await enter.mutateAsync({ drawId, result }).catch(() => undefined);
  };

  return (
    <form
      className="lottery-result-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="lottery-result-form-title"
    >
      <h2 id="lottery-result-form-title">{t('results.enterTitle')}</h2>
      <p>{t('results.enterIntro')}</p>
      {tiers.map((tier) => (
        <fieldset key={tier.key} className="lottery-result-form__tier">
          <legend>{tier.label}</legend>
          <div className="lottery-result-form__fields">
            {tier.fields.map((f) => (
              <input
                key={f.id}
                className="field__input lottery-result-form__input"
                aria-label={f.label}
                inputMode="numeric"
                autoComplete="off"
                maxLength={f.digits ?? 2}
                size={(f.digits ?? 2) + 1}
                placeholder={f.digits ? '0'.repeat(f.digits) : undefined}
                value={values[f.id] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.target.value }))}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <FormError message={problem ?? enter.errorMessage} />
      <div className="actions">
        <Button type="submit" loading={enter.isPending}>
          {t('results.submit')}
        </Button>
      </div>
    </form>
  );
}
