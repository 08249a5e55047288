import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { closeDownload } from '../download-store';
import { DownloadGuide } from './download-guide';

/** The spec's QR size in the download modal. */
const MODAL_QR_SIZE = 100;

/** The app download modal, opened from the right bar. */
export function DownloadModal() {
  const { t } = useTranslation('download');
  return (
    <Modal open onClose={closeDownload} title={t('title')} size="md" className="download-modal">
      <DownloadGuide qrSize={MODAL_QR_SIZE} />
    </Modal>
  );
}
