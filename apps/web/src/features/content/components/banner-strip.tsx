import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@wps/shared/schemas/content';
import { useBanners, type BannerGroup } from '../api/list-banners';
import { BannerSlide } from './banner-slide';
import './banner-strip.css';

// The carousel (Embla and its autoplay) is its own download, fetched only when a route has more
// than one banner: it stays out of the home page's first script.
const BannerCarousel = lazy(() => import('./banner-carousel').then((module) => ({ default: module.BannerCarousel })));

export type BannerStripVariant = 'slider' | 'single';

type BannerStripProps = {
  group: BannerGroup;
  /** The home page's centred slider with pagination dots, or one slide at a time (other pages). */
  variant: BannerStripVariant;
  /** Drawn while the banners load (the home's served first banner), instead of nothing. */
  pending?: ReactNode;
};

/**
 * The banner strip of a route: its group's banners, nothing at all when the group has none (no
 * empty box). Drawn when the banners arrive; the page around it never waits for them.
 */
export function BannerStrip({ group, variant, pending = null }: BannerStripProps) {
  const { t } = useTranslation('common');
  const { data: banners, isPending } = useBanners(group);
  if (isPending) return pending;
  if (!banners || banners.length === 0) return null;
  return (
    <section
      className={`banner-strip banner-strip--${variant}`}
      aria-label={t('banners.label')}
      aria-roledescription={t('banners.carousel')}
    >
      {banners.length === 1 ? (
        <StaticSlides banners={banners} />
      ) : (
        <Suspense fallback={<StaticSlides banners={banners} />}>
          <BannerCarousel banners={banners} variant={variant} />
        </Suspense>
      )}
    </section>
  );
}

/** The first banner in the carousel's frame, while the carousel loads (or when it is the only one). */
function StaticSlides({ banners }: { banners: Banner[] }) {
  const [first] = banners;
  return (
    <div className="banner-strip__viewport">
      <div className="banner-strip__container banner-strip__container--static">
        <div className="banner-strip__slide">{first && <BannerSlide banner={first} isFirst />}</div>
      </div>
    </div>
  );
}
