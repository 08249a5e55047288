import { useTranslation } from 'react-i18next';
import { promoRewardWarning, type PromoRule } from '@wps/shared/schemas/promo-rewards';

type PromotionRulesFieldProps = {
  /** Every rule; the live ones are offered, and a linked one that is no longer live stays listed to be unlinked. */
  rules: readonly PromoRule[];
  selected: readonly string[];
  bonusOffer: boolean;
  onChange: (ruleIds: string[]) => void;
};

/**
 * The rules that pay a promotion, picked among the live ones (docs/decisions.md, "A promotion pays
 * what it promises"): a promotion that offers a bonus with no live rule picked gets the warning it
 * will not be published with (the server refuses it: PROMO_REWARD_RULE_MISSING).
 */
export function PromotionRulesField({ rules, selected, bonusOffer, onChange }: PromotionRulesFieldProps) {
  const { t } = useTranslation('content');
  const shown = rules.filter((r) => r.status === 'live' || selected.includes(r.id));
  const picked = rules.filter((r) => selected.includes(r.id));
  const warning = promoRewardWarning(bonusOffer, picked);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="content-form__tags content-form__rules">
      <legend className="field__label">{t('rules.legend')}</legend>
      {shown.length === 0 && <p className="field__hint">{t('rules.none')}</p>}
      {shown.map((rule) => (
        <label key={rule.id} className="content-form__tag">
          <input
            type="checkbox"
            checked={selected.includes(rule.id)}
            onChange={(e) => toggle(rule.id, e.target.checked)}
          />
          {rule.name}
          <span className="content-muted">
            {' '}
            · {t(`rules.trigger.${rule.trigger === 'deposit_credited' ? 'deposit' : 'other'}`)}
            {rule.needsOptIn ? ` · ${t('rules.optIn')}` : ''}
            {rule.status === 'live' ? '' : ` · ${t(`rules.status.${rule.status}`)}`}
          </span>
        </label>
      ))}
      <p className="field__hint">{t('rules.hint')}</p>
      {warning && (
        <p className="content-rule-warning" role="alert">
          {t('rules.warning')}
        </p>
      )}
    </fieldset>
  );
}
