import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/format';
import { usePointBalance } from '../api/get-point-balance';
import '../header-points.css';

/**
 * The header's points balance: only while the operator's points switch (PTSYS3) is on and the
 * member has points. A button: it opens the points mall (`onOpen`, from the app).
 */
export function HeaderPoints({ isEnabled, onOpen }: { isEnabled: boolean; onOpen: () => void }) {
  const { t } = useTranslation('common');
  const { number } = useFormats();
  const balance = usePointBalance(isEnabled);
  const points = Number(balance.data?.points ?? '0');
  if (!isEnabled || points <= 0) return null;
  return (
    <button
      type="button"
      className="header__points"
      onClick={onOpen}
      title={t('header.pointsHint')}
      data-testid="header-points"
    >
      <span className="header__points-label">{t('header.points')}</span>
      <strong className="header__points-value">{number(points)}</strong>
    </button>
  );
}
