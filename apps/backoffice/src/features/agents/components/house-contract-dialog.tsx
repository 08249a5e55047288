import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { parseTypedAmount } from '@wps/shared/money';
import {
  CONTRACT_TYPES,
  DIVIDEND_PERIODS,
  contractTiersSchema,
  type AgentTreeMember,
  type ContractTier,
} from '@wps/shared/schemas/agents';
import { OPS_REASON_MIN_LENGTH, opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { ReasonField } from '../../../components/reason-field';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY } from '../../../lib/money';
import { useSetHouseContract } from '../api/set-house-contract';

type TierRow = { minAmount: string; minActivePlayers: string; rate: string };
type HouseForm = {
  type: (typeof CONTRACT_TYPES)[number];
  period: (typeof DIVIDEND_PERIODS)[number];
  tiers: TierRow[];
  reason: string;
};

const MAX_TIERS = 10;
const EMPTY_TIER: TierRow = { minAmount: '0', minActivePlayers: '0', rate: '' };

/**
 * A top agent's contract with the house: the type, a dividend's period, and 1 to 10 tiers (the
 * team's base in the period from, active players from, and the rate in percent with two
 * decimals, which is a whole number of basis points). Lower terms are active at once and replace
 * the live one (downlines' contracts above them end by the rate cap); a new contract or higher
 * terms wait for a second operator on the contracts screen.
 */
export function HouseContractDialog({ member, onClose }: { member: AgentTreeMember; onClose: () => void }) {
  const { t, i18n } = useTranslation('agents');
  const locale = localeTag(i18n.language);
  const form = useForm<HouseForm>({
    defaultValues: { type: 'daily_salary', period: 'monthly', tiers: [EMPTY_TIER], reason: '' },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors } = form.formState;
  const save = useSetHouseContract((result, contractType) =>
    t(result.waiting ? 'house.waiting' : 'house.done', {
      account: member.account,
      type: t(`contractTypes.${contractType}`),
    }),
  );

  const submit = form.handleSubmit(async (values) => {
    let valid = true;
    const parsed: ContractTier[] = [];
    values.tiers.forEach((row, i) => {
      const amount = parseTypedAmount(row.minAmount, SITE_MONEY.scale, locale);
      const players = /^\d{1,7}$/.test(row.minActivePlayers.trim()) ? Number(row.minActivePlayers.trim()) : null;
      const rateBp = parseTypedAmount(row.rate, 2, locale);
      if (amount === null) form.setError(`tiers.${i}.minAmount`, { message: t('house.errors.amount') });
      if (players === null) form.setError(`tiers.${i}.minActivePlayers`, { message: t('house.errors.players') });
      if (rateBp === null || rateBp > 10_000n) form.setError(`tiers.${i}.rate`, { message: t('house.errors.rate') });
      if (amount === null || players === null || rateBp === null || rateBp > 10_000n) valid = false;
      else parsed.push({ minAmountMinor: amount.toString(), minActivePlayers: players, rateBp: Number(rateBp) });
    });
    if (!opsReasonSchema.safeParse(values.reason).success) {
      form.setError('reason', { message: t('reasonRequired', { count: OPS_REASON_MIN_LENGTH }) });
      valid = false;
    }
    if (!valid) return;
    if (!contractTiersSchema.safeParse(parsed).success) {
      form.setError('root', { message: t('house.errors.duplicate') });
      return;
    }
    try {
      await save.mutateAsync({
        memberId: member.id,
        type: values.type,
        tiers: parsed,
        period: values.type === 'dividend' ? values.period : undefined,
        reason: values.reason,
      });
    } catch {
      return; // The mutation holds the server's error; the dialog stays open to show it.
    }
    onClose();
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('house.title', { account: member.account })}
      size="lg"
      closable={!save.isPending}
    >
      <form className="agents-form" onSubmit={submit} noValidate>
        <p>{t('house.description')}</p>
        <div className="agents-form__row">
          <label className="field">
            <span className="field__label">{t('house.type')}</span>
            <select className="field__input" data-autofocus {...form.register('type')}>
              {CONTRACT_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`contractTypes.${c}`)}
                </option>
              ))}
            </select>
          </label>
          {type === 'dividend' && (
            <label className="field">
              <span className="field__label">{t('house.period')}</span>
              <select className="field__input" {...form.register('period')}>
                {DIVIDEND_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`periods.${p}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <fieldset className="agents-tiers">
          <legend className="field__label">{t('house.tiers')}</legend>
          <p className="agents-muted">{t(type === 'dividend' ? 'house.tiersHintDividend' : 'house.tiersHint')}</p>
          {tiers.fields.map((field, i) => (
            <div key={field.id} className="agents-tier" role="group" aria-label={t('house.tier', { n: i + 1 })}>
              <TextField
                label={t('house.minAmount', { currency: SITE_MONEY.currency })}
                inputMode="decimal"
                error={errors.tiers?.[i]?.minAmount?.message}
                {...form.register(`tiers.${i}.minAmount`)}
              />
              <TextField
                label={t('house.minPlayers')}
                inputMode="numeric"
                error={errors.tiers?.[i]?.minActivePlayers?.message}
                {...form.register(`tiers.${i}.minActivePlayers`)}
              />
              <TextField
                label={t('house.rate')}
                inputMode="decimal"
                error={errors.tiers?.[i]?.rate?.message}
                {...form.register(`tiers.${i}.rate`)}
              />
              {tiers.fields.length > 1 && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => tiers.remove(i)}
                  aria-label={t('house.removeTier', { n: i + 1 })}
                >
                  {t('house.remove')}
                </Button>
              )}
            </div>
          ))}
          {tiers.fields.length < MAX_TIERS && (
            <Button size="sm" variant="secondary" onClick={() => tiers.append(EMPTY_TIER)}>
              {t('house.addTier')}
            </Button>
          )}
        </fieldset>
        <ReasonField
          label={t('reason')}
          hint={t('reasonHint')}
          required
          error={errors.reason?.message}
          registration={form.register('reason')}
        />
        <FormError message={errors.root?.message ?? save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('house.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
