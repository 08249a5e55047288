import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { SiteSettingKey, SiteSettingsView } from '@wps/shared/schemas/site-settings';
import { Tabs } from '../../../components/tabs';
import { errorText } from '../../../lib/error-text';
import { useCan } from '../../../lib/permissions';
import { useSiteSettings } from '../api/site-settings';
import { AccountsSection } from './accounts-section';
import { BrandSection } from './brand-section';
import { ContactsSection } from './contacts-section';
import { LicenceSection } from './licence-section';
import { MoneyPolicySection } from './money-policy-section';
import { OperatorIdentitySection } from './operator-identity-section';
import { RegionSection } from './region-section';
import { DeliverySection } from './delivery-section';
import { RegistrationSection } from './registration-section';
import { SwitchesSection } from './switches-section';
import './site-settings.css';

const SECTIONS = [
  'brand',
  'identity',
  'switches',
  'registration',
  'region',
  'contacts',
  'delivery',
  'accounts',
  'money',
  'licence',
] as const;
type Section = (typeof SECTIONS)[number];

/** Each section's settings: the section's form starts again from the stored values when one of them changes. */
const SECTION_KEYS: Record<Section, readonly SiteSettingKey[]> = {
  brand: ['brand', 'languages'],
  identity: ['operatorIdentity', 'selfExclusionUrl'],
  switches: ['modules', 'loginToHome', 'modalsDraggable', 'newDeviceVerification'],
  registration: ['register', 'minimumAge', 'registrationBonusMinor', 'modules'],
  region: ['blockedCountries', 'defaultCountry'],
  contacts: ['customerService', 'resources', 'domains'],
  delivery: ['delivery'],
  accounts: ['maintenance', 'passwordMaxAgeDays', 'maxBankAccountsPerMember', 'freeplayDemoBalanceMinor'],
  // The operator money policy's thresholds have their own endpoint (four eyes for a raise).
  money: [],
  // The licence has its own endpoint (four eyes for a switch).
  licence: [],
};

/**
 * Site settings (settings.read; changes need settings.write): brand and languages, who runs the
 * site (the operator's identification, with the licence's warnings), switches, registration with
 * a preview of the form players get, region rules, contacts and resources, maintenance and account
 * limits, the operator money policy's thresholds, and the licence. The open section is in the
 * address (?section=registration).
 */
export function SiteSettingsPage() {
  const { t } = useTranslation('site-settings');
  const canWrite = useCan('settings.write');
  const settings = useSiteSettings();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = SECTIONS.find((s) => s === requested) ?? 'brand';

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  return (
    <section className="page" aria-labelledby="site-settings-title">
      <h1 id="site-settings-title">{t('title')}</h1>
      {!canWrite && <p className="site-read-only">{t('readOnly')}</p>}
      {settings.isPending ? (
        <LoadingState label={t('loading')} />
      ) : settings.isError ? (
        <ErrorState
          message={errorText(t, settings.error)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <Tabs
          ids={SECTIONS}
          active={section}
          onChange={(id) => setParams({ section: id }, { replace: true })}
          label={t('sectionsLabel')}
          labelOf={(id) => t(`sections.${id}`)}
          idPrefix="site"
        >
          <SectionView
            key={`${section}:${SECTION_KEYS[section].map((k) => settings.data.versions[k]).join()}`}
            section={section}
            view={settings.data}
            canWrite={canWrite}
          />
        </Tabs>
      )}
    </section>
  );
}

function SectionView({ section, view, canWrite }: { section: Section; view: SiteSettingsView; canWrite: boolean }) {
  const props = { view, canWrite };
  switch (section) {
    case 'brand':
      return <BrandSection {...props} />;
    case 'identity':
      return <OperatorIdentitySection {...props} />;
    case 'switches':
      return <SwitchesSection {...props} />;
    case 'registration':
      return <RegistrationSection {...props} />;
    case 'region':
      return <RegionSection {...props} />;
    case 'contacts':
      return <ContactsSection {...props} />;
    case 'delivery':
      return <DeliverySection {...props} />;
    case 'accounts':
      return <AccountsSection {...props} />;
    case 'money':
      return <MoneyPolicySection scale={view.values.brand.currencyScale} canWrite={canWrite} />;
    case 'licence':
      return <LicenceSection canWrite={canWrite} />;
  }
}
