import type { Banner } from '@wps/shared/schemas/content';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { useLaunchGame } from '../../../lib/api/launch-game';
import { translateError } from '../../../lib/i18n';
import { toBannerLink } from '../banner-link';

type BannerSlideProps = { banner: Banner; isFirst: boolean };

/**
 * One banner: its picture, a link when it has a linkage. The first slide is usually the page's
 * largest paint, so it loads at once with high priority; the others load lazily. The API's width
 * and height reserve the picture's box before it loads.
 */
export function BannerSlide({ banner, isFirst }: BannerSlideProps) {
  const link = toBannerLink(banner);
  const launch = useLaunchGame();
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
  if (link?.kind === 'game') {
    // The lobby's launch: a visitor is asked to log in first; a refusal (maintenance, not
    // connected) is said in a toast.
    const play = () =>
      launch.mutate(
        { nodeId: link.nodeId, vassalage: link.vassalage, gameId: link.nodeId },
        { onError: (error) => toast.error(translateError(error)) },
      );
    return (
      <button
        type="button"
        className="banner-slide__link banner-slide__button"
        onClick={play}
        disabled={launch.isPending}
        aria-busy={launch.isPending || undefined}
      >
        {image}
      </button>
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
