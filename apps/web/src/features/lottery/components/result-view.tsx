import { useTranslation } from 'react-i18next';

type Prize = { tier: string; numbers: string[] };

function isNumbers(result: unknown): result is { kind: 'numbers'; numbers: number[] } {
  return (
    !!result &&
    typeof result === 'object' &&
    (result as { kind?: unknown }).kind === 'numbers' &&
    Array.isArray((result as { numbers?: unknown }).numbers)
  );
}

function isPrizes(result: unknown): result is { kind: 'prizes'; prizes: Prize[] } {
  return (
    !!result &&
    typeof result === 'object' &&
    (result as { kind?: unknown }).kind === 'prizes' &&
    Array.isArray((result as { prizes?: unknown }).prizes)
  );
}

/** A result as one list of balls (quick draws) or the Vietnamese prize table (tiers with their numbers). */
export function ResultView({ result }: { result: unknown }) {
  const { t } = useTranslation('lottery');
  if (isNumbers(result)) {
    return (
      <ol
        className="lot-balls"
        data-testid="lottery-result-numbers"
        data-result={result.numbers.join(',')}
        aria-label={t('result.numbers')}
      >
        {result.numbers.map((n, i) => (
          <li key={i} className="lot-ball">
            {n}
          </li>
        ))}
      </ol>
    );
  }
  if (isPrizes(result)) {
    return (
      <table className="lot-prizes" data-testid="lottery-prize-table">
        <caption className="visually-hidden">{t('result.prizeTable')}</caption>
        <tbody>
          {result.prizes.map((p) => (
            <tr key={p.tier}>
              <th scope="row">{t(`tiers.${p.tier}`, { defaultValue: p.tier })}</th>
              <td>
                {p.numbers.map((n, i) => (
                  <span key={i} className={`lot-prize${p.tier === 'special' ? ' is-special' : ''}`}>
                    {n}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return <p className="lot-muted">{t('result.none')}</p>;
}
