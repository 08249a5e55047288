import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { DownloadIcon } from '../../../components/ui/icons';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { usePermission } from '../../../lib/api/get-permission';
import { APP_PLATFORMS, findAppLink, type AppPlatform } from '../app-links';
import './download.css';

const STEPS = [1, 2, 3, 4] as const;

/** The first step: a QR code of the app's link to scan, and the link itself for the phone in hand. */
function FirstStep({ platform, link, qrSize }: { platform: AppPlatform; link: string | null; qrSize: number }) {
  const { t } = useTranslation('download');
  if (!link) {
    return (
      <p className="download-guide__missing" role="note">
        {t(`${platform}.missing`)}
      </p>
    );
  }
  return (
    <div className="download-guide__first">
      <div className="download-guide__qr">
        {/* Black on white with its quiet zone whatever the theme: cameras read dark modules on a light ground. */}
        <QRCodeSVG
          value={link}
          size={qrSize}
          level="M"
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('qrLabel', { platform: t(`${platform}.name`) })}
        />
      </div>
      <a
        className="btn btn--primary btn--md download-guide__link"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
      >
        <DownloadIcon size={18} />
        <span className="btn__label">{t(`${platform}.download`)}</span>
      </a>
    </div>
  );
}

/**
 * How to install the app: an Android and an iOS tab of four steps each; the first step shows a QR
 * code of the operator's link for that platform (the APK, or the iOS configuration profile), or a
 * note when the operator has none. Shown by the /down page and the download modal.
 */
export function DownloadGuide({ qrSize }: { qrSize: number }) {
  const { t } = useTranslation('download');
  const idBase = useId().replace(/:/g, '');
  const { data: permission } = usePermission();
  const [platform, setPlatform] = useState<AppPlatform>('android');
  const brand = permission?.brand.brandName ?? '';
  const link = findAppLink(permission?.resources ?? [], platform);

  return (
    <div className="download-guide">
      <Tabs
        idBase={idBase}
        ariaLabel={t('platforms')}
        value={platform}
        onChange={setPlatform}
        items={APP_PLATFORMS.map((id) => ({ id, label: t(`${id}.name`) }))}
        className="download-guide__tabs"
      />
      {/* Keyed so each platform's panel starts at its own first step. */}
      <TabPanel key={platform} idBase={idBase} value={platform} className="download-guide__panel">
        <ol className="download-guide__steps">
          {STEPS.map((step) => (
            <li key={step} className="download-guide__step">
              <span className="download-guide__number" aria-hidden="true">
                {step}
              </span>
              <div className="download-guide__body">
                {/* Without a link there is no code to scan: the first step is the note alone. */}
                {(step !== 1 || link) && (
                  <p className="download-guide__text">{t(`${platform}.step${step}`, { brand })}</p>
                )}
                {step === 1 && <FirstStep platform={platform} link={link} qrSize={qrSize} />}
              </div>
            </li>
          ))}
        </ol>
      </TabPanel>
    </div>
  );
}
