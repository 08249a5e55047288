import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PromotionTag } from '@wps/shared/schemas/content';
import { ListStates } from '../../../components/ui/list-states';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { translateError } from '../../../lib/i18n';
import { usePromotions } from '../api/list-promotions';
import {
  filterPromotions,
  findPromotion,
  promotionTabsOf,
  promotionTagsOf,
  type PromotionTab,
} from '../promotion-view';
import { PromotionCard } from './promotion-card';
import './promotions.css';

/**
 * /promotions: the live promotions as cards, with a tab per category that has some ("all" first)
 * and tag filters. `#id` names a promotion: the page shows every category, scrolls to its card
 * once the list is in (the frame's scroll gives up after two seconds) and marks it. The app puts
 * the player's activity (status and button) in each card through `renderActivity`.
 */
export function PromotionsPage({ renderActivity }: { renderActivity?: (promotionId: string) => ReactNode }) {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const promotions = usePromotions();
  const [tab, setTab] = useState<PromotionTab>('all');
  const [tags, setTags] = useState<PromotionTag[]>([]);
  const titleId = useId();
  const list = promotions.data ?? [];
  const targetId = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  const target = findPromotion(promotions.data, targetId);

  // A promotion named in the address: to its card once the list is in. The filters start at "all"
  // and no tag: the frame re-creates the page when the hash changes, so its card is always shown.
  useEffect(() => {
    if (!target) return;
    const frame = requestAnimationFrame(() => {
      const card = document.getElementById(target.id);
      card?.scrollIntoView({ block: 'start' });
      card?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);

  const tabs = promotionTabsOf(list);
  const available = promotionTagsOf(list);
  const shown = filterPromotions(list, tabs.includes(tab) ? tab : 'all', tags);
  const toggleTag = (tag: PromotionTag) =>
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  return (
    <section className="promotions-page" aria-labelledby={titleId}>
      <header className="promotions-page__head">
        <h1 id={titleId} className="promotions-page__title">
          {t('promotions.title')}
        </h1>
        <p className="promotions-page__lead">{t('promotions.lead')}</p>
      </header>
      <ListStates
        isLoading={promotions.isLoading}
        errorText={promotions.isError ? translateError(promotions.error) : null}
        onRetry={() => void promotions.refetch()}
        value={promotions.data}
        isEmpty={(value) => value.length === 0}
        labels={{ loading: t('promotions.loading'), retry: t('promotions.retry'), empty: t('promotions.empty') }}
        rows={4}
      >
        {() => (
          <>
            <Tabs
              items={tabs.map((id) => ({
                id,
                label: id === 'all' ? t('promotions.all') : t(`promotions.categories.${id}`),
              }))}
              value={tab}
              onChange={setTab}
              idBase="promotions"
              ariaLabel={t('promotions.tabsLabel')}
              className="promotions-page__tabs"
            />
            {available.length > 0 && (
              <div className="promotion-filters" role="group" aria-label={t('promotions.tagsLabel')}>
                {available.map((tag) => (
                  <button
                    key={tag}
                    type="button"
                    className="promotion-filter"
                    aria-pressed={tags.includes(tag)}
                    onClick={() => toggleTag(tag)}
                  >
                    {t(`promotions.tags.${tag}`)}
                  </button>
                ))}
              </div>
            )}
            <TabPanel idBase="promotions" value={tab} className="promotions-page__panel">
              {shown.length === 0 ? (
                <div className="list-state">
                  <p>{t('promotions.emptyFilter')}</p>
                  <button type="button" className="promotion-filter" onClick={() => (setTab('all'), setTags([]))}>
                    {t('promotions.clearFilters')}
                  </button>
                </div>
              ) : (
                <div className="promotion-grid">
                  {shown.map((item) => (
                    <PromotionCard
                      key={item.id}
                      item={item}
                      isTarget={item.id === target?.id}
                      activity={renderActivity?.(item.id)}
                    />
                  ))}
                </div>
              )}
            </TabPanel>
          </>
        )}
      </ListStates>
    </section>
  );
}
