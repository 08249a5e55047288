import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePromotions } from '../api/list-promotions';
import { promotionDetailPath } from '../promotion-path';
import { PromotionPeriod, PromotionPicture } from './promotion-card';
import { CarouselDots } from './carousel-dots';
import { useCarousel } from './use-carousel';
import './promotions.css';

/**
 * The registration page's side slider: the live promotions of category new_player, each opening
 * its page, moving every 5 s when there is more than one (dots to choose). Nothing when none.
 */
export function NewPlayerSlider() {
  const { t } = useTranslation('content');
  const id = useId();
  const offers = (usePromotions().data ?? []).filter((item) => item.groupCode === 'new_player');
  const { viewportRef, selected, goTo } = useCarousel(offers.length, 'start');
  if (offers.length === 0) return null;
  return (
    <section className="new-player-slider" aria-labelledby={id}>
      <h2 id={id} className="promotion-strip__title">
        {t('promotions.slider')}
      </h2>
      <div className="new-player-slider__viewport" ref={viewportRef}>
        <div className="new-player-slider__container">
          {offers.map((item, index) => (
            <div
              key={item.id}
              className="new-player-slider__slide"
              role="group"
              aria-roledescription={t('promotions.slideRole')}
              aria-label={t('promotions.slide', { n: index + 1, count: offers.length })}
            >
              <Link to={promotionDetailPath(item.id)} className="promotion-strip__item">
                <PromotionPicture item={item} />
                <div className="promotion-strip__body">
                  <span className="promotion-strip__name">{item.title}</span>
                  <PromotionPeriod item={item} />
                </div>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {offers.length > 1 && (
        <CarouselDots
          keys={offers.map((item) => item.id)}
          selected={selected}
          onSelect={goTo}
          labelOf={(n, count) => t('promotions.showSlide', { n, count })}
          block="new-player-slider"
        />
      )}
    </section>
  );
}
