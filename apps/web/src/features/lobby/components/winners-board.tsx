import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/api/get-permission';
import { useFormatMoney } from '../../../lib/money';
import { useRankList } from '../api/get-rank-list';

/** GCSGAME_getRankList: the biggest recent wins, each a round's net gain (payout less stake; the server lists only gains). */
export function WinnersBoard() {
  const { t } = useTranslation('lobby');
  const id = useId();
  const rank = useRankList();
  const { data: permission } = usePermission();
  const formatMoney = useFormatMoney();
  const brand = permission?.brand;
  return (
    <section className="winners" aria-labelledby={id}>
      <h2 id={id} className="lobby-section-title">
        {t('winners.title')}
      </h2>
      {rank.isLoading ? (
        <div className="skeleton winners__skeleton" aria-hidden="true" />
      ) : !rank.data || rank.data.list.length === 0 ? (
        <p className="lobby-empty lobby-empty--small">{t('winners.empty')}</p>
      ) : (
        // Focusable: on the home page the list scrolls sideways, and keyboard users must be able to scroll it (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is the documented exception
        <ol className="winners__list" tabIndex={0} aria-labelledby={id}>
          {rank.data.list.map((w, i) => (
            <li key={`${w.account}-${w.wonAt}-${i}`} className="winners__item">
              <span className="winners__account">{w.account}</span>
              <span className="winners__game">{w.gameName ?? t('winners.unknownGame')}</span>
              <span className="winners__amount amount">
                {brand ? formatMoney(w.amount, { currency: brand.currency, scale: brand.currencyScale }) : w.amount}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
