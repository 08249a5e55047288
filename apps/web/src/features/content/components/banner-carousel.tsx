import { useTranslation } from 'react-i18next';
import type { Banner } from '@wps/shared/schemas/content';
import { BannerSlide } from './banner-slide';
import { CarouselDots } from './carousel-dots';
import type { BannerStripVariant } from './banner-strip';
import { useCarousel } from './use-carousel';

type BannerCarouselProps = { banners: Banner[]; variant: BannerStripVariant };

/**
 * More than one banner: a looping carousel that moves every 5 s, pausing while the pointer is over
 * it or focus is inside it. With reduced motion asked for, it never moves by itself and a dot
 * jumps without the sliding animation. The home page's slider is centred, with dots.
 */
export function BannerCarousel({ banners, variant }: BannerCarouselProps) {
  const { t } = useTranslation('common');
  const { viewportRef, selected, goTo } = useCarousel(banners.length);

  return (
    <>
      <div className="banner-strip__viewport" ref={viewportRef}>
        <div className="banner-strip__container">
          {banners.map((banner, index) => (
            <div
              key={banner.bannerId}
              className="banner-strip__slide"
              role="group"
              aria-roledescription={t('banners.slide')}
              aria-label={t('banners.position', { n: index + 1, count: banners.length })}
            >
              <BannerSlide banner={banner} isFirst={index === 0} />
            </div>
          ))}
        </div>
      </div>
      {variant === 'slider' && (
        <CarouselDots
          keys={banners.map((b) => b.bannerId)}
          selected={selected}
          onSelect={goTo}
          labelOf={(n, count) => t('banners.goTo', { n, count })}
          block="banner-strip"
        />
      )}
    </>
  );
}
