import { useTranslation } from 'react-i18next';
import type { VendorCard as VendorCardData } from '@wps/shared/schemas/catalogue';
import { LazyImage } from './lazy-image';

/** A vendor on a category page: logo, name, game count, maintenance badge. */
export function VendorCard({ vendor, onOpen }: { vendor: VendorCardData; onOpen: (vendor: VendorCardData) => void }) {
  const { t } = useTranslation('lobby');
  const isMaintenance = vendor.status === 'maintenance';
  return (
    <li className={`vendor-card${isMaintenance ? ' is-maintenance' : ''}`} data-vassalage={vendor.vassalage}>
      <button type="button" className="vendor-card__button" onClick={() => onOpen(vendor)}>
        <LazyImage src={vendor.logo} alt="" width={240} height={120} className="vendor-card__logo" />
        <span className="vendor-card__name">{vendor.name}</span>
        <span className="vendor-card__meta">
          {isMaintenance ? t('tile.maintenance') : t('vendor.games', { count: vendor.gameCount })}
        </span>
      </button>
    </li>
  );
}

/** Vendor-shaped placeholders while the lanes load. */
export function VendorCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="vendor-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="vendor-card vendor-card--skeleton">
          <span className="skeleton vendor-card__skeleton" />
        </li>
      ))}
    </ul>
  );
}
