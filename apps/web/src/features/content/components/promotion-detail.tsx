import type { ReactNode } from 'react';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../components/ui/icons';
import { PromotionPeriod, PromotionPicture, PromotionTags } from './promotion-card';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import './promotions.css';

/**
 * /promoDetail: one promotion as content, its picture, category, tags, period and rules text (the
 * operator's HTML, sanitised again here). The app puts the player's activity (status, button,
 * raffles) under the period through `children`.
 */
export function PromotionDetail({ item, children }: { item: LiveContentItem; children?: ReactNode }) {
  const { t } = useTranslation('content');
  return (
    <article className="promotion-detail" aria-labelledby="promotion-detail-title">
      <Link to={`/promotions#${item.id}`} className="promotion-detail__back">
        <ChevronLeftIcon size={18} />
        {t('promotions.back')}
      </Link>
      <PromotionPicture item={item} isEager />
      <div className="promotion-detail__body">
        <p className="promotion-card__category">{t(`promotions.categories.${item.groupCode}`)}</p>
        <h1 id="promotion-detail-title" className="promotion-detail__title">
          {item.title}
        </h1>
        <PromotionTags item={item} />
        <PromotionPeriod item={item} />
        {children}
        {/* The operator's text is the promotion's whole description, often with its own "Regras" heading. */}
        <h2 className="promotion-detail__rules">{t('promotions.about')}</h2>
        {item.bodyHtml.trim() ? (
          <SanitizedHtml className="content-html" html={item.bodyHtml} />
        ) : (
          <p className="promotions-page__lead">{t('promotions.noRules')}</p>
        )}
      </div>
    </article>
  );
}
