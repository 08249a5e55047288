import { useTranslation } from 'react-i18next';
import type { RebatePeriod, RebateSummary } from '@wps/shared/schemas/rebate';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useClaimRebate } from '../api/claim-rebate';
import { useRebateSummary } from '../api/get-rebate-summary';
import './rebate.css';

type PeriodProps = { period: RebatePeriod; summary: RebateSummary; title: string };

/** One period: its calculation per category (turnover × rate = amount), its total and status, and the claim when it waits for one. */
function PeriodCard({ period, summary, title }: PeriodProps) {
  const { t } = useTranslation(['rebate', 'betRecord', 'errors']);
  const formatMoney = useFormatMoney();
  const formats = useFormats();
  const claim = useClaimRebate();
  const money = (minor: string) =>
    formatMoney(minorToDecimal(minor, summary.scale), { currency: summary.currency, scale: summary.scale });
  const onClaim = () =>
    claim.mutate(period.periodKey, {
      onSuccess: (r) => toast.success(t('claimed', { amount: money(r.amountMinor) })),
      onError: (error) => toast.error(translateError(error)),
    });
  return (
    <article className="rebate-period" aria-label={title}>
      <header className="rebate-period__head">
        <h4 className="rebate-period__title">{title}</h4>
        <span className={`rebate-status rebate-status--${period.status}`}>{t(`status.${period.status}`)}</span>
      </header>
      <p className="rebate-period__dates">
        {t('dates', { start: formats.dateTime(period.start), end: formats.dateTime(period.end) })}
      </p>
      {period.lines.length === 0 ? (
        <p className="rebate-period__empty">{t('noTurnover')}</p>
      ) : (
        <ul className="rebate-lines">
          {period.lines.map((line) => (
            <li key={line.category} className="rebate-line">
              <span>{t(`betRecord:categories.${line.category}`)}</span>
              <span className="rebate-line__calc">
                {t('calculation', {
                  turnover: money(line.turnoverMinor),
                  rate: formats.percent(line.rateBp / 10_000),
                  amount: money(line.amountMinor),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="rebate-period__total">
        {t('total')} <strong>{money(period.totalMinor)}</strong>
      </p>
      {period.status === 'claimable' ? (
        <Button onClick={onClaim} loading={claim.isPending} disabled={claim.isPending}>
          {t('claim')}
        </Button>
      ) : null}
    </article>
  );
}

/**
 * Member-centre page "manualRebate" (betting bonus): the operator's rates per category, the period
 * in progress with its calculation, and the ended periods with their status; an ended period in
 * claim mode is claimed here, once.
 */
export function RebatePage() {
  const { t } = useTranslation(['rebate', 'betRecord']);
  const formats = useFormats();
  const { data, isPending, isError, refetch } = useRebateSummary();
  if (isPending) return <p role="status">{t('loading')}</p>;
  if (isError || !data) {
    return (
      <p role="alert">
        {t('loadFailed')} <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </p>
    );
  }
  if (!data.enabled) return <p className="rebate-off">{t('off')}</p>;
  return (
    <section className="rebate-page" aria-labelledby="rebate-title">
      <h3 id="rebate-title">{t('title')}</h3>
      <p className="rebate-intro">
        {t(data.mode === 'claim' ? 'introClaim' : 'introAuto', { period: t(`periods.${data.period}`) })}
      </p>
      <ul className="rebate-rates" aria-label={t('ratesLabel')}>
        {data.rates.map((r) => (
          <li key={r.category}>
            {t(`betRecord:categories.${r.category}`)}: <strong>{formats.percent(r.rateBp / 10_000)}</strong>
          </li>
        ))}
      </ul>
      <PeriodCard period={data.current} summary={data} title={t('current')} />
      <h4 className="rebate-past-title">{t('past')}</h4>
      {data.past.length === 0 ? (
        <p>{t('noPast')}</p>
      ) : (
        data.past.map((p) => (
          <PeriodCard
            key={p.periodKey}
            period={p}
            summary={data}
            title={t('periodOf', { start: formats.date(p.start) })}
          />
        ))
      )}
    </section>
  );
}
