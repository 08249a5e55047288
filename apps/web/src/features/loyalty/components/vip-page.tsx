import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VipInfo, VipLevel } from '@wps/shared/schemas/vip';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useVipInfo } from '../api/get-vip-info';
import { benefitLines, levelColours, progressOf } from '../loyalty-format';
import '../loyalty.css';

/**
 * Member-centre page "playerRank" (VIP bonus): the member's level in its colours, the progress to
 * the next level (turnover and deposits over the rolling window) and each level's benefits.
 */
export function VipPage() {
  const { t } = useTranslation('loyalty');
  const vip = useVipInfo();
  const titleId = useId();
  return (
    <section className="vip" aria-labelledby={titleId} data-testid="vip-page">
      <h2 id={titleId} className="vip__title">
        {t('vip.title')}
      </h2>
      <ListStates
        isLoading={vip.isLoading}
        errorText={vip.error ? translateError(vip.error) : null}
        onRetry={() => void vip.refetch()}
        value={vip.data}
        isEmpty={(v) => v.levels.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('vip.empty') }}
        rows={3}
      >
        {(v) => <VipContent info={v} />}
      </ListStates>
    </section>
  );
}

function VipContent({ info }: { info: VipInfo }) {
  const { t } = useTranslation('loyalty');
  const current = info.levels.find((l) => l.rankLevel === info.rankLevel) ?? info.levels[0]!;
  const next = info.levels.find((l) => l.rankLevel === info.rankLevel + 1);
  const money = useMoney(info);
  return (
    <>
      <div className="vip-card" style={levelColours(current)} data-testid="vip-current">
        <span className="vip-card__badge">{current.labelName}</span>
        <span className="vip-card__label">{t('vip.yourLevel')}</span>
        <p className="vip-card__window">{t('vip.window', { days: info.windowDays })}</p>
      </div>
      {next ? (
        <div className="vip-progress">
          <p className="vip-progress__next">{t('vip.next', { level: next.labelName })}</p>
          <ProgressBar label={t('vip.turnover')} value={info.turnover} target={next.turnover} format={money} />
          <ProgressBar label={t('vip.deposit')} value={info.deposit} target={next.deposit} format={money} />
        </div>
      ) : (
        <p className="vip-progress__top">{t('vip.top')}</p>
      )}
      <h3 className="vip__subtitle">{t('vip.levels')}</h3>
      <ul className="vip-levels">
        {info.levels.map((level) => (
          <LevelRow key={level.rankLevel} level={level} isCurrent={level.rankLevel === info.rankLevel} money={money} />
        ))}
      </ul>
    </>
  );
}

function useMoney(info: VipInfo) {
  const format = useFormatMoney();
  return (amount: string) => format(amount, { currency: info.currency, scale: info.currencyScale });
}

function ProgressBar({
  label,
  value,
  target,
  format,
}: {
  label: string;
  value: string;
  target: string;
  format: (amount: string) => string;
}) {
  const { percent } = useFormats();
  const share = progressOf(value, target);
  return (
    <div className="vip-bar">
      <div className="vip-bar__text">
        <span>{label}</span>
        <span className="vip-bar__figures">{`${format(value)} / ${format(target)}`}</span>
      </div>
      <div
        className="vip-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={percent(share, 0)}
      >
        <div className="vip-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

function LevelRow({
  level,
  isCurrent,
  money,
}: {
  level: VipLevel;
  isCurrent: boolean;
  money: (amount: string) => string;
}) {
  const { t, i18n } = useTranslation('loyalty');
  const { number } = useFormats();
  const bonus = (kind: 'cash' | 'points', amount: string) =>
    kind === 'cash' ? money(amount) : t('points', { points: number(Number(amount)) });
  return (
    <li
      className={`vip-level${isCurrent ? ' is-current' : ''}`}
      style={levelColours(level)}
      aria-current={isCurrent ? 'true' : undefined}
    >
      <span className="vip-level__badge">{level.labelName}</span>
      <dl className="vip-level__facts">
        <div>
          <dt>{t('vip.needs')}</dt>
          <dd>{t('vip.needsValue', { turnover: money(level.turnover), deposit: money(level.deposit) })}</dd>
        </div>
        <div>
          <dt>{t('vip.multiplier')}</dt>
          <dd>{`${number(level.pointsMultiplierPct / 100, 1)}×`}</dd>
        </div>
        {Number(level.upgradeBonus) > 0 && (
          <div>
            <dt>{t('vip.upgradeBonus')}</dt>
            <dd>{bonus(level.upgradeBonusKind, level.upgradeBonus)}</dd>
          </div>
        )}
        {Number(level.monthlyBonus) > 0 && (
          <div>
            <dt>{t('vip.monthlyBonus')}</dt>
            <dd>{bonus(level.monthlyBonusKind, level.monthlyBonus)}</dd>
          </div>
        )}
      </dl>
      {benefitLines(level, i18n.language).length > 0 && (
        <ul className="vip-level__benefits">
          {benefitLines(level, i18n.language).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
