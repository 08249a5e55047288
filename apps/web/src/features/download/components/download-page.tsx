import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadGuide } from './download-guide';

/** The QR code on the page, where there is room for a larger one than in the modal. */
const PAGE_QR_SIZE = 160;

/** /down: the app download page (its banner group, w_down, shows above it). */
export function DownloadPage() {
  const { t } = useTranslation('download');
  const titleId = useId();
  return (
    <section className="download-page" aria-labelledby={titleId}>
      <h1 id={titleId} className="download-page__title">
        {t('title')}
      </h1>
      <p className="download-page__lead">{t('lead')}</p>
      <DownloadGuide qrSize={PAGE_QR_SIZE} />
    </section>
  );
}
