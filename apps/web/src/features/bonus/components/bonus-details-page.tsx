import type { Bonus, PlayerBonuses } from '@wps/shared/schemas/bonus';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useBonuses } from '../api/get-bonuses';
import './bonus.css';

/** Wagering done as a fraction of the requirement, 0–1 (a met or zero requirement is 1). */
function progressOf(bonus: Bonus): number {
  const requirement = BigInt(bonus.requirementMinor);
  if (requirement === 0n) return 1;
  const done = BigInt(bonus.wageredMinor);
  return done >= requirement ? 1 : Number((done * 10_000n) / requirement) / 10_000;
}

/** The bonusDetails page: every bonus with its wagering progress, rules, expiry and history. */
export function BonusDetailsPage() {
  const { t } = useTranslation('bonus');
  const query = useBonuses();
  return (
    <section className="bonus-page" aria-labelledby="bonus-page-title">
      <h2 id="bonus-page-title" className="bonus-page__title">
        {t('pageTitle')}
      </h2>
      <ListStates
        isLoading={query.isPending}
        errorText={query.error ? translateError(query.error) : null}
        onRetry={() => void query.refetch()}
        value={query.data}
        isEmpty={(data) => data.bonuses.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('empty') }}
        rows={2}
      >
        {(data) => <BonusList data={data} />}
      </ListStates>
    </section>
  );
}

function BonusList({ data }: { data: PlayerBonuses }) {
  const { t } = useTranslation('bonus');
  const formats = useFormats();
  const formatMoney = useFormatMoney();
  const money = (minor: string) =>
    formatMoney(minorToDecimal(minor, data.scale), { currency: data.currency, scale: data.scale });
  return (
    <>
      <p className="bonus-page__balance">
        {t('balance')} <strong className="amount">{money(data.bonusBalanceMinor)}</strong>
      </p>
      <ul className="bonus-list">
        {data.bonuses.map((bonus) => {
          const progress = progressOf(bonus);
          return (
            <li key={bonus.id} className={`bonus-card is-${bonus.status}`} data-testid="bonus-card">
              <div className="bonus-card__head">
                <strong className="bonus-card__amount amount">{money(bonus.amountMinor)}</strong>
                <span className={`bonus-card__status is-${bonus.status}`}>{t(`status.${bonus.status}`)}</span>
              </div>
              <div className="bonus-card__progress">
                <progress max={1} value={progress} aria-label={t('progressLabel')} />
                <span>
                  {t('progress', {
                    done: money(bonus.wageredMinor),
                    required: money(bonus.requirementMinor),
                    percent: formats.percent(progress, 0),
                  })}
                </span>
              </div>
              <dl className="bonus-card__terms">
                <div>
                  <dt>{t('terms.wagering')}</dt>
                  <dd>{formats.multiplier(bonus.wageringMultiple, 0)}</dd>
                </div>
                <div>
                  <dt>{t('terms.maxStake')}</dt>
                  <dd className="amount">{money(bonus.maxStakeMinor)}</dd>
                </div>
                <div>
                  <dt>{t('terms.maxConversion')}</dt>
                  <dd className="amount">{money(bonus.maxConversionMinor)}</dd>
                </div>
                <div>
                  <dt>{t('terms.expires')}</dt>
                  <dd>{formats.dateTime(bonus.expiresAt)}</dd>
                </div>
              </dl>
              <ol className="bonus-card__history" aria-label={t('history')}>
                <li>{t('events.granted', { at: formats.dateTime(bonus.createdAt) })}</li>
                {bonus.activatedAt && bonus.status !== 'queued' && (
                  <li>{t('events.activated', { at: formats.dateTime(bonus.activatedAt) })}</li>
                )}
                {bonus.endedAt && (
                  <li data-testid="bonus-end">
                    {t(`events.${bonus.status}`, {
                      at: formats.dateTime(bonus.endedAt),
                      converted: money(bonus.convertedMinor),
                      returned: money(bonus.returnedMinor),
                    })}
                  </li>
                )}
              </ol>
            </li>
          );
        })}
      </ul>
      <section className="bonus-rules" aria-labelledby="bonus-rules-title">
        <h3 id="bonus-rules-title">{t('rules.title')}</h3>
        <p>{t(`rules.${data.spendOrder}`)}</p>
        <p>{t('rules.wins')}</p>
        <ul className="bonus-rules__contributions">
          {data.contributions.map((c) => (
            <li key={c.category}>
              <span>{t(`categories.${c.category}`)}</span>
              <span>{formats.percent(c.percent / 100, 0)}</span>
            </li>
          ))}
        </ul>
      </section>
      {data.wagers.length > 0 && (
        <section className="bonus-rules" aria-labelledby="bonus-wagers-title">
          <h3 id="bonus-wagers-title">{t('wagers.title')}</h3>
          <ul className="bonus-wagers">
            {data.wagers.map((w, i) => (
              <li key={`${w.bonusId}-${w.at}-${i}`}>
                <span>{formats.dateTime(w.at)}</span>
                <span>{w.category ? t(`categories.${w.category}`) : t('categories.other')}</span>
                <span className="amount">
                  {t('wagers.counted', {
                    turnover: money(w.turnoverMinor),
                    percent: formats.percent(w.percent / 100, 0),
                    counted: money(w.countedMinor),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
