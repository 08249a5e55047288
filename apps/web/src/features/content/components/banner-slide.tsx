import type { Banner } from '@wps/shared/schemas/content';
import { Link } from 'react-router';
import { toBannerLink } from '../banner-link';

type BannerSlideProps = { banner: Banner; isFirst: boolean };

/**
 * One banner: its picture, a link when it has a linkage. The first slide is usually the page's
 * largest paint, so it loads at once with high priority; the others load lazily. The API's width
 * and height reserve the picture's box before it loads.
 */
export function BannerSlide({ banner, isFirst }: BannerSlideProps) {
  const link = toBannerLink(banner);
  const image = (
    <img
      className="banner-slide__image"
      src={banner.url}
      alt={banner.title}
      width={banner.width}
      height={banner.height}
      fetchPriority={isFirst ? 'high' : undefined}
      loading={isFirst ? undefined : 'lazy'}
      draggable={false}
    />
  );
  if (link?.kind === 'route') {
    return (
      <Link className="banner-slide__link" to={link.to}>
        {image}
      </Link>
    );
  }
  if (link?.kind === 'external') {
    return (
      <a className="banner-slide__link" href={link.href} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  return image;
}
