import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../components/ui/icons';
import { openDownload, useDownloadModal } from '../features/download/download-store';
import { CustomerServiceIcon, CustomerServiceLink } from '../features/system/components/customer-service-link';
import { useCustomerService } from '../features/system/use-customer-service';
import { preloadNamespaces } from '../lib/i18n';
import './right-bar.css';

const DownloadModal = lazy(() =>
  Promise.all([import('../features/download/components/download-modal'), preloadNamespaces(['download'])]).then(
    ([module]) => ({
      default: module.DownloadModal,
    }),
  ),
);

/**
 * The right bar: customer service and app download, at the window's right edge on
 * tablets and desktops. Customer service opens the player's first entry: the VIP desk for a VIP
 * player, else the operator's first entry. On phones the bar is not drawn: the same
 * entries are in the side menu's drawer, and a QR code is of no use on the phone that shows it.
 */
export function RightBar() {
  const { t } = useTranslation('common');
  const { entries, isVip } = useCustomerService();
  const { isOpen } = useDownloadModal();
  const primary = entries[0];
  const csLabel = isVip ? t('customerService.vipEntry') : t('sideMenu.customerService');
  return (
    <>
      <nav className="right-bar" aria-label={t('rightBar.label')}>
        {primary && (
          <CustomerServiceLink entry={primary} className={`right-bar__item${isVip ? ' is-vip' : ''}`}>
            <CustomerServiceIcon entry={primary} size={22} />
            <span className="right-bar__text">{csLabel}</span>
          </CustomerServiceLink>
        )}
        <button type="button" className="right-bar__item" onClick={openDownload} aria-haspopup="dialog">
          <DownloadIcon size={22} />
          <span className="right-bar__text">{t('rightBar.download')}</span>
        </button>
      </nav>
      {isOpen && (
        <Suspense fallback={null}>
          <DownloadModal />
        </Suspense>
      )}
    </>
  );
}
