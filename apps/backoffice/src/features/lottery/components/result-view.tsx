import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@wps/shared/lottery/types';
import { isLotteryResult } from './lottery-format';

/** A result as it was drawn: quick draws' numbers in order, Vietnamese draws tier by tier (special prize first as it is announced). */
export function ResultView({ result, label }: { result: unknown; label: string }) {
  const { t } = useTranslation('lottery');
  if (!isLotteryResult(result)) return <p>—</p>;
  const r: LotteryResult = result;
  if (r.kind === 'numbers') {
    return (
      <ol className="lottery-balls" aria-label={label}>
        {r.numbers.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
      </ol>
    );
  }
  return (
    <dl className="lottery-prizes" aria-label={label}>
      {r.prizes.map((p) => (
        <div key={p.tier} className="lottery-prizes__row">
          <dt>{t(`tiers.${p.tier}`)}</dt>
          <dd>{p.numbers.join(' · ')}</dd>
        </div>
      ))}
    </dl>
  );
}
