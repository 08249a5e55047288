import { useTranslation } from 'react-i18next';
import { computeTrend, type TrendEntry } from '../trend';

function Bars({
  title,
  entries,
  max,
  kind,
}: {
  title: string;
  entries: TrendEntry[];
  max: number;
  kind: 'hot' | 'cold';
}) {
  const { t } = useTranslation('lottery');
  return (
    <div className="lot-trend__col">
      <h4>{title}</h4>
      <ul className="lot-bars" data-testid={`lottery-trend-${kind}`}>
        {entries.map((e) => (
          <li key={e.value} className="lot-bar">
            <span className="lot-bar__label">{e.label}</span>
            <span className="lot-bar__track" aria-hidden="true">
              <span
                className={`lot-bar__fill lot-bar__fill--${kind}`}
                style={{ width: `${Math.round((e.count / max) * 100)}%` }}
              />
            </span>
            <span className="lot-bar__count">{t('trend.times', { count: e.count })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Hot and cold numbers over the recent results, as simple bars. */
export function TrendBars({
  draws,
  range,
}: {
  draws: readonly { result: unknown }[];
  range: { lo: number; hi: number };
}) {
  const { t } = useTranslation('lottery');
  const trend = computeTrend(draws, range);
  if (trend.draws === 0) return null;
  return (
    <section className="lot-trend" aria-labelledby="lot-trend-title">
      <h3 id="lot-trend-title">{t('trend.title', { count: trend.draws })}</h3>
      <div className="lot-trend__cols">
        <Bars title={t('trend.hot')} entries={trend.hot} max={trend.max} kind="hot" />
        <Bars title={t('trend.cold')} entries={trend.cold} max={trend.max} kind="cold" />
      </div>
    </section>
  );
}
