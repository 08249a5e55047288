import { QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { usePermission } from '../../../lib/api/get-permission';
import { saveFile, svgToPng } from '../poster-image';

/** The poster's own size in SVG units; the PNG is drawn at twice this, sharp enough to print at A5. */
const WIDTH = 600;
const HEIGHT = 860;
const PNG_SCALE = 2;

/**
 * An invitation link as a poster: the operator's name, a call to sign up, the QR code of the link,
 * the code and the address. Agents in the markets this product serves share such a picture in chats
 * and print it; the colours are fixed (white paper, black QR) so it scans and prints the same in
 * either theme.
 */
export function LinkPosterDialog({ code, address, onClose }: { code: string; address: string; onClose: () => void }) {
  const { t } = useTranslation('agent');
  const { data: permission } = usePermission();
  const brandName = permission?.brand.brandName ?? '';
  const poster = useRef<SVGSVGElement>(null);
  const [saving, setSaving] = useState(false);

  async function download() {
    if (!poster.current) return;
    setSaving(true);
    try {
      saveFile(
        await svgToPng(poster.current, WIDTH * PNG_SCALE, HEIGHT * PNG_SCALE),
        `${t('links.posterFile')}-${code}.png`,
      );
    } catch {
      toast.error(t('links.posterFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('links.posterTitle', { code })} size="sm">
      <svg
        ref={poster}
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="ac-poster"
        role="img"
        aria-label={t('links.posterLabel', { brand: brandName, code })}
        fontFamily="system-ui, sans-serif"
      >
        <rect width={WIDTH} height={HEIGHT} fill="#ffffff" />
        <rect width={WIDTH} height={150} fill="#4d2be8" />
        <text x={WIDTH / 2} y={92} textAnchor="middle" fill="#ffffff" fontSize={44} fontWeight={700}>
          {brandName}
        </text>
        <text x={WIDTH / 2} y={225} textAnchor="middle" fill="#1a1633" fontSize={34} fontWeight={700}>
          {t('links.posterHeadline')}
        </text>
        <text x={WIDTH / 2} y={268} textAnchor="middle" fill="#4a4560" fontSize={21}>
          {t('links.posterLead')}
        </text>
        <QRCodeSVG value={address} size={320} x={140} y={300} level="M" bgColor="#ffffff" fgColor="#000000" />
        <text x={WIDTH / 2} y={690} textAnchor="middle" fill="#4a4560" fontSize={21}>
          {t('links.posterCode')}
        </text>
        <text x={WIDTH / 2} y={740} textAnchor="middle" fill="#1a1633" fontSize={44} fontWeight={700} letterSpacing={4}>
          {code}
        </text>
        <text
          x={WIDTH / 2}
          y={810}
          textAnchor="middle"
          fill="#4a4560"
          fontSize={16}
          {...(address.length > 60 ? { textLength: WIDTH - 60, lengthAdjust: 'spacingAndGlyphs' } : {})}
        >
          {address}
        </text>
      </svg>
      <div className="ac-actions">
        <Button onClick={() => void download()} loading={saving}>
          {t('links.posterDownload')}
        </Button>
      </div>
    </Modal>
  );
}
