import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/tabs';
import { LabelsSection } from './labels-section';
import { MallItemsSection } from './mall-items-section';
import { PointsSettingsSection } from './points-settings-section';
import { VipLevelsSection } from './vip-levels-section';
import './loyalty.css';

const TABS = ['items', 'points', 'vip', 'labels'] as const;
type Tab = (typeof TABS)[number];

/**
 * Points and VIP (loyalty.read; changes need loyalty.write): the mall's items, the points
 * settings (earning rates by game category, conversion), the VIP levels and the member labels.
 */
export function LoyaltyPage() {
  const { t } = useTranslation('loyalty');
  const [tab, setTab] = useState<Tab>('items');
  useEffect(() => {
    document.title = t('settings.documentTitle');
  }, [t]);
  return (
    <section className="page" aria-labelledby="loyalty-title">
      <div className="page-header">
        <h1 id="loyalty-title">{t('settings.title')}</h1>
      </div>
      <Tabs
        ids={TABS}
        active={tab}
        onChange={setTab}
        label={t('settings.title')}
        labelOf={(id) => t(`settings.tabs.${id}`)}
        idPrefix="loyalty"
      >
        {tab === 'items' && <MallItemsSection />}
        {tab === 'points' && <PointsSettingsSection />}
        {tab === 'vip' && <VipLevelsSection />}
        {tab === 'labels' && <LabelsSection />}
      </Tabs>
    </section>
  );
}
