import type { ReactNode } from 'react';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../../../components/ui/icons';
import { useFormatDateTime } from '../../../lib/date-format';
import { promotionDetailPath } from '../promotion-path';

/** A calendar, drawn here: only promotions use it, and the shared icons module is in the first download. */
function CalendarIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}

/** A promotion's period in words: from and until as scheduled, open ends said so. */
export function PromotionPeriod({ item }: { item: Pick<LiveContentItem, 'publishFrom' | 'publishUntil'> }) {
  const { t } = useTranslation('content');
  const format = useFormatDateTime();
  const { publishFrom: from, publishUntil: until } = item;
  const text =
    from && until
      ? t('promotions.period.range', { from: format(from), until: format(until) })
      : until
        ? t('promotions.period.until', { until: format(until) })
        : from
          ? t('promotions.period.from', { from: format(from) })
          : t('promotions.period.always');
  return (
    <p className="promotion-period">
      <CalendarIcon />
      <span className="visually-hidden">{t('promotions.periodLabel')}: </span>
      {text}
    </p>
  );
}

/** A promotion's tags as badges. */
export function PromotionTags({ item }: { item: Pick<LiveContentItem, 'tags'> }) {
  const { t } = useTranslation('content');
  if (item.tags.length === 0) return null;
  return (
    <ul className="promotion-tags" aria-label={t('promotions.tagsOf')}>
      {item.tags.map((tag) => (
        <li key={tag} className={`promotion-tag promotion-tag--${tag}`}>
          {t(`promotions.tags.${tag}`)}
        </li>
      ))}
    </ul>
  );
}

/** A promotion's picture in its reserved box, or a drawn placeholder when it has none. */
export function PromotionPicture({
  item,
  isEager = false,
}: {
  item: Pick<LiveContentItem, 'image'>;
  isEager?: boolean;
}) {
  if (!item.image) {
    return (
      <span className="promotion-picture promotion-picture--none" aria-hidden="true">
        <GiftIcon size={40} />
      </span>
    );
  }
  return (
    <img
      className="promotion-picture"
      src={item.image.url}
      alt=""
      width={item.image.width}
      height={item.image.height}
      loading={isEager ? undefined : 'lazy'}
    />
  );
}

type PromotionCardProps = {
  item: LiveContentItem;
  headingLevel?: 2 | 3;
  isTarget?: boolean /** The player's activity, composed by the app. */;
  activity?: ReactNode;
};

/**
 * One promotion on /promotions: its picture, category, title, tags, period and a link to its
 * page. The article carries the promotion's id, so /promotions#id scrolls to it.
 */
export function PromotionCard({ item, headingLevel = 2, isTarget = false, activity }: PromotionCardProps) {
  const { t } = useTranslation('content');
  const Heading = `h${headingLevel}` as const;
  const titleId = `promotion-title-${item.id}`;
  return (
    <article
      id={item.id}
      className={`promotion-card${isTarget ? ' is-target' : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <PromotionPicture item={item} />
      <div className="promotion-card__body">
        <p className="promotion-card__category">{t(`promotions.categories.${item.groupCode}`)}</p>
        <Heading id={titleId} className="promotion-card__title">
          {item.title}
        </Heading>
        <PromotionTags item={item} />
        <PromotionPeriod item={item} />
        {activity}
        <Link
          className="promotion-card__link"
          to={promotionDetailPath(item.id)}
          aria-label={t('promotions.detailsOf', { title: item.title })}
        >
          {t('promotions.details')}
        </Link>
      </div>
    </article>
  );
}
