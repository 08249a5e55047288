import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RebateSettingsForm } from './rebate-settings-form';
import { ReferralSettingsForm } from './referral-settings-form';
import './reward-programmes.css';

/** The reward programmes players see in their member centre: the betting bonus and refer and earn (rewards.read; changes need rewards.write). */
export function RewardProgrammesPage() {
  const { t } = useTranslation('reward-programmes');
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);
  return (
    <section className="page programmes-page" aria-labelledby="programmes-title">
      <div className="page-header">
        <h1 id="programmes-title">{t('title')}</h1>
      </div>
      <div className="programmes-grid">
        <RebateSettingsForm />
        <ReferralSettingsForm />
      </div>
    </section>
  );
}
