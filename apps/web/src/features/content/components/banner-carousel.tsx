import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { Banner } from '@wps/shared/schemas/content';
import { BANNER_AUTOPLAY_MS } from '../banner-link';
import { BannerSlide } from './banner-slide';
import type { BannerStripVariant } from './banner-strip';

type BannerCarouselProps = { banners: Banner[]; variant: BannerStripVariant };

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * More than one banner: a looping carousel that moves every 5 s, pausing while the pointer is over
 * it or focus is inside it. With reduced motion asked for, it never moves by itself and a dot
 * jumps without the sliding animation. The home page's slider is centred, with dots.
 */
export function BannerCarousel({ banners, variant }: BannerCarouselProps) {
  const { t } = useTranslation('common');
  const [isReducedMotion] = useState(prefersReducedMotion);
  const plugins = useMemo(
    () => (isReducedMotion ? [] : [Autoplay({ delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })]),
    [isReducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: banners.length > 1, align: 'center' }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index, isReducedMotion), [embla, isReducedMotion]);

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
        <div className="banner-strip__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.bannerId}
              type="button"
              className="banner-strip__dot"
              aria-label={t('banners.goTo', { n: index + 1, count: banners.length })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      )}
    </>
  );
}
