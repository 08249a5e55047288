import { useCallback, useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { useMediaQuery } from '../../../lib/use-media-query';
import { BANNER_AUTOPLAY_MS } from '../banner-link';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The operator's slides as a carousel (Embla): with more than one slide it loops and moves every
 * 5 s, pausing while the pointer is over it or focus is inside it. With reduced motion asked for,
 * it never moves by itself and `goTo` jumps without the sliding animation.
 */
export function useCarousel(count: number, align: 'center' | 'start' = 'center') {
  const isReducedMotion = useMediaQuery(REDUCED_MOTION);
  const plugins = useMemo(
    () =>
      isReducedMotion || count < 2
        ? []
        : [
            Autoplay({
              delay: BANNER_AUTOPLAY_MS,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ],
    [isReducedMotion, count],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: count > 1, align }, plugins);
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
  return { viewportRef, selected, goTo };
}
