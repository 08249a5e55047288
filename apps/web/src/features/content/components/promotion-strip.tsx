import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePromotions } from '../api/list-promotions';
import { PromotionPeriod, PromotionPicture, PromotionTags } from './promotion-card';
import './promotions.css';

/** How many offers the home strip shows; the rest are one click away on /promotions. */
const STRIP_SIZE = 8;

/**
 * The home page's promotions strip: the first live offers as compact cards, each opening its
 * entry on /promotions (#id), and a link to all of them. Nothing when no promotion is live.
 */
export function PromotionStrip() {
  const { t } = useTranslation('content');
  const id = useId();
  const promotions = usePromotions();
  const list = promotions.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="promotion-strip" aria-labelledby={id}>
      <div className="promotion-strip__head">
        <h2 id={id} className="promotion-strip__title">
          {t('promotions.title')}
        </h2>
        <Link to="/promotions" className="promotion-strip__all">
          {t('promotions.seeAll')}
        </Link>
      </div>
      <ul className="promotion-strip__list">
        {list.slice(0, STRIP_SIZE).map((item) => (
          <li key={item.id}>
            <Link to={`/promotions#${item.id}`} className="promotion-strip__item">
              <PromotionPicture item={item} />
              <div className="promotion-strip__body">
                <span className="promotion-strip__name">{item.title}</span>
                <PromotionTags item={item} />
                <PromotionPeriod item={item} />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
