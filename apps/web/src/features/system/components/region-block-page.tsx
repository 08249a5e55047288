import { useTranslation } from 'react-i18next';
import type { CustomerServiceEntry } from '../customer-service';
import { StatusPage } from './status-page';

/** A drawn globe with a block sign. */
function RegionArt() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false" className="status-art">
      <circle cx="60" cy="60" r="56" className="status-art__halo" />
      <g className="status-art__globe" fill="none" strokeWidth="4">
        <circle cx="56" cy="56" r="26" />
        <path d="M30 56h52M56 30c8 8 12 16 12 26s-4 18-12 26c-8-8-12-16-12-26s4-18 12-26z" />
      </g>
      <g className="status-art__block" fill="none" strokeWidth="5">
        <circle cx="82" cy="82" r="14" />
        <path d="M72 92l20-20" />
      </g>
    </svg>
  );
}

export type RegionBlockPageProps = {
  location: { ip: string; country: string | null };
  customerService: readonly CustomerServiceEntry[];
};

/** Status 2: the visitor's IP and country, the block notice and contact-us. */
export function RegionBlockPage({ location, customerService }: RegionBlockPageProps) {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      illustration={<RegionArt />}
      title={t('status.regionTitle')}
      notice={
        <>
          <p>{t('status.regionNotice')}</p>
          <dl className="status-page__facts">
            <div>
              <dt>{t('status.ip')}</dt>
              <dd className="tabular" data-testid="region-ip">
                {location.ip}
              </dd>
            </div>
            <div>
              <dt>{t('status.country')}</dt>
              <dd>{location.country ?? t('status.unknownCountry')}</dd>
            </div>
          </dl>
        </>
      }
      customerService={customerService}
    />
  );
}
